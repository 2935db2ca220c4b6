"""A correspondence turn's pushes through the database: at most three per turn, never
twice, never for the game on screen, moved past quiet hours, per-kind switches.

The clock is frozen: every run is given its `now`, from the turn's own start."""

from datetime import time, timedelta

import pytest

from barkside import notices
from games import selectors as game_selectors
from games import services
from notifications import presence, push, reminders
from notifications.models import NotificationSettings, PushSubscription, ReminderSent

DAY = 24 * 3600
pytestmark = pytest.mark.usefixtures("no_reserve")


def subscribe(*users):
    for user in users:
        PushSubscription.objects.create(
            user=user,
            endpoint=f"https://fcm.googleapis.com/fcm/send/{user.username}",
            p256dh="key",
            auth="secret",
        )


def turn_of(user, game):
    [turn] = game_selectors.turns_waiting(user_id=user.pk, game_id=game.pk)
    return turn


def kinds(pushes, user, turn_only=True):
    """The kinds pushed to `user`; by default as a turn's pushes, where the game's start
    is its first turn's start (it stands for that turn's `your_turn`: one push)."""
    return [
        notices.YOUR_TURN if turn_only and kind == notices.GAME_STARTED else kind
        for user_id, _game, kind in pushes
        if user_id == user.pk
    ]


def test_the_turn_s_start_is_pushed_at_once_and_once(alice, correspondence, pushes):
    assert kinds(pushes, alice) == [notices.YOUR_TURN]
    push.notify(notices.YOUR_TURN, alice.pk, correspondence.pk)  # while passing, notices repeat
    assert kinds(pushes, alice) == [notices.YOUR_TURN]


def test_a_turn_has_at_most_three_pushes_whatever_runs(alice, correspondence, pushes):
    turn = turn_of(alice, correspondence)
    for minutes in range(0, 24 * 60, 20):  # a beat run every 20 minutes, and twice
        now = turn.started + timedelta(minutes=minutes)
        reminders.send_due(now)
        reminders.send_due(now)
    assert kinds(pushes, alice) == [notices.YOUR_TURN, notices.HALF_TIME, notices.LAST_HOUR]
    assert ReminderSent.objects.filter(user=alice).count() == 3


def test_a_restarted_worker_does_not_send_again(alice, correspondence, pushes):
    turn = turn_of(alice, correspondence)
    half = turn.started + timedelta(hours=12)
    assert reminders.send_due(half) == 3  # alice, bob and carol's half time
    pushes.clear()
    assert reminders.send_due(half + timedelta(minutes=1)) == 0  # the rows remember
    assert pushes == []


def test_missed_reminders_go_as_one_push(alice, correspondence, pushes):
    turn = turn_of(alice, correspondence)
    reminders.send_due(turn.started + timedelta(hours=23, minutes=30))  # beat was down
    assert kinds(pushes, alice) == [notices.YOUR_TURN, notices.LAST_HOUR]


def test_never_for_the_game_on_screen(alice, bob, correspondence, pushes):
    turn = turn_of(alice, correspondence)
    presence.enter(alice.pk, correspondence.pk)
    reminders.send_due(turn.started + timedelta(hours=12))
    assert kinds(pushes, alice) == [notices.YOUR_TURN]  # the start, before she opened the table
    assert kinds(pushes, bob) == [notices.YOUR_TURN, notices.HALF_TIME]
    presence.leave(alice.pk, correspondence.pk)
    reminders.send_due(turn.started + timedelta(hours=12, minutes=5))
    assert kinds(pushes, alice) == [notices.YOUR_TURN]  # the half time she saw is not sent later
    reminders.send_due(turn.started + timedelta(hours=23))
    assert kinds(pushes, alice) == [notices.YOUR_TURN, notices.LAST_HOUR]


def test_quiet_hours_move_a_reminder_to_their_end(alice, correspondence, pushes):
    turn = turn_of(alice, correspondence)
    half = turn.started + timedelta(hours=12)
    # Quiet from an hour before half time to an hour after, in UTC.
    NotificationSettings.objects.create(
        user=alice,
        time_zone="UTC",
        quiet_start=time((half.hour - 1) % 24, half.minute),
        quiet_end=time((half.hour + 1) % 24, half.minute),
    )
    reminders.send_due(half)
    assert kinds(pushes, alice) == [notices.YOUR_TURN]
    reminders.send_due(half + timedelta(minutes=59))
    assert kinds(pushes, alice) == [notices.YOUR_TURN]
    reminders.send_due(half + timedelta(hours=1))
    assert kinds(pushes, alice) == [notices.YOUR_TURN, notices.HALF_TIME]


def test_reminders_switched_off_leave_the_turn_s_start(alice, bob, correspondence, pushes):
    NotificationSettings.objects.create(user=alice, switches={"push_reminders": False})
    NotificationSettings.objects.create(user=bob, switches={"push_turn": False})
    turn = turn_of(alice, correspondence)
    reminders.send_due(turn.started + timedelta(hours=12))
    reminders.send_due(turn.started + timedelta(hours=23))
    assert kinds(pushes, alice) == [notices.YOUR_TURN]
    # bob's turn (its start push included) began before he switched the turn's push off
    assert kinds(pushes, bob) == [notices.YOUR_TURN, notices.HALF_TIME, notices.LAST_HOUR]


def test_a_turn_switched_off_gets_no_start_push(alice, bob, carol, memory_layer, queued, pushes):
    subscribe(alice, bob, carol)
    NotificationSettings.objects.create(user=bob, switches={"push_turn": False})
    game = services.game_create(user=alice, players=3, time_per_move=DAY)
    services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    assert kinds(pushes, bob, turn_only=False) == [notices.GAME_STARTED]
    # one push: the game's start begins the first turn, and says so under its own switch
    assert kinds(pushes, carol, turn_only=False) == [notices.GAME_STARTED]


def test_a_live_turn_in_quiet_hours_is_dropped(alice, table, pushes):
    subscribe(alice)
    NotificationSettings.objects.create(
        user=alice, time_zone="Asia/Seoul", quiet_start=time(0, 0), quiet_end=time(23, 59)
    )
    noon_in_seoul = table.last_move.replace(hour=3)
    push.notify(notices.YOUR_TURN, alice.pk, table.pk, now=noon_in_seoul)
    push.notify(notices.GAME_ENDED, alice.pk, table.pk, now=noon_in_seoul)
    assert pushes == []
    push.notify(
        notices.YOUR_TURN,
        alice.pk,
        table.pk,
        now=table.last_move.replace(hour=14, minute=59, second=30),
    )
    assert kinds(pushes, alice) == [notices.YOUR_TURN]  # 23:59:30 KST: quiet hours are over


def test_game_start_and_end_pushes_have_their_own_switches(alice, pushes):
    subscribe(alice)
    NotificationSettings.objects.create(user=alice, switches={"push_game_start": False})
    push.notify(notices.GAME_STARTED, alice.pk, 5)
    push.notify(notices.GAME_ENDED, alice.pk, 5)
    assert kinds(pushes, alice, turn_only=False) == [notices.GAME_ENDED]


def test_a_device_subscribed_mid_turn_gets_the_due_reminder(
    alice, bob, carol, memory_layer, queued, pushes
):
    game = services.game_create(user=alice, players=3, time_per_move=DAY)
    services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    turn = turn_of(alice, game)
    reminders.send_due(turn.started + timedelta(hours=1))
    assert pushes == [] and not ReminderSent.objects.exists()  # nobody to push to
    subscribe(alice)
    reminders.send_due(turn.started + timedelta(hours=13))
    assert kinds(pushes, alice) == [notices.HALF_TIME]
