"""Hostile or odd input answered with the one error shape, never a 500 or an HTML page.

Some of it never reaches a DRF view (no route matches, Django refuses the body while
reading it), so Django's own error handlers answer; under /api/ they speak JSON too.
"""

import json

import pytest
from django.test import RequestFactory
from django.urls import get_resolver
from rest_framework.test import APIClient

from tests.helpers import PASSWORD, client_for

from .test_moves import assert_error_shape
from .test_schema import SCHEMA_URL


@pytest.fixture
def alice_client(alice):
    client = client_for(alice)
    client.raise_request_exception = False  # a 500 is an answer to check, not a crash
    return client


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/players/a%00b"),
        ("post", "/api/blocks/%00"),
        ("post", "/api/mutes/a%00"),
        ("delete", "/api/blocks/%00"),
    ],
)
def test_a_nul_byte_in_a_username_path_is_no_such_player(alice_client, method, path):
    assert_error_shape(getattr(alice_client, method)(path), 404, "not_found")


def test_a_token_with_a_nul_byte_is_not_signed_in(db):
    client = APIClient()
    client.raise_request_exception = False
    response = client.get("/api/auth/me", HTTP_AUTHORIZATION="Token a\x00b")
    assert_error_shape(response, 401, "authentication_failed")


def test_an_idempotency_key_with_a_nul_byte_is_refused(alice_client):
    game = alice_client.post("/api/games", {"players": 3}, format="json").json()
    response = alice_client.post(
        f"/api/games/{game['id']}/moves",
        {"kind": "pass", "cards": [1, 2], "version": game["version"]},
        format="json",
        HTTP_IDEMPOTENCY_KEY="retry\x00one",
    )
    assert_error_shape(response, 400, "bad_idempotency_key")


@pytest.mark.parametrize(
    "body",
    [
        '{"players": 3, "deck": "\\ud800"}',  # quoted back in "... is not a valid choice."
        '{"players": 3, "\\ud800": 1}',  # named back as an unknown field
    ],
)
def test_a_lone_surrogate_quoted_back_is_answered_as_json(alice_client, body):
    response = alice_client.post("/api/games", body, content_type="application/json")
    error = assert_error_shape(response, 400, "invalid")
    assert "\ud800" in json.dumps(error, ensure_ascii=False)  # quoted back as it came


@pytest.mark.parametrize("path", ["/api/games/null,null", "/api/games/1.5/join", "/api/nothing"])
def test_a_path_no_route_matches_is_a_json_404(alice_client, path):
    response = alice_client.get(path)
    assert response["Content-Type"] == "application/json"
    assert_error_shape(response, 404, "not_found")


def test_outside_the_api_a_missing_page_stays_html(alice_client):
    response = alice_client.get("/no-such-page")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_an_api_500_is_the_error_shape(rf: RequestFactory):
    """What Django answers when a view raised something unexpected (handler500)."""
    response = get_resolver().resolve_error_handler(500)(rf.get("/api/games"))
    assert response["Content-Type"] == "application/json"
    assert response.status_code == 500
    assert json.loads(response.content) == {
        "code": "error",
        "detail": "Something went wrong.",
        "fields": {},
    }


def test_a_body_over_the_upload_limit_is_malformed_json(alice_client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    body = json.dumps({"players": 3, "padding": "x" * 20_000})
    response = alice_client.post(
        "/api/games", body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response["Content-Type"] == "application/json"
    error = assert_error_shape(response, 400, "malformed")
    assert error["detail"] == "La requête est mal formée."


def test_too_many_query_parameters_is_malformed_json(alice_client):
    query = "&".join(f"p{i}=1" for i in range(1500))  # DATA_UPLOAD_MAX_NUMBER_FIELDS: 1000
    assert_error_shape(alice_client.get(f"/api/games?{query}"), 400, "malformed")


def test_an_email_longer_than_its_column_is_invalid(db):
    email = "a" * 250 + "@example.com"  # 262 characters; the column holds 254
    response = APIClient().post(
        "/api/auth/register",
        {"username": "longmail", "password": PASSWORD, "email": email},
        format="json",
    )
    error = assert_error_shape(response, 400, "invalid")
    assert list(error["fields"]) == ["email"]


@pytest.mark.parametrize("page", ["", "0", "x"])
def test_open_games_refuse_a_page_that_is_not_a_page_number(alice_client, page):
    error = assert_error_shape(alice_client.get(f"/api/games/open?page={page}"), 400, "invalid")
    assert list(error["fields"]) == ["page"]


def test_open_games_past_the_last_page_is_not_found(alice_client):
    assert_error_shape(alice_client.get("/api/games/open?page=2"), 404, "not_found")


# --- what the schema calls valid, the server accepts ----------------------------------


@pytest.fixture
def schema(alice_client) -> dict:
    return alice_client.get(SCHEMA_URL).json()


def request_schema(schema: dict, path: str, method: str = "post") -> dict:
    body = schema["paths"][path][method]["requestBody"]["content"]["application/json"]
    name = body["schema"]["$ref"].rsplit("/", 1)[1]
    return schema["components"]["schemas"][name]


def test_blank_chat_text_is_outside_the_schema(schema, alice_client):
    text = request_schema(schema, "/api/games/{game_id}/chat")["properties"]["text"]
    assert text["minLength"] == 1
    assert text["pattern"] == r"\S"  # whitespace alone is blank once trimmed
    game = alice_client.post("/api/games", {"players": 3}, format="json").json()["id"]
    for blank in ("", "   "):
        response = alice_client.post(f"/api/games/{game}/chat", {"text": blank}, format="json")
        assert_error_shape(response, 400, "invalid")


def test_a_move_with_an_empty_card_list_is_outside_the_schema(schema):
    cards = request_schema(schema, "/api/games/{game_id}/moves")["properties"]["cards"]
    assert cards["minItems"] == 1


@pytest.mark.parametrize(
    ("path", "component"),
    [
        ("/api/auth/login", "Login"),
        ("/api/auth/password", "PasswordChange"),
        ("/api/reports", "ReportCreate"),
        ("/api/push/subscriptions", "Keys"),
    ],
)
def test_every_text_field_that_refuses_blank_says_so_in_the_schema(schema, path, component):
    """A StrictCharField without `allow_blank` documents `minLength: 1`; the others don't."""
    properties = schema["components"]["schemas"][component]["properties"]
    strings = {name: p for name, p in properties.items() if p.get("type") == "string"}
    assert strings
    for name, prop in strings.items():
        if name == "comment":  # a report's comment may be empty
            assert "minLength" not in prop
        else:
            assert prop.get("minLength", 0) >= 1, name


def test_a_username_in_a_path_has_the_usernames_pattern(schema):
    for path in ("/api/players/{username}", "/api/mutes/{username}", "/api/blocks/{username}"):
        [parameter] = next(iter(schema["paths"][path].values()))["parameters"]
        assert parameter["schema"]["pattern"] == "^[A-Za-z0-9_-]{3,20}$"


def test_every_request_body_is_json_without_unknown_fields(schema):
    """Form bodies can't carry the strict types, and unknown fields are refused: the
    schema offers JSON only and says `additionalProperties: false`."""
    bodies = {
        f"{method.upper()} {path}": operation["requestBody"]
        for path, methods in schema["paths"].items()
        for method, operation in methods.items()
        if "requestBody" in operation
    }
    assert len(bodies) > 10
    for label, body in bodies.items():
        assert list(body["content"]) == ["application/json"], label
        name = body["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
        assert schema["components"]["schemas"][name]["additionalProperties"] is False, label


def test_unsubscribing_documents_the_body_it_needs(schema):
    body = schema["paths"]["/api/push/subscriptions"]["delete"]["requestBody"]
    assert body["required"] is True
    assert "endpoint" in request_schema(schema, "/api/push/subscriptions", "delete")["required"]


def test_seconds_per_move_say_which_values_the_server_takes(schema):
    components = schema["components"]["schemas"]
    create = components["GameCreate"]["properties"]["time_per_move"]
    assert create["anyOf"] == [
        {"minimum": 15, "maximum": 300},
        {"minimum": 3600, "maximum": 259200},
    ]
    queue = components["QueueJoin"]["properties"]["time_per_move"]
    [ref] = [part["$ref"] for part in queue.get("allOf", [queue]) if "$ref" in part]
    assert components[ref.rsplit("/", 1)[1]]["enum"] == [30, 60, 86400, 259200]
