"""A private table is not there for a stranger: every endpoint answers them exactly what
it answers for a game that does not exist (status, code, detail and fields), so nobody
can tell a private game from a missing one by asking."""

import pytest

from games.models import Game
from moderation.models import ChatMessage
from tests.helpers import client_for

from .conftest import human_table, open_table, version


@pytest.fixture
def trio(make_user_rolled_back):
    """alice, bob and carol, for tests that run in one rolled-back transaction."""
    return [make_user_rolled_back(name) for name in ("alice", "bob", "carol")]


@pytest.fixture
def stranger(make_user_rolled_back):
    return client_for(make_user_rolled_back("stranger"))


def missing_id() -> int:
    return (Game.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1000


def answer(response) -> tuple:
    return response.status_code, response.json()


def both(stranger, game_id, method, path, body=None) -> tuple[tuple, tuple]:
    """The stranger's answer for the private game and for a missing one, same request."""
    call = getattr(stranger, method)
    mine = call(f"/api/games/{game_id}{path}", body, format="json")
    missing = call(f"/api/games/{missing_id()}{path}", body, format="json")
    return answer(mine), answer(missing)


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("get", "", None),
        ("post", "/join", {}),
        ("post", "/join", {"invite_code": "not-the-code"}),
        ("post", "/leave", None),
        ("get", "/record", None),
        ("get", "/rounds", None),
        ("get", "/chat", None),
        ("post", "/chat", {"text": "hello"}),
    ],
)
def test_an_open_private_table_looks_missing(trio, stranger, method, path, body):
    game_id = open_table(trio[0], players=4, private=True)
    mine, missing = both(stranger, game_id, method, path, body)
    assert mine == missing
    assert mine[1]["code"] == "not_found"


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "/join", {"invite_code": "not-the-code"}),
        ("post", "/leave", None),
        ("post", "/retake", None),
        ("post", "/resign", None),
        ("get", "/record", None),
        ("get", "/rounds", None),
        ("post", "/chat", {"text": "hello"}),
    ],
)
def test_a_running_private_table_looks_missing(trio, stranger, method, path, body):
    game_id, _ = human_table(trio, private=True)
    mine, missing = both(stranger, game_id, method, path, body)
    assert mine == missing
    assert mine[1]["code"] == "not_found"


def test_a_move_at_a_private_table_looks_like_a_move_at_a_missing_one(trio, stranger):
    game_id, _ = human_table(trio, private=True)
    body = {"kind": "pass", "cards": [1, 2], "version": version(game_id)}
    mine, missing = both(stranger, game_id, "post", "/moves", body)
    assert mine == missing
    assert mine[1]["code"] == "not_found"


def test_reporting_a_message_of_a_private_table_looks_like_a_missing_message(trio, stranger):
    game_id, _ = human_table(trio, private=True)
    said = ChatMessage.objects.create(game_id=game_id, user=trio[1], text="hush")
    gone = said.pk + 1000

    def report(message_id):
        body = {"user": "bob", "reason": "abusive_chat", "message": message_id}
        return answer(stranger.post("/api/reports", body, format="json"))

    assert report(said.pk) == report(gone)
    assert report(said.pk)[1]["code"] == "not_found"


def test_reporting_a_private_table_looks_like_reporting_a_missing_one(trio, stranger):
    game_id, _ = human_table(trio, private=True)

    def report(game):
        body = {"user": "bob", "reason": "stalling", "game": game}
        return answer(stranger.post("/api/reports", body, format="json"))

    assert report(game_id) == report(missing_id())
    assert report(game_id)[1]["code"] == "not_found"
