"""Who may call what: every endpoint x (creator, other player, outsider, anonymous).

Private games do not exist for outsiders (404); public ones are visible to anybody
logged in, but only players act in them (403 `not_a_player`). Anonymous requests are
refused with `not_authenticated` (401 or 403, whichever authentication scheme answers).
"""

import pytest
from rest_framework.test import APIClient

from tests.helpers import client_for

from .conftest import finished_table, get, human_table, open_table, version

ANONYMOUS = "anonymous"
ROLES = ("creator", "player", "outsider", ANONYMOUS)


# Human-only tables: nothing here waits for `on_commit`, so each test runs inside one
# rolled-back transaction (see `make_user_rolled_back`).
@pytest.fixture
def alice(make_user_rolled_back):
    return make_user_rolled_back("alice")


@pytest.fixture
def bob(make_user_rolled_back):
    return make_user_rolled_back("bob")


@pytest.fixture
def carol(make_user_rolled_back):
    return make_user_rolled_back("carol")


@pytest.fixture
def outsider(make_user_rolled_back):
    return make_user_rolled_back("outsider")


def call(endpoint, client, game_id, seat):
    url = f"/api/games/{game_id}"
    if endpoint == "list":
        return client.get("/api/games")
    if endpoint == "create":
        return client.post("/api/games", {"players": 3}, format="json")
    if endpoint == "open":
        return client.get("/api/games/open")
    if endpoint == "detail":
        return client.get(url)
    if endpoint == "join":
        return client.post(f"{url}/join", {}, format="json")
    if endpoint == "leave":
        return client.post(f"{url}/leave")
    if endpoint == "moves":
        cards = [1, 1] if seat is None else get(client, game_id)["view"]["legal_moves"][0]["cards"]
        return client.post(
            f"{url}/moves",
            {"kind": "pass", "cards": cards, "version": version(game_id)},
            format="json",
        )
    if endpoint == "retake":
        return client.post(f"{url}/retake")
    if endpoint in ("record", "record-finished"):
        return client.get(f"{url}/record")
    raise AssertionError(endpoint)


# (endpoint, private) -> the status (and code) each role gets.
MATRIX = {
    ("list", False): {"creator": 200, "player": 200, "outsider": 200},
    ("create", False): {"creator": 201, "player": 201, "outsider": 201},
    ("open", False): {"creator": 200, "player": 200, "outsider": 200},
    ("detail", False): {"creator": 200, "player": 200, "outsider": 200},
    ("detail", True): {"creator": 200, "player": 200, "outsider": (404, "not_found")},
    ("join", False): {
        "creator": (409, "already_seated"),
        "player": (409, "already_seated"),
        "outsider": 200,
    },
    ("join", True): {  # without the invite code
        "creator": (409, "already_seated"),
        "player": (409, "already_seated"),
        "outsider": (404, "not_found"),
    },
    ("leave", False): {"creator": 204, "player": 204, "outsider": (403, "not_a_player")},
    ("leave", True): {"creator": 204, "player": 204, "outsider": (404, "not_found")},
    ("moves", False): {"creator": 200, "player": 200, "outsider": (403, "not_a_player")},
    ("moves", True): {"creator": 200, "player": 200, "outsider": (404, "not_found")},
    ("retake", False): {
        "creator": (409, "already_playing"),
        "player": (409, "already_playing"),
        "outsider": (403, "not_a_player"),
    },
    ("retake", True): {
        "creator": (409, "already_playing"),
        "player": (409, "already_playing"),
        "outsider": (404, "not_found"),
    },
    ("record", False): {
        "creator": (409, "game_running"),
        "player": (409, "game_running"),
        "outsider": (409, "game_running"),
    },
    ("record", True): {
        "creator": (409, "game_running"),
        "player": (409, "game_running"),
        "outsider": (404, "not_found"),
    },
    ("record-finished", False): {"creator": 200, "player": 200, "outsider": 200},
    ("record-finished", True): {"creator": 200, "player": 200, "outsider": (404, "not_found")},
}
CASES = [
    pytest.param(endpoint, private, role, expected.get(role), id=f"{endpoint}-{kind}-{role}")
    for (endpoint, private), expected in MATRIX.items()
    for kind in ["private" if private else "public"]
    for role in ROLES
]


@pytest.mark.parametrize(("endpoint", "private", "role", "expected"), CASES)
def test_who_may_call_what(alice, bob, carol, outsider, endpoint, private, role, expected):
    game_id = None
    if endpoint in ("join", "leave"):
        game_id = open_table(alice, bob, private=private)
    elif endpoint == "record-finished":
        game_id, _ = finished_table([alice, bob, carol], private=private)
    elif endpoint in ("detail", "moves", "retake", "record"):
        game_id, _ = human_table([alice, bob, carol], private=private)
    user = {"creator": alice, "player": bob, "outsider": outsider}.get(role)
    client = client_for(user) if user else APIClient()
    seat = {"creator": 0, "player": 1}.get(role)
    response = call(endpoint, client, game_id, seat)
    if role == ANONYMOUS:
        assert response.status_code in (401, 403), response.content
        assert response.json()["code"] == "not_authenticated"
        return
    status, code = expected if isinstance(expected, tuple) else (expected, None)
    assert response.status_code == status, response.content
    if code is not None:
        assert response.json()["code"] == code
