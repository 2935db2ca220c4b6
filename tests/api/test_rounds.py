"""`GET /api/games/<id>/rounds`: the finished rounds a view's `last_round` leaves out."""

from games import engine
from games.models import Game
from tests.helpers import client_for

from .conftest import create, finished_table, human_table


def test_every_finished_round_is_answered_as_everyone_sees_it(alice, bob, carol, outsider):
    game_id, clients = finished_table([alice, bob, carol])
    rounds = engine.past_rounds(Game.objects.get(pk=game_id).state)
    assert len(rounds) > 1
    for client in (*clients, client_for(outsider)):
        body = client.get(f"/api/games/{game_id}/rounds").json()
        assert body["rounds"] == rounds
        assert body["id"] == game_id


def test_the_newest_finished_round_is_the_views_last_round(alice, bob, carol):
    game_id, clients = finished_table([alice, bob, carol])
    game = clients[0].get(f"/api/games/{game_id}").json()
    rounds = clients[0].get(f"/api/games/{game_id}/rounds").json()
    assert rounds["version"] == game["version"]
    assert rounds["rounds"][-1] == game["view"]["last_round"]
    assert "history" not in game["view"]


def test_a_game_in_its_first_round_has_no_finished_rounds(alice, bob, carol):
    game_id, clients = human_table([alice, bob, carol])
    assert clients[0].get(f"/api/games/{game_id}/rounds").json()["rounds"] == []
    assert clients[0].get(f"/api/games/{game_id}").json()["view"]["last_round"] is None


def test_a_table_that_never_started_has_no_finished_rounds(alice):
    game = create(client_for(alice), players=4)
    response = client_for(alice).get(f"/api/games/{game['id']}/rounds")
    assert response.status_code == 200
    assert response.json()["rounds"] == []


def test_the_rounds_of_a_missing_game_are_not_found(alice):
    response = client_for(alice).get("/api/games/987654/rounds")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
