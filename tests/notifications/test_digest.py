"""The email digest (locmem backend): for people without push, at most daily, with a
one-click unsubscribe that needs no sign-in (test_unsubscribe.py)."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games import services
from games.models import game_number
from notifications import digest, preferences, push, reminders, tasks
from notifications.models import NotificationSettings, PlannedDigest, PushSubscription

DAY = 24 * 3600


@pytest.fixture
def waiting(alice, bob, carol, memory_layer, queued, settings, monkeypatch):
    """A game of three days a move waiting on everyone (the first pass), emails kept in
    memory. The notices' tasks (`push_notice`, `plan_digests`) run here, as the push
    worker would: that is how the digest learns whose turn began."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = "https://barkside.example"
    monkeypatch.setattr(tasks.push_notice, "delay", push.notify)
    monkeypatch.setattr(tasks.plan_digests, "delay", tasks.plan_digests)
    game = services.game_create(user=alice, players=3, time_per_move=3 * DAY)
    services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    game.refresh_from_db()
    return game


def to(user):
    return [m for m in mail.outbox if m.to == [user.email]]


def test_one_digest_lists_the_games_waiting(alice, waiting):
    assert digest.send_due(timezone.now()) == 3
    [message] = to(alice)
    assert message.subject == "Barkside: games waiting for your move (1)"
    assert f"Game #{game_number(waiting.pk)}: move before" in message.body
    assert f"https://barkside.example/#/game/{waiting.pk}" in message.body
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    link = message.extra_headers["List-Unsubscribe"].strip("<>")
    assert link.startswith("https://barkside.example/api/notifications/unsubscribe/")
    assert link in message.body


def test_at_most_one_digest_a_day(alice, waiting):
    now = timezone.now()
    for minutes in range(0, 24 * 60, 30):  # a run every half hour, and twice
        digest.send_due(now + timedelta(minutes=minutes))
        digest.send_due(now + timedelta(minutes=minutes))
    assert len(to(alice)) == 1
    digest.send_due(now + timedelta(days=1))  # the game of three days a move still waits
    assert len(to(alice)) == 2


def test_a_run_looks_only_at_the_people_due(alice, waiting, django_assert_max_num_queries):
    now = timezone.now()
    digest.send_due(now)
    with django_assert_max_num_queries(1):  # the rows due: none till tomorrow
        assert digest.send_due(now + timedelta(hours=12)) == 0


def test_a_person_with_nothing_waiting_is_dropped_till_a_turn_begins(alice, bob, waiting):
    services.game_abort(game_id=waiting.pk, reason="test")
    assert digest.send_due(timezone.now()) == 0
    assert not PlannedDigest.objects.exists()  # no run looks at them again for nothing
    game = services.game_create(user=alice, players=3, time_per_move=3 * DAY, ai=["random"])
    services.game_join(game_id=game.pk, user=bob)
    assert set(PlannedDigest.objects.values_list("user_id", flat=True)) == {alice.pk, bob.pk}
    digest.send_due(timezone.now())
    assert len(to(alice)) == 1 and f"Game #{game_number(game.pk)}:" in to(alice)[0].body


def test_nobody_with_a_push_subscription_or_the_setting_off_gets_one(alice, bob, carol, waiting):
    PushSubscription.objects.create(
        user=alice, endpoint="https://fcm.googleapis.com/fcm/send/a", p256dh="k", auth="s"
    )
    NotificationSettings.objects.create(user=bob, email_digest=False)
    assert digest.send_due(timezone.now()) == 1
    assert [m.to for m in mail.outbox] == [[carol.email]]


def test_no_digest_in_quiet_hours(alice, waiting):
    now = timezone.now()
    NotificationSettings.objects.create(
        user=alice, quiet_start=f"{now.hour:02}:00", quiet_end=f"{(now.hour + 2) % 24:02}:00"
    )
    digest.send_due(now)
    assert to(alice) == []
    ends = now.replace(minute=0, second=0, microsecond=0) + timedelta(hours=2)
    assert PlannedDigest.objects.get(user=alice).due == ends  # the next look: when they end
    digest.send_due(ends)
    assert len(to(alice)) == 1


def test_the_last_device_gone_or_the_digest_turned_on_plans_a_look(alice, bob, waiting):
    device = PushSubscription.objects.create(
        user=alice, endpoint="https://fcm.googleapis.com/fcm/send/a", p256dh="k", auth="s"
    )
    preferences.settings_update(user=bob, email_digest=False)
    digest.send_due(timezone.now())
    assert to(alice) == [] and to(bob) == []
    assert not PlannedDigest.objects.filter(user__in=[alice, bob]).exists()

    device.delete()
    preferences.settings_update(user=bob, email_digest=True)
    digest.send_due(timezone.now())
    assert len(to(alice)) == 1 and len(to(bob)) == 1


def test_a_worker_connecting_plans_the_digests_of_turns_whose_notice_was_lost(alice, waiting):
    PlannedDigest.objects.all().delete()  # as if the notices were lost with Redis
    reminders.plan_waiting()
    assert digest.send_due(timezone.now()) == 3


def test_the_digest_speaks_the_person_s_language(alice, waiting):
    NotificationSettings.objects.create(user=alice, lang="de", time_zone="Europe/Berlin")
    digest.send_due(timezone.now())
    [message] = to(alice)
    assert message.subject == "Barkside: Partien warten auf deinen Zug (1)"
    assert "(Europe/Berlin)" in message.body
