"""AI seats have names: a dog's name and the level, distinct at a table, never changing."""

import re

from games import services
from games.models import Game, Seat
from games.selectors import seat_name
from tests.helpers import client_for

from .conftest import create, finish, get


def ai_table(user, levels) -> int:
    return create(client_for(user), players=len(levels) + 1, ai=levels)["id"]


def test_every_ai_at_a_table_has_its_own_name_with_its_level(alice):
    game_id = ai_table(alice, ["easy", "normal", "hard", "normal", "random"])
    seats = get(client_for(alice), game_id)["seats"]
    names = [s["name"] for s in seats]
    assert names[0] == "alice"
    assert len(set(names)) == 6, names
    for seat in seats[1:]:
        assert re.fullmatch(rf"[A-Z][a-z]+ \({seat['ai_level']}\)", seat["name"]), seat


def test_an_ai_keeps_its_name_in_every_view_and_in_the_record(alice):
    game_id = ai_table(alice, ["normal", "hard"])
    client = client_for(alice)
    names = [s["name"] for s in get(client, game_id)["seats"]]
    listed = next(g for g in client.get("/api/games").json()["results"] if g["id"] == game_id)
    assert [s["name"] for s in listed["seats"]] == names
    finish(game_id)
    assert Game.objects.get(pk=game_id).status == Game.Status.FINISHED
    assert client.get(f"/api/games/{game_id}/record").json()["seats"] == names


def test_tables_name_their_ais_differently():
    # Game ids are drawn at random (games.models.new_game_id), so two tables' seats may
    # share a name by chance (a test of two tables made would fail now and then); the
    # name follows the id, so neighbouring ids never do.
    seat = Seat(game_id=2**40, number=1, ai_level="normal")
    neighbour = Seat(game_id=2**40 + 1, number=1, ai_level="normal")
    assert seat_name(seat) != seat_name(neighbour)


def test_the_name_comes_from_the_game_and_seat_alone(alice):
    game = services.game_create(user=alice, players=3, ai=["hard", "hard"], time_per_move=60)
    again = [seat_name(s) for s in Game.objects.get(pk=game.pk).seats.order_by("number")]
    assert again == [seat_name(s) for s in game.seats.order_by("number")]
