"""The game limit: at most 20 running correspondence games, plus one per 10 finished; a
clear 409 `game_limit` when creating, joining or queueing beyond it; the figure shown."""

import pytest

from games import services
from games.errors import GameError
from games.models import Game
from matchmaking import services as matchmaking
from tests.helpers import client_for

DAY = 86400


@pytest.fixture
def at_the_limit(alice):
    """alice has 20 open correspondence tables (open tables count as running); private,
    as the lobby holds only OPEN_TABLES_PER_PERSON public ones of hers."""
    for _ in range(20):
        services.game_create(user=alice, players=3, time_per_move=DAY, private=True)


def create(user, seconds=DAY, **headers):
    body = {"players": 3, "time_per_move": seconds}
    return client_for(user).post("/api/games", body, format="json", **headers)


def test_the_21st_correspondence_game_is_refused(at_the_limit, alice):
    response = create(alice)
    assert (response.status_code, response.json()["code"]) == (409, "game_limit")
    assert (response.json()["running"], response.json()["limit"]) == (20, 20)
    assert "20" in response.json()["detail"]


def test_the_refusal_is_translated(at_the_limit, alice):
    response = create(alice, HTTP_ACCEPT_LANGUAGE="de")
    assert response.json()["detail"].startswith("Du hast dein Limit von 20 laufenden Fernpartien")


def test_live_games_do_not_count(at_the_limit, alice):
    assert create(alice, seconds=60).status_code == 201


def test_joining_beyond_the_limit_is_refused(at_the_limit, alice, bob):
    table = services.game_create(user=bob, players=3, time_per_move=DAY)
    response = client_for(alice).post(f"/api/games/{table.pk}/join", {}, format="json")
    assert (response.status_code, response.json()["code"]) == (409, "game_limit")


def test_queueing_beyond_the_limit_is_refused(at_the_limit, alice):
    with pytest.raises(GameError) as refused:
        matchmaking.queue_join(user=alice, sizes=[3], time_per_move=DAY, rated=False, ai_fill=False)
    assert refused.value.code == "game_limit"


def test_every_ten_finished_games_add_one(at_the_limit, alice):
    ids = list(Game.objects.filter(seats__user=alice).values_list("pk", flat=True)[:10])
    Game.objects.filter(pk__in=ids).update(status=Game.Status.FINISHED)
    assert client_for(alice).get("/api/games/settings").json()["game_limit"] == {
        "running": 10,
        "limit": 21,
    }


def test_the_own_profile_shows_the_figure_and_no_one_elses(at_the_limit, alice, bob):
    # Private games count in it: the figure is the player's own.
    profile = client_for(alice).get("/api/players/alice").json()
    assert profile["correspondence_games"] == {"running": 20, "limit": 20}
    assert client_for(bob).get("/api/players/alice").json()["correspondence_games"] is None
