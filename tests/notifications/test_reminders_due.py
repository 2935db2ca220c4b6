"""A correspondence turn's pushes found by due time: planned when the turn begins, sent
when due, superseded when the turn changes, and a run's statements are a few a batch of
rows due, however many turns wait and pushes go.

The clock is frozen as in test_reminders.py: every run is given its `now`."""

import threading
from datetime import time, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from barkside import notices
from games import engine, services
from notifications import preferences, presence, reminders, tasks
from notifications.models import NotificationSettings, PlannedReminder, ReminderSent
from tests.helpers import at_once, person_move

from .test_reminders import DAY, kinds, subscribe, turn_of

pytestmark = pytest.mark.usefixtures("no_reserve")


def start(alice, bob, carol):
    """A day-per-move game of the three, begun with everyone to pass."""
    game = services.game_create(user=alice, players=3, time_per_move=DAY)
    services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    game.refresh_from_db()
    return game


def plan_of(user, game):
    return PlannedReminder.objects.filter(user=user, game=game).first()


def counted(run) -> int:
    with CaptureQueriesContext(connection) as queries:
        run()
    print(*(q["sql"][:150] for q in queries), sep="\n")  # shown when a test fails
    return len(queries)


def test_a_turn_is_planned_when_it_begins_and_pushed_when_due(alice, correspondence, pushes):
    turn = turn_of(alice, correspondence)
    half, last = turn.started + timedelta(hours=12), turn.deadline - timedelta(hours=1)
    assert kinds(pushes, alice) == [notices.YOUR_TURN]  # at once, from the plan
    assert plan_of(alice, correspondence).due == half
    assert reminders.send_due(half - timedelta(seconds=1)) == 0
    assert reminders.send_due(half) == 3
    assert kinds(pushes, alice) == [notices.YOUR_TURN, notices.HALF_TIME]
    assert plan_of(alice, correspondence).due == last
    assert reminders.send_due(last) == 3
    assert kinds(pushes, alice) == [notices.YOUR_TURN, notices.HALF_TIME, notices.LAST_HOUR]
    assert plan_of(alice, correspondence) is None  # nothing left to push


def test_a_move_supersedes_the_turn_s_plan(alice, bob, correspondence, pushes):
    turn = turn_of(alice, correspondence)
    seat = correspondence.seats.get(user=alice).number
    move = engine.legal_moves(correspondence.state, seat)[0]
    person_move(game_id=correspondence.pk, user=alice, version=correspondence.version, **move)
    reminders.send_due(turn.started + timedelta(hours=12))
    assert kinds(pushes, alice) == [notices.YOUR_TURN]  # her pass ended her turn
    assert kinds(pushes, bob) == [notices.YOUR_TURN, notices.HALF_TIME]
    assert plan_of(alice, correspondence) is None


def test_a_vacation_supersedes_the_turn_s_plan(alice, bob, correspondence, pushes):
    turn = turn_of(alice, correspondence)
    services.vacation_start(user=alice, days=3)
    reminders.send_due(turn.started + timedelta(hours=12))
    assert notices.HALF_TIME not in kinds(pushes, alice)
    assert kinds(pushes, bob) == [notices.YOUR_TURN, notices.HALF_TIME]
    assert plan_of(alice, correspondence) is None


def test_the_game_s_end_supersedes_the_plans(alice, bob, carol, correspondence, pushes):
    turn = turn_of(alice, correspondence)
    services.game_abort(game_id=correspondence.pk, reason="test")
    assert reminders.send_due(turn.started + timedelta(hours=12)) == 0
    assert not PlannedReminder.objects.exists()
    for person in (alice, bob, carol):
        assert notices.HALF_TIME not in kinds(pushes, person)


def test_two_runs_at_once_push_a_slot_once(alice, bob, carol, correspondence, pushes, monkeypatch):
    """Both runs read the rows due before either settles one: the settling decides."""
    both_read = threading.Barrier(2, timeout=10)
    settings_for = preferences.settings_for

    def after_both_read(users):
        both_read.wait()
        return settings_for(users)

    monkeypatch.setattr(preferences, "settings_for", after_both_read)
    half = turn_of(alice, correspondence).started + timedelta(hours=12)
    results = at_once(lambda: reminders.send_due(half), lambda: reminders.send_due(half))
    assert sum(results) == 3, results
    for person in (alice, bob, carol):
        assert kinds(pushes, person) == [notices.YOUR_TURN, notices.HALF_TIME]


def test_a_turn_begun_in_quiet_hours_is_pushed_when_they_end(
    alice, bob, carol, memory_layer, queued, pushes
):
    subscribe(alice, bob, carol)
    now = timezone.now()
    NotificationSettings.objects.create(
        user=alice,
        time_zone="UTC",
        quiet_start=time((now.hour - 1) % 24, now.minute),
        quiet_end=time((now.hour + 1) % 24, now.minute),
    )
    game = start(alice, bob, carol)
    assert kinds(pushes, alice) == []
    assert kinds(pushes, bob) == [notices.YOUR_TURN]
    end = plan_of(alice, game).due
    assert timedelta(minutes=59) < end - now <= timedelta(hours=1)
    reminders.send_due(end - timedelta(minutes=1))
    assert kinds(pushes, alice) == []
    reminders.send_due(end)
    assert kinds(pushes, alice) == [notices.YOUR_TURN]


def test_a_turn_begun_with_the_game_on_screen_pushes_nothing_then(
    alice, bob, carol, memory_layer, queued, pushes
):
    subscribe(alice, bob, carol)
    game = services.game_create(user=alice, players=3, time_per_move=DAY)
    presence.enter(alice.pk, game.pk)
    services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    assert kinds(pushes, alice) == []  # she saw her turn begin
    assert kinds(pushes, bob) == [notices.YOUR_TURN]
    assert ReminderSent.objects.filter(user=alice, slot="start").exists()  # not sent later
    turn = turn_of(alice, game)
    reminders.send_due(turn.started + timedelta(hours=12))
    assert kinds(pushes, alice) == []  # still at the table
    presence.leave(alice.pk, game.pk)
    reminders.send_due(turn.deadline - timedelta(hours=1))
    assert kinds(pushes, alice) == [notices.LAST_HOUR]


def test_a_turn_whose_notice_was_lost_is_planned_when_a_worker_connects(
    alice, bob, carol, memory_layer, queued, pushes, monkeypatch
):
    subscribe(alice, bob, carol)
    monkeypatch.setattr(tasks.push_notice, "delay", lambda *args, **kwargs: None)  # lost
    game = start(alice, bob, carol)
    assert not PlannedReminder.objects.exists()
    queued_tasks = []

    class Consumer:
        class app:  # noqa: N801 (the consumer's Celery app)
            @staticmethod
            def send_task(name, **options):
                queued_tasks.append(name)
                getattr(tasks, name.rsplit(".", 1)[1])()  # the push worker runs it

    tasks.PlanOnConnect(Consumer).start(Consumer)
    assert queued_tasks == ["notifications.tasks.plan_reminders"]
    assert PlannedReminder.objects.filter(game=game).count() == 3
    reminders.send_due(turn_of(alice, game).started + timedelta(minutes=1))
    for person in (alice, bob, carol):
        assert kinds(pushes, person) == [notices.YOUR_TURN]


def test_a_turn_whose_pushes_have_all_gone_is_not_planned_again(
    alice, bob, carol, correspondence, pushes
):
    """Its plan went with its last push: a worker connecting plans only the turns nothing
    was settled of (their notice lost), not every turn waiting without a plan."""
    last_hour = turn_of(alice, correspondence).deadline - timedelta(minutes=30)
    reminders.send_due(last_hour)
    assert not PlannedReminder.objects.filter(game=correspondence).exists()
    assert reminders.plan_waiting() == 0
    assert not PlannedReminder.objects.filter(game=correspondence).exists()


def test_a_run_s_statements_follow_neither_the_pushes_due_nor_the_turns_waiting(
    alice, bob, carol, memory_layer, queued, pushes
):
    subscribe(alice, bob, carol)
    first = start(alice, bob, carol)
    now = turn_of(alice, first).started + timedelta(minutes=1)  # every start is pushed

    def run_at_half(*games):
        """A run with the half time of `games` due, and nothing else."""
        PlannedReminder.objects.update(due=now + timedelta(days=2))
        PlannedReminder.objects.filter(game__in=games).update(due=now)
        return counted(lambda: reminders.send_due(now + timedelta(hours=12)))

    idle_3 = counted(lambda: reminders.send_due(now))
    due_3_of_3 = run_at_half(first)
    games = [start(alice, bob, carol) for _ in range(9)]  # 30 turns waiting
    now = max(turn_of(alice, g).started for g in games) + timedelta(minutes=1)
    idle_30 = counted(lambda: reminders.send_due(now))
    due_3_of_30 = run_at_half(games[0])
    due_6_of_30 = run_at_half(games[1], games[2])
    due_9_of_30 = run_at_half(games[3], games[4], games[5])
    assert idle_30 == idle_3
    assert due_3_of_3 == due_3_of_30 == due_6_of_30 == due_9_of_30 > idle_3
    assert kinds(pushes, alice).count(notices.HALF_TIME) == 7
