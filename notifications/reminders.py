"""A correspondence turn's pushes: at its start, at half time, an hour before the deadline.

Celery beat runs `send_due` every REMINDER_SECONDS over every turn waiting
(`games.selectors.turns_waiting`); `push.notify` runs `remind` at once when a turn
begins. Each push settles its slot (and any earlier one it stands for) in a
`ReminderSent` row first, under a unique constraint: a slot goes out at most once per
turn, whichever run gets there first, before or after a worker restart. A slot whose
push is skipped (the person is looking at the game, or turned the kind off) is settled
too, so it does not go out later.
"""

import logging
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from barkside import notices
from games import selectors as game_selectors
from games.models import CORRESPONDENCE_SECONDS
from notifications import preferences, push, schedule
from notifications.models import NotificationSettings, PushSubscription, ReminderSent

log = logging.getLogger(__name__)


def slot_kind(slot: str) -> str:
    """The notice a turn's `slot` pushes (barkside/notices.py declares each one's slot)."""
    return next(k.name for k in notices.KINDS.values() if k.slot == slot)


KEEP = timedelta(days=1)  # settled slots are kept this long past their turn's deadline


def send_due(now: datetime | None = None) -> int:
    """One beat run: the due push of every correspondence turn waiting; how many went."""
    now = now or timezone.now()
    turns = [
        t
        for t in game_selectors.turns_waiting(now=now)
        if t.time_per_move >= CORRESPONDENCE_SECONDS[0]
    ]
    # Only people with a device to push to: the others' slots are left unsettled, so a
    # device subscribed mid-turn still gets the turn's due push.
    subscribed = set(
        PushSubscription.objects.filter(user_id__in={t.user_id for t in turns}).values_list(
            "user_id", flat=True
        )
    )
    turns = [t for t in turns if t.user_id in subscribed]
    prefs = preferences.settings_for({t.user_id for t in turns})
    sent = sum(remind(t, now, prefs[t.user_id]) is not None for t in turns)
    ReminderSent.objects.filter(deadline__lt=now - KEEP).delete()
    return sent


def remind(
    turn: game_selectors.WaitingTurn,
    now: datetime | None = None,
    prefs: NotificationSettings | None = None,
) -> str | None:
    """Push the turn's latest due slot unless settled already; the slot pushed, or None."""
    now = now or timezone.now()
    prefs = prefs or preferences.settings_of(turn.user_id)
    planned = schedule.schedule(turn.started, turn.deadline, preferences.quiet_hours(prefs))
    slot = schedule.due(planned, now)
    if slot is None or not _settle(turn, slot):
        return None
    if not push.queue(slot_kind(slot), turn.user_id, turn.game_id, prefs):
        return None
    return slot


def _settle(turn: game_selectors.WaitingTurn, slot: str) -> bool:
    """Record `slot` and the ones before it; whether this call recorded `slot` itself."""
    key = {"user_id": turn.user_id, "game_id": turn.game_id, "deadline": turn.deadline}
    earlier = schedule.slots_through(slot)[:-1]
    ReminderSent.objects.bulk_create(
        [ReminderSent(**key, slot=s) for s in earlier], ignore_conflicts=True
    )
    try:
        with transaction.atomic():
            ReminderSent.objects.create(**key, slot=slot)
    except IntegrityError:  # another run settled it first
        return False
    return True
