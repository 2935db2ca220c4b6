"""Private games are seen by their players only: no public profile, list or figure shows
them to anyone else; a player's own profile does."""

import pytest

from games.models import Game
from matchmaking import services
from matchmaking.models import RatingChange
from tests.helpers import client_for

from .test_ratings import finished


@pytest.fixture
def games(alice, bob, carol):
    """alice won a public rated game and lost a private one (rated before private tables
    could not be: its rating change is stored)."""
    public = finished([alice, bob, carol], [[1], [2, 3], [4, 5, 6]], losers=[2])
    private = finished([bob, carol, alice], [[1], [2, 3], [4, 5, 6, 7]], losers=[2])
    services.rate_game(public)
    services.rate_game(private)
    Game.objects.filter(pk=private.pk).update(private=True)
    return public, private


def profile(viewer, name="alice") -> dict:
    response = client_for(viewer).get(f"/api/players/{name}")
    assert response.status_code == 200
    return response.json()


def games_in(body: dict) -> set[int]:
    return {g["id"] for g in body["recent_games"]} | {c["game"] for c in body["rating_history"]}


@pytest.mark.parametrize("who", ["anonymous", "bob", "outsider"])
def test_a_private_game_is_on_no_one_elses_view_of_a_profile(who, games, bob, outsider):
    public, private = games
    viewer = {"anonymous": None, "bob": bob, "outsider": outsider}[who]
    body = profile(viewer)
    assert games_in(body) == {public.pk}
    assert (body["games_played"], body["wins"], body["losses"]) == (1, 1, 0)
    assert body["average_doghouse_cards"] == 1.0
    assert body["reputation"]["games"] == 1
    assert body["correspondence_games"] is None
    assert str(private.pk) not in client_for(viewer).get("/api/players/alice").content.decode()


def test_a_player_sees_their_own_private_games_on_their_profile(games, alice):
    public, private = games
    body = profile(alice)
    assert games_in(body) == {public.pk, private.pk}
    assert (body["games_played"], body["wins"], body["losses"]) == (2, 1, 1)
    assert body["correspondence_games"] == {"running": 0, "limit": 20}


def test_a_reputation_in_the_lobby_counts_public_games_only(games, alice, bob):
    Game.objects.filter(pk=games[0].pk).update(private=True)  # now both are private
    table = client_for(alice).post("/api/games", {"players": 3}, format="json").json()
    [listed] = client_for(bob).get("/api/games/open").json()["results"]
    assert listed["id"] == table["id"]
    assert listed["seats"][0]["reputation"] == {"games": 0, "finished": None, "on_time": None}


def test_a_private_game_moves_no_rating(alice, bob, carol):
    game = finished([alice, bob, carol], [[1], [2, 3], [4, 5, 6]], losers=[2])
    Game.objects.filter(pk=game.pk).update(private=True)
    game.refresh_from_db()
    assert services.rate_game(game) == []
    assert not RatingChange.objects.exists()


def test_a_private_table_cannot_be_rated(alice):
    body = {"players": 3, "rated": True, "private": True}
    response = client_for(alice).post("/api/games", body, format="json")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["rated"]
    assert not Game.objects.exists()
