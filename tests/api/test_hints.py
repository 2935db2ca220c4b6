"""The hint: `swift`'s move for the asker's own seat, in unrated games against the AI only,
built from that seat's view alone; refused otherwise in the one error shape."""

import random

from games import engine
from games.ai import choose_move
from games.models import Game
from tests.helpers import client_for

from .conftest import create, get, human_table, move


def hint(client, game_id):
    return client.get(f"/api/games/{game_id}/hint")


def ai_game(user, **fields) -> int:
    """`user` at seat 0 of a started table, the other two seats `normal` AI."""
    return create(client_for(user), ai=["normal", "normal"], **fields)["id"]


def test_the_hint_is_swift_s_move_from_the_seat_s_own_view(alice):
    game_id = ai_game(alice)
    answer = hint(client_for(alice), game_id)
    assert answer.status_code == 200, answer.json()
    game = Game.objects.get(pk=game_id)
    view = engine.view(game.state, 0)
    assert answer.json() == {
        "move": choose_move("swift", view, random.Random(0)),
        "version": game.version,
    }
    assert answer.json()["move"] in view["legal_moves"]


def test_the_hint_follows_the_game_into_its_tricks(alice):
    game_id = ai_game(alice)
    client = client_for(alice)
    suggested = hint(client, game_id).json()["move"]
    assert move(client, game_id, suggested["kind"], suggested["cards"]).status_code == 200
    game = Game.objects.get(pk=game_id)
    view = engine.view(game.state, 0)
    assert view["phase"] == "tricks" and view["legal_moves"]  # the AI seats moved eagerly
    answer = hint(client, game_id).json()
    assert answer["move"] == choose_move("swift", view, random.Random(1))
    assert answer["version"] == game.version


def test_a_table_against_the_ai_says_it_offers_hints(alice):
    assert get(client_for(alice), ai_game(alice))["hints"] is True


def test_a_rated_game_offers_no_hint(alice):
    game_id = ai_game(alice, rated=True)
    assert get(client_for(alice), game_id)["hints"] is False
    answer = hint(client_for(alice), game_id)
    assert answer.status_code == 403
    assert answer.json()["code"] == "no_hints"


def test_a_table_of_people_only_offers_no_hint(alice, bob, carol):
    game_id, clients = human_table([alice, bob, carol])
    assert get(clients[0], game_id)["hints"] is False
    answer = hint(clients[0], game_id)
    assert answer.status_code == 403
    assert answer.json()["code"] == "no_hints"


def test_no_hint_while_it_is_not_your_turn(alice, bob):
    game = create(client_for(alice), players=4, ai=["normal", "normal"])
    join = client_for(bob).post(f"/api/games/{game['id']}/join", {}, format="json")
    assert join.status_code == 200
    alice_client = client_for(alice)
    passed = get(alice_client, game["id"])["view"]["legal_moves"][0]
    assert move(alice_client, game["id"], "pass", passed["cards"]).status_code == 200
    assert get(alice_client, game["id"])["view"]["legal_moves"] == []  # bob has not passed
    answer = hint(alice_client, game["id"])
    assert answer.status_code == 409
    assert answer.json()["code"] == "not_your_turn"
    assert hint(client_for(bob), game["id"]).status_code == 200


def test_no_hint_before_the_table_starts(alice):
    game = create(client_for(alice), players=3, ai=["normal"])
    answer = hint(client_for(alice), game["id"])
    assert answer.status_code == 409
    assert answer.json()["code"] == "not_active"


def test_no_hint_for_a_seat_the_ai_plays(alice, bob):
    # bob's seat waits for him: the game cannot play itself out after alice resigns
    game = create(client_for(alice), players=4, ai=["normal", "normal"])
    assert (
        client_for(bob).post(f"/api/games/{game['id']}/join", {}, format="json").status_code == 200
    )
    client = client_for(alice)
    assert client.post(f"/api/games/{game['id']}/resign").status_code == 200
    answer = hint(client, game["id"])
    assert answer.status_code == 409
    assert answer.json()["code"] == "seat_on_autopilot"


def test_a_spectator_gets_no_hint(alice, outsider):
    answer = hint(client_for(outsider), ai_game(alice))
    assert answer.status_code == 403
    assert answer.json()["code"] == "not_a_player"


def test_a_private_game_s_hint_is_as_missing_as_a_game_that_never_was(alice, outsider):
    game_id = ai_game(alice, private=True)
    private = hint(client_for(outsider), game_id)
    missing = hint(client_for(outsider), game_id + 1)
    assert private.status_code == missing.status_code == 404
    assert private.json() == missing.json()


def test_signed_out_no_hint(alice):
    answer = hint(client_for(), ai_game(alice))
    assert answer.status_code in (401, 403)
    assert answer.json()["code"] == "not_authenticated"
