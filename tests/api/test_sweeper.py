"""The sweeper finds what is due through the games' due times (games/due.py): a sweep's work
follows the games due, never the games held."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import services
from games.due import AI_STALL, IDLE_ABORT
from games.models import Game, GameDue, GameEvent
from tests.helpers import expire_turn


@pytest.fixture
def tables(make_user, queued):
    """`tables(n)`: n running correspondence tables of three new people each."""
    made = []

    def make(n):
        for _ in range(n):
            people = [make_user(f"p{len(made)}-{i}") for i in range(3)]
            game = services.game_create(user=people[0], players=3, time_per_move=86400)
            for person in people[1:]:
                game = services.game_join(game_id=game.pk, user=person)
            made.append(game)
        return made

    return make


def swept(now=None) -> tuple[dict, list[str]]:
    """The sweep's result and its statements."""
    with CaptureQueriesContext(connection) as queries:
        result = services.sweep(now=now)
    return result, [q["sql"] for q in queries]


def test_every_change_stores_the_games_next_due_time(tables):
    (game,) = tables(1)
    due = GameDue.objects.get(game=game)
    game.refresh_from_db()
    assert game.turn_deadline is not None and due.at == game.turn_deadline


def test_a_game_that_ends_is_due_no_more(tables):
    (game,) = tables(1)
    services.game_abort(game_id=game.pk, reason="test")
    assert GameDue.objects.get(game=game).at is None


def test_a_sweep_with_nothing_due_costs_the_same_whatever_the_games_held(tables):
    tables(2)
    _, few = swept()
    tables(20)
    result, many = swept()
    assert result == {
        "timeouts": 0,
        "aborted": 0,
        "expired": 0,
        "ai_requeued": 0,
        "vacations_ended": 0,
    }
    assert len(many) == len(few)
    # Only the due times are read: no game, no seat, when none is due.
    assert not [sql for sql in many if '"games_game"' in sql or '"games_seat"' in sql]


def test_a_sweep_finds_the_turn_due_among_the_games_held(tables):
    games = tables(5)
    expire_turn(games[2])
    result, _ = swept()
    assert result["timeouts"] == 1
    assert set(GameEvent.objects.filter(actor="timeout").values_list("game_id", flat=True)) == {
        games[2].pk
    }
    assert GameDue.objects.get(game=games[2]).at > timezone.now()  # the next turn's


def test_a_game_left_waiting_on_a_person_is_aborted_when_due(tables):
    (game,) = tables(1)
    later = timezone.now() + IDLE_ABORT + timedelta(seconds=1)
    GameDue.objects.filter(game=game).update(at=later - timedelta(seconds=1))
    Game.objects.filter(pk=game.pk).update(turn_deadline=None)  # their clock stopped
    result, _ = swept(now=later)
    assert result["aborted"] == 1
    assert Game.objects.get(pk=game.pk).status == Game.Status.ABORTED


def test_a_lost_ai_turn_is_queued_again_then_looked_at_later(make_user, queued):
    """Everyone passes at once when a round starts: the AI seats' turns were queued (and,
    here, lost: `queued` keeps them from any worker)."""
    alice = make_user("alice")
    game = services.game_create(user=alice, players=3, ai=["random", "random"], time_per_move=300)
    late = timezone.now() + AI_STALL + timedelta(seconds=1)
    before = len(queued)
    assert swept(now=late)[0]["ai_requeued"] == 1
    assert queued[before:] == [(game.pk, game.version)]
    assert GameDue.objects.get(game=game).at == late + AI_STALL
    assert swept(now=late)[0]["ai_requeued"] == 0  # queued again once, not every sweep
