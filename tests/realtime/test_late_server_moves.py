"""A server move (the autopilot's on a timeout, the AI's) decided while a person's move
ends the game loses the race quietly: nothing to do is no error, and the worker logs no
traceback, only a line at INFO."""

import logging
import random

import pytest

from games import autoplay, engine, services, tasks
from games.models import Game, GameEvent
from games.services import Actor
from tests.helpers import expire_turn, person_move


def one_move_from_the_end(game: Game) -> dict:
    """Store `game` two moves before its end (random moves by the pure engine, no events),
    make the first of them for real, so that the seats' clocks are the last mover's, and
    return the last: `{"seat", "kind", "cards"}`."""
    rng, state, history = random.Random(0), game.state, []
    while state["phase"] != engine.OVER:
        seat = engine.to_act(state)[0]
        move = {"seat": seat, **rng.choice(engine.legal_moves(state, seat))}
        history.append((state, move))
        state, _ = engine.apply(state, move)
    (before, penultimate), (_, last) = history[-2:]
    Game.objects.filter(pk=game.pk).update(state=before)
    seat = penultimate.pop("seat")
    services.apply_move(game.pk, Actor("player", seat), penultimate, game.version)
    return last


@pytest.fixture
def deciding_while(monkeypatch):
    """`deciding_while(action)`: the server's next decision takes long enough for
    `action(game)` to commit before the server's move is applied."""

    def install(action):
        decide = autoplay.decide

        def slow(game, *args, **kwargs):
            move = decide(game, *args, **kwargs)
            action(game)
            return move

        monkeypatch.setattr(autoplay, "decide", slow)

    return install


def quiet(caplog) -> bool:
    """Nothing at WARNING or above, and the race told at INFO."""
    loud = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert loud == []
    return any("moved on" in r.getMessage() for r in caplog.records if r.name == "games.play")


def test_the_timeout_losing_to_the_person_s_last_card_answers_quietly(
    table, alice, bob, carol, deciding_while, caplog
):
    people = [alice, bob, carol]
    last = one_move_from_the_end(table)
    game = Game.objects.get(pk=table.pk)
    expire_turn(game)

    def person_plays_it(game):
        person_move(
            game_id=game.pk,
            user=people[last["seat"]],
            kind=last["kind"],
            cards=last["cards"],
            version=game.version,
        )

    deciding_while(person_plays_it)
    with caplog.at_level(logging.INFO):
        assert tasks.sweep()["timeouts"] == 0  # the beat task, as the worker runs it
    assert quiet(caplog)
    assert Game.objects.get(pk=table.pk).status == Game.Status.FINISHED
    assert GameEvent.objects.filter(game=table, actor="timeout").count() == 0
    assert GameEvent.objects.filter(game=table).latest("version").actor == "player"


def test_the_ai_s_turn_losing_to_the_game_s_end_answers_quietly(
    alice, memory_layer, queued, deciding_while, caplog
):
    game = services.game_create(user=alice, players=3, ai=["random", "random"], time_per_move=15)
    deciding_while(lambda game: services.game_abort(game_id=game.pk, reason="test"))
    with caplog.at_level(logging.INFO):
        tasks.ai_move(game.pk, game.version)
    assert quiet(caplog)
    assert not GameEvent.objects.filter(game=game, actor="ai").exists()
