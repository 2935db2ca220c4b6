"""The email digest: for players without a push subscription, one email a day at most
listing the correspondence games waiting on them, with a one-click unsubscribe.

Celery beat runs `send_due` every DIGEST_SECONDS. A person gets a digest when a
correspondence game waits on them, they have an email address, no push subscription,
the `email_digest` setting on, are not in their quiet hours, and had no digest in the
last DIGEST_EVERY. The send is claimed first with a compare-and-set on `digest_sent`,
so two runs at once send one email. The unsubscribe link carries a signed token (no
sign-in needed) and is also in the List-Unsubscribe headers (RFC 8058: mail apps show
an "unsubscribe" button that POSTs to it).
"""

import logging
from collections import defaultdict
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMessage
from django.utils import formats, timezone, translation
from django.utils.translation import gettext

from games import selectors as game_selectors
from games.models import CORRESPONDENCE_SECONDS
from notifications import preferences
from notifications.models import NotificationSettings, PushSubscription

log = logging.getLogger(__name__)

DIGEST_EVERY = timedelta(days=1)
SALT = "notifications.digest-unsubscribe"


def unsubscribe_token(user_id: int) -> str:
    return signing.dumps(user_id, salt=SALT)


def unsubscribe_url(user_id: int) -> str:
    return f"{settings.SITE_URL}/api/notifications/unsubscribe/{unsubscribe_token(user_id)}"


def user_of_token(token: str) -> int | None:
    try:
        return int(signing.loads(token, salt=SALT))
    except (signing.BadSignature, TypeError, ValueError):
        return None


def send_due(now: datetime | None = None) -> int:
    """One beat run: the digests due; how many were sent."""
    now = now or timezone.now()
    waiting = defaultdict(list)
    for turn in game_selectors.turns_waiting(now=now):
        if turn.time_per_move >= CORRESPONDENCE_SECONDS[0]:
            waiting[turn.user_id].append(turn)
    pushed = set(
        PushSubscription.objects.filter(user_id__in=list(waiting)).values_list("user_id", flat=True)
    )
    people = (
        get_user_model()
        .objects.filter(pk__in=[u for u in waiting if u not in pushed], is_active=True)
        .exclude(email="")
    )
    prefs = preferences.settings_for([p.pk for p in people])
    sent = 0
    for person in people:
        mine = prefs[person.pk]
        if not mine.email_digest or preferences.is_quiet(mine, now) or not _claim(mine, now):
            continue
        try:
            digest_message(person, mine, waiting[person.pk]).send()
            sent += 1
        except Exception:  # one bad address or a mail server hiccup must not stop the rest
            log.exception("the digest for user %s failed", person.pk)
    return sent


def _claim(prefs: NotificationSettings, now: datetime) -> bool:
    """Take today's digest for the person: whether this run won it."""
    if prefs.pk is None:
        prefs, _ = NotificationSettings.objects.get_or_create(user_id=prefs.user_id)
    last = prefs.digest_sent
    if last is not None and now - last < DIGEST_EVERY:
        return False
    return bool(
        NotificationSettings.objects.filter(pk=prefs.pk, digest_sent=last).update(digest_sent=now)
    )


def digest_message(person, prefs: NotificationSettings, turns) -> EmailMessage:
    """The email, in the person's language, deadlines in their time zone."""
    zone = ZoneInfo(prefs.time_zone)
    unsubscribe = unsubscribe_url(person.pk)
    with translation.override(prefs.lang):
        # No ngettext: the catalog checks (tests/api/test_field_messages.py) read
        # singular messages only, and a count in brackets needs no plural.
        subject = gettext("Barkside: games waiting for your move (%(count)d)") % {
            "count": len(turns)
        }
        lines = [gettext("Hello %(name)s,") % {"name": person.username}, ""]
        lines.append(gettext("These games wait for your move:"))
        for turn in turns:
            deadline = formats.date_format(turn.deadline.astimezone(zone), "DATETIME_FORMAT")
            lines += [
                "",
                gettext("Game #%(game)s: move before %(deadline)s (%(zone)s)")
                % {"game": turn.game_id, "deadline": deadline, "zone": prefs.time_zone},
                f"{settings.SITE_URL}/#/game/{turn.game_id}",
            ]
        lines += [
            "",
            gettext(
                "You get this email at most once a day because no device of yours has "
                "notifications on. Turn them on in the app's settings, or stop these "
                "emails with one click:"
            ),
            unsubscribe,
        ]
    return EmailMessage(
        subject=subject,
        body="\n".join(lines) + "\n",
        to=[person.email],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )


def unsubscribe(token: str) -> NotificationSettings | None:
    """Turn the digest off for the token's user; None if the token is not ours."""
    user_id = user_of_token(token)
    if user_id is None or not get_user_model().objects.filter(pk=user_id).exists():
        return None
    prefs, _ = NotificationSettings.objects.get_or_create(user_id=user_id)
    if prefs.email_digest:
        NotificationSettings.objects.filter(pk=prefs.pk).update(email_digest=False)
        prefs.email_digest = False
    return prefs
