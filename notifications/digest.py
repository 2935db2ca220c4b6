"""The email digest: for players without a push subscription, one email a day at most
listing the correspondence games waiting on them, with a one-click unsubscribe.

Found by due time, never by scanning the turns waiting. A `PlannedDigest` row says when
to look at a person: planned when a turn of theirs begins while they have no device
(`look_soon`, after the move committed, or the push worker finding no device), when
their last device goes, when they turn the digest on, and for every turn waiting when a
worker (re)connects to the broker (reminders.plan_waiting: a notice lost with Redis).
Celery beat runs `send_due` every DIGEST_SECONDS over the rows due (an index on `due`).
A person due gets a digest when a correspondence game waits on them, they have an email
address, no push subscription, the `email_digest` setting on, are not in their quiet
hours, and had no digest in the last DIGEST_EVERY; their row then moves to the end of the
quiet hours or the day's end, or goes while nothing is to be told. The send is claimed
first with a compare-and-set on `digest_sent`, so two runs at once send one email. The
unsubscribe link (unsubscribe.py: no sign-in needed, a page with a button) is also in
the List-Unsubscribe headers (RFC 8058: mail apps show an "unsubscribe" button that POSTs
to it).
"""

import logging
from collections import defaultdict
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.mail import EmailMessage
from django.utils import formats, timezone, translation
from django.utils.translation import gettext

from games import selectors as game_selectors
from games.models import game_number
from notifications import preferences, reminders
from notifications.models import NotificationSettings, PlannedDigest, PushSubscription
from notifications.unsubscribe import unsubscribe_url

log = logging.getLogger(__name__)

DIGEST_EVERY = timedelta(days=1)
BATCH = 500  # people due read at once
LOOK_SECONDS = 3600  # a person's turns begun within this long are looked at together


def look_soon(user_ids) -> None:
    """A turn of these people, known to have no device, began (receivers.py, after the
    move committed): have the next run look at them. At most once in LOOK_SECONDS a
    person, through the cache, so a move costs one cache write and, now and then, a task
    on the push worker: never a database write on the move's path."""
    fresh = [u for u in user_ids if cache.add(f"digest-look:{u}", 1, LOOK_SECONDS)]
    if not fresh:
        return
    from notifications.tasks import plan_digests

    try:
        plan_digests.delay(fresh)
    except Exception:  # the broker is down: a worker that connects again plans them
        log.warning("the digest looks of %s people were not queued: no broker", len(fresh))


def device_gone(sender, instance, **kwargs) -> None:
    """post_delete of a subscription (apps.py): maybe their last; the digest looks."""
    PlannedDigest.objects.plan([instance.user_id], timezone.now())


def send_due(now: datetime | None = None) -> int:
    """One beat run: the digests due; how many were sent."""
    now = now or timezone.now()
    sent = 0
    while True:
        rows = list(PlannedDigest.objects.filter(due__lte=now).order_by("due")[:BATCH])
        if rows:
            sent += _send([row.user_id for row in rows], now)
        if len(rows) < BATCH:  # each row read is moved past `now` or dropped
            return sent


def _send(user_ids: list[int], now: datetime) -> int:
    """The people due a look: each is sent their digest, moved on to when they may get
    the next one, or dropped while nothing is to be told by email (a turn that begins,
    their last device gone or the digest turned on plans them again)."""
    waiting = defaultdict(list)
    for turn in game_selectors.turns_waiting(user_ids=user_ids, now=now):
        if reminders.is_correspondence(turn):
            waiting[turn.user_id].append(turn)
    pushed = set(
        PushSubscription.objects.filter(user_id__in=user_ids).values_list("user_id", flat=True)
    )
    people = get_user_model().objects.filter(pk__in=user_ids, is_active=True).exclude(email="")
    people = {p.pk: p for p in people}
    prefs = preferences.settings_for(user_ids)
    later, gone, sent = {}, [], 0
    for user_id in user_ids:
        mine, person = prefs[user_id], people.get(user_id)
        if not waiting[user_id] or user_id in pushed or person is None or not mine.email_digest:
            gone.append(user_id)
            continue
        later[user_id] = _next_look(mine, now)
        if later[user_id] is None:  # due now: this run's, or another's that claimed it
            sent += _claim(mine, now) and _sent(person, mine, waiting[user_id])
            later[user_id] = now + DIGEST_EVERY
    PlannedDigest.objects.filter(pk__in=gone).delete()
    for user_id, due in later.items():
        PlannedDigest.objects.filter(pk=user_id).update(due=due)
    return sent


def _next_look(prefs: NotificationSettings, now: datetime) -> datetime | None:
    """When the person may get a digest, if not now: the end of their quiet hours, or a
    day after their last one."""
    quiet = preferences.quiet_hours(prefs)
    ends = quiet.end_of(now) if quiet else None
    if ends is not None:
        return ends
    if prefs.digest_sent is not None and now - prefs.digest_sent < DIGEST_EVERY:
        return prefs.digest_sent + DIGEST_EVERY
    return None


def _sent(person, prefs: NotificationSettings, turns) -> bool:
    try:
        digest_message(person, prefs, turns).send()
    except Exception:  # one bad address or a mail server hiccup must not stop the rest
        log.exception("the digest for user %s failed", person.pk)
        return False
    return True


def _claim(prefs: NotificationSettings, now: datetime) -> bool:
    """Take today's digest for the person: whether this run won it (two runs at once
    send one email)."""
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
                % {
                    "game": game_number(turn.game_id),
                    "deadline": deadline,
                    "zone": prefs.time_zone,
                },
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
