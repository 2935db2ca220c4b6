"""The email digest (locmem backend): for people without push, at most daily, with a
one-click unsubscribe that needs no sign-in."""

from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client

from games import services
from notifications import digest
from notifications.models import NotificationSettings, PushSubscription
from tests.helpers import client_for

DAY = 24 * 3600


@pytest.fixture
def waiting(alice, bob, carol, memory_layer, queued, settings):
    """A day-per-move game waiting on everyone (the first pass), emails kept in memory."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = "https://barkside.example"
    game = services.game_create(user=alice, players=3, time_per_move=DAY)
    services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    game.refresh_from_db()
    return game


def to(user):
    return [m for m in mail.outbox if m.to == [user.email]]


def test_one_digest_lists_the_games_waiting(alice, waiting):
    assert digest.send_due(waiting.last_move) == 3
    [message] = to(alice)
    assert message.subject == "Barkside: games waiting for your move (1)"
    assert f"Game #{waiting.pk}: move before" in message.body
    assert f"https://barkside.example/#/game/{waiting.pk}" in message.body
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    link = message.extra_headers["List-Unsubscribe"].strip("<>")
    assert link.startswith("https://barkside.example/api/notifications/unsubscribe/")
    assert link in message.body


def test_at_most_one_digest_a_day(alice, waiting):
    now = waiting.last_move
    digest.send_due(now)
    digest.send_due(now + timedelta(hours=23, minutes=59))
    assert len(to(alice)) == 1
    # the turn's deadline is a day away: a game of three days per move still waits
    NotificationSettings.objects.filter(user=alice).update(digest_sent=now - timedelta(days=1))
    digest.send_due(now + timedelta(hours=1))
    assert len(to(alice)) == 2


def test_nobody_with_a_push_subscription_or_the_setting_off_gets_one(alice, bob, carol, waiting):
    PushSubscription.objects.create(
        user=alice, endpoint="https://fcm.googleapis.com/fcm/send/a", p256dh="k", auth="s"
    )
    NotificationSettings.objects.create(user=bob, email_digest=False)
    assert digest.send_due(waiting.last_move) == 1
    assert [m.to for m in mail.outbox] == [[carol.email]]


def test_no_digest_in_quiet_hours(alice, waiting):
    hour = waiting.last_move.hour
    NotificationSettings.objects.create(
        user=alice, quiet_start=f"{hour:02}:00", quiet_end=f"{(hour + 2) % 24:02}:00"
    )
    digest.send_due(waiting.last_move)
    assert to(alice) == []


def test_the_digest_speaks_the_person_s_language(alice, waiting):
    NotificationSettings.objects.create(user=alice, lang="de", time_zone="Europe/Berlin")
    digest.send_due(waiting.last_move)
    [message] = to(alice)
    assert message.subject == "Barkside: Partien warten auf deinen Zug (1)"
    assert "(Europe/Berlin)" in message.body


def test_the_link_unsubscribes_without_signing_in(alice, waiting):
    digest.send_due(waiting.last_move)
    link = to(alice)[0].extra_headers["List-Unsubscribe"].strip("<>")
    path = link.removeprefix("https://barkside.example")
    page = Client().get(path)
    assert page.status_code == 200
    assert page["Content-Type"].startswith("text/html")
    assert NotificationSettings.objects.get(user=alice).email_digest is False
    NotificationSettings.objects.filter(user=alice).update(email_digest=True, digest_sent=None)
    assert Client().post(path).status_code == 204  # RFC 8058: the mail app's button
    assert NotificationSettings.objects.get(user=alice).email_digest is False
    assert client_for(alice).get("/api/notifications/settings").json()["email_digest"] is False


def test_a_forged_token_changes_nothing(alice, waiting):
    token = digest.unsubscribe_token(alice.pk)
    answer = Client().post(f"/api/notifications/unsubscribe/{token[:-2]}xx")
    assert answer.status_code == 400
    assert answer.json()["code"] == "invalid_token"
    assert not NotificationSettings.objects.filter(user=alice, email_digest=False).exists()
