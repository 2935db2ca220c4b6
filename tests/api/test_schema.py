"""The OpenAPI schema: valid, complete for the games API, and true to the running API.

The last test is a Schemathesis run over every documented operation, authenticated with
a token, checking that nothing answers 500 and every response matches its schema.
"""

import itertools

import pytest
import schemathesis
from drf_spectacular.validation import validate_schema
from hypothesis import HealthCheck, Phase, given, settings
from rest_framework.authtoken.models import Token
from rest_framework.throttling import SimpleRateThrottle
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

import games.urls
from barkside.wsgi import application
from tests.helpers import PASSWORD, client_for

from .conftest import create

SCHEMA_URL = "/api/schema/?format=json"
GAMES_OPERATIONS = {
    ("/api/games", "get"): {400, 401, 403},
    ("/api/games", "post"): {400, 401, 403},
    ("/api/games/open", "get"): {401, 403},
    ("/api/games/settings", "get"): {401, 403},
    ("/api/games/settings", "patch"): {400, 401, 403},
    ("/api/games/vacation", "post"): {400, 401, 403, 409, 429},
    ("/api/games/vacation", "delete"): {401, 403},
    ("/api/games/{game_id}/expel", "post"): {400, 401, 403, 404, 409},
    ("/api/games/{game_id}", "get"): {401, 403, 404},
    ("/api/games/{game_id}/join", "post"): {400, 401, 403, 404, 409},
    ("/api/games/{game_id}/leave", "post"): {401, 403, 404, 409},
    ("/api/games/{game_id}/moves", "post"): {400, 401, 403, 404, 409, 422, 429},
    ("/api/games/{game_id}/retake", "post"): {401, 403, 404, 409},
    ("/api/games/{game_id}/record", "get"): {401, 403, 404, 409},
    ("/api/games/{game_id}/rounds", "get"): {401, 403, 404},
    ("/api/games/{game_id}/resign", "post"): {401, 403, 404, 409},
    ("/api/games/{game_id}/analyses", "post"): {400, 401, 403, 404, 409, 429},
    ("/api/games/{game_id}/analyses/{seat}", "get"): {401, 403, 404},
    ("/api/games/{game_id}/hint", "get"): {401, 403, 404, 409},
}


@pytest.fixture
def openapi(alice):
    response = client_for(alice).get(SCHEMA_URL)
    assert response.status_code == 200
    return response.json()


def test_the_schema_is_valid_openapi(openapi):
    validate_schema(openapi)  # raises on an invalid document


@pytest.mark.parametrize(
    ("path", "method"), GAMES_OPERATIONS, ids=[f"{m.upper()} {p}" for p, m in GAMES_OPERATIONS]
)
def test_the_schema_documents_every_games_endpoint_and_its_errors(openapi, path, method):
    operation = openapi["paths"][path][method]
    documented = {int(code) for code in operation["responses"] if code != "default"}
    errors = GAMES_OPERATIONS[(path, method)]
    assert errors <= documented, f"undocumented: {errors - documented}"
    for code in errors:
        content = operation["responses"][str(code)]["content"]["application/json"]
        assert content["schema"] == {"$ref": "#/components/schemas/Error"}
    assert operation.get("summary")


def test_the_move_operation_documents_its_idempotency_key(openapi):
    parameters = openapi["paths"]["/api/games/{game_id}/moves"]["post"]["parameters"]
    assert any(p["name"] == "Idempotency-Key" and p["in"] == "header" for p in parameters)


def test_the_schema_documents_every_games_url(openapi):
    routes = {
        "/api/"
        + str(pattern.pattern)
        .replace("<game_id:game_id>", "{game_id}")
        .replace("<seat:seat>", "{seat}")
        for pattern in games.urls.urlpatterns
    }
    assert routes <= set(openapi["paths"])
    assert {path for path, _ in GAMES_OPERATIONS} == routes


@pytest.fixture
def token(alice, bob, monkeypatch):
    """Alice's API token, with a game of hers to find and the login throttle lifted."""
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "auth", "100000/min")
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "anon", "100000/min")
    create(client_for(alice), players=3)
    create(client_for(bob), players=3, ai=["random", "random"])
    return Token.objects.create(user=alice).key


@pytest.fixture
def moderator_token(moderator):
    return Token.objects.create(user=moderator).key


# They end the token they are called with: each example gets a fresh user and token.
FRESH_TOKEN_OPERATIONS = {"POST /api/auth/logout", "POST /api/auth/password"}


@pytest.fixture
def fresh_token(django_user_model):
    """`fresh_token()`: the API token of a new user whose password is PASSWORD."""
    made = itertools.count()

    def make() -> str:
        user = django_user_model.objects.create_user(f"fresh{next(made)}", password=PASSWORD)
        return Token.objects.create(user=user).key

    return make


def test_every_operation_answers_without_error_and_as_documented(
    token, moderator_token, fresh_token, alice
):
    """Schemathesis over every operation, as alice with her token; the operations marked
    `x-moderators-only` as a moderator, last (they may warn, mute or ban whoever they hit);
    logout and password change with a fresh user's token each time, every other password
    change with the right old password and a strong new one, so both succeed as well as fail.

    Run through Hypothesis directly: schemathesis' pytest plugin (`from_fixture`) fails on
    pytest 9 (`Function` has no `_nodeid`), and loading the schema at import would need
    the database before pytest-django allows it.
    """
    api = schemathesis.openapi.from_wsgi(SCHEMA_URL, application)
    failures, statuses, turns = {}, {}, itertools.count()
    operations = sorted((result.ok() for result in api.get_all_operations()), key=moderators_only)
    assert len(operations) >= len(GAMES_OPERATIONS)
    assert any(map(moderators_only, operations))
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=30,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
            phases=[Phase.explicit, Phase.generate],
        )
        def call(case):
            key = moderator_token if moderators_only(case.operation) else token
            if case.operation.label in FRESH_TOKEN_OPERATIONS:
                key = fresh_token()
                if isinstance(case.body, dict) and "old_password" in case.body and next(turns) % 2:
                    case.body.update(old_password=PASSWORD, new_password=f"Doghouse-{key[:8]}")
            response = case.call_and_validate(
                headers={"Authorization": f"Token {key}"},
                checks=[not_a_server_error, response_schema_conformance],
            )
            statuses.setdefault(case.operation.label, set()).add(response.status_code)

        try:
            call()
        except BaseExceptionGroup as e:  # Schemathesis' FailureGroup: report them all
            failures[operation.label] = str(e)[:3000]
    for label, seen in statuses.items():  # the token worked: every operation got past auth
        if not seen - {401, 403}:
            failures[label] = f"only answered {seen}"
    assert 204 in statuses["POST /api/auth/logout"]
    assert 200 in statuses["POST /api/auth/password"]
    assert not failures, "\n\n".join(f"{label}:\n{error}" for label, error in failures.items())


def moderators_only(operation) -> bool:
    return bool(operation.definition.raw.get("x-moderators-only"))
