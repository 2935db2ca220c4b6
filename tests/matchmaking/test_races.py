"""Matchmaking runs and leaves at the same time, in threads with their own connections.

Runs on the suite's database: SQLite in `make test` (writers serialized by BEGIN
IMMEDIATE) and PostgreSQL in CI (row locks, SKIP LOCKED).
"""

from collections import Counter

from games.models import Game, Seat
from matchmaking import services
from matchmaking.errors import MatchmakingError
from matchmaking.models import QueueEntry
from tests.helpers import at_once

from .conftest import T0, later, queue

PLAYERS = 30


def assert_whole_tables():
    for game in Game.objects.prefetch_related("seats"):
        assert game.seats.count() == game.players
        assert game.status == Game.Status.ACTIVE


def test_runs_at_once_never_seat_a_player_twice(people):
    users = people(PLAYERS)
    for rounds in range(3):
        for user in users:
            queue(user, sizes=(3,), at=T0)
        results = at_once(*[lambda: services.form_tables(now=later(1))] * 4)
        assert not [r for r in results if isinstance(r, Exception)], results
        assert_whole_tables()
        seats = Counter(Seat.objects.filter(user__isnull=False).values_list("user_id", flat=True))
        assert max(seats.values()) == rounds + 1  # nobody seated twice in this round
        # A run that planned from a queue others were emptying may leave people for the
        # next run; nobody is lost.
        this_round = sum(count == rounds + 1 for count in seats.values())
        assert this_round + QueueEntry.objects.count() == PLAYERS
        services.form_tables(now=later(2))
        seats = Counter(Seat.objects.filter(user__isnull=False).values_list("user_id", flat=True))
        assert seats == {u.pk: rounds + 1 for u in users}
        assert not QueueEntry.objects.exists()


def test_leaves_racing_a_run_never_seat_a_leaver_nor_leave_a_table_short(people):
    users = people(PLAYERS)
    for user in users:
        queue(user, sizes=(3,), at=T0)
    leavers = users[::3]

    def leave(user):
        def job():
            try:
                services.queue_leave(user=user)
                return "left"
            except MatchmakingError as e:
                return e.code

        return job

    results = at_once(
        lambda: services.form_tables(now=later(1)),
        *[leave(u) for u in leavers],
        lambda: services.form_tables(now=later(1)),
    )
    assert not [r for r in results if isinstance(r, Exception)], results
    assert_whole_tables()
    seated = set(Seat.objects.filter(user__isnull=False).values_list("user_id", flat=True))
    queued = set(QueueEntry.objects.values_list("user_id", flat=True))
    for user, outcome in zip(leavers, results[1:-1], strict=True):
        if outcome == "left":
            assert user.pk not in seated and user.pk not in queued
        else:  # the table won the race: the leave found no entry
            assert outcome == "not_queued"
            assert user.pk in seated
    stayed = [u for u in users if u not in leavers]
    assert all((u.pk in seated) != (u.pk in queued) for u in stayed)
    assert seated.isdisjoint(queued)
