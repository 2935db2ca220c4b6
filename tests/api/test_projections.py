"""The columns that repeat part of a game's state (games/models.py) always agree with it:
`Game.result`, `Game.seed`, `Seat.to_act` and the doghouses, after every kind of change."""

import random

from games import engine, services
from games.models import Doghouse, Game
from games.services import Actor

from .conftest import human_table


def assert_projections_agree(game_id) -> None:
    game = Game.objects.get(pk=game_id)
    to_act = {s.number for s in game.seats.all() if s.to_act}
    if game.state is None:
        assert game.result is None and not to_act
        return
    state = game.state
    assert game.result == state["result"]
    assert game.seed == state["seed"]
    assert to_act == (set(engine.to_act(state)) if game.status == Game.Status.ACTIVE else set())
    doghouses = dict(Doghouse.objects.filter(game=game).values_list("seat", "cards"))
    assert [doghouses.get(n, []) for n in range(game.players)] == state["doghouses"]


def play_one(game_id, rng) -> Game:
    game = Game.objects.get(pk=game_id)
    seat = engine.to_act(game.state)[0]
    move = rng.choice(engine.legal_moves(game.state, seat))
    return services.apply_move(game_id, Actor("player", seat), move, game.version)


def test_a_whole_game_keeps_its_projections(alice, bob, carol):
    game_id, _ = human_table([alice, bob, carol])
    assert_projections_agree(game_id)
    rng = random.Random(1)
    while Game.objects.get(pk=game_id).status == Game.Status.ACTIVE:
        play_one(game_id, rng)
        assert_projections_agree(game_id)
    assert Game.objects.get(pk=game_id).result is not None


def test_an_aborted_game_has_nobody_to_act(alice, bob, carol):
    game_id, _ = human_table([alice, bob, carol])
    play_one(game_id, random.Random(2))
    assert services.game_abort(game_id=game_id, reason="test") is not None
    assert_projections_agree(game_id)


def test_joins_resignations_and_retakes_keep_them(alice, bob, carol):
    game = services.game_create(user=alice, players=3, time_per_move=300)
    assert_projections_agree(game.pk)
    services.game_join(game_id=game.pk, user=bob)
    assert_projections_agree(game.pk)
    services.game_join(game_id=game.pk, user=carol)
    assert_projections_agree(game.pk)
    services.seats_to_autopilot(user=bob)
    assert_projections_agree(game.pk)
    services.seat_retake(game_id=game.pk, user=bob)
    services.game_resign(game_id=game.pk, user=carol)
    assert_projections_agree(game.pk)
