"""A correspondence turn's pushes: at its start, at half time, an hour before the deadline.

Found by due time, never by scanning the turns waiting. When a turn begins, the push
worker plans it (`plan`, from `push.notify` on the turn's `your_turn` notice, or the
game's start notice for its first turn): a `PlannedReminder` row with the time of its
next push, and its start goes out at once.
Celery beat runs `send_due` every REMINDER_SECONDS over the rows due (an index on
`due`), so a run costs what is due, however many turns wait. A row due is checked
against the turn as it stands (still waiting with the same deadline: a move, a vacation
or the game's end supersede it), the person's devices, switches and quiet hours as they
are now, then moved on to the turn's next push, or dropped after its last.

Each push settles its slot (and any earlier one it stands for) in a `ReminderSent` row
first, under a unique constraint: a slot goes out at most once per turn, whichever run
gets there first, before or after a worker restart. A slot whose push is skipped (the
person is looking at the game, or turned the kind off) is settled too, so it does not
go out later.

Nothing is lost when a worker or Redis restarts: a plan is a row. A turn whose notice
task was lost (Redis restarted with it queued, the push worker killed while running it,
the broker down when the move committed) is planned when a worker connects to the
broker again (`plan_waiting`, queued by tasks.PlanOnConnect): the loss comes with a
lost broker connection, and the turns' starts carry no index to find the recent ones by
(every move changes them). A person with no device has no plans; subscribing one plans
their turns waiting (`plan_person`).
"""

import logging
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import DateTimeField, Exists, F, OuterRef, Value
from django.utils import timezone

from barkside import notices
from barkside.adapters.django_orm import insert_missing, insert_new
from games import selectors as game_selectors
from games.models import CORRESPONDENCE_SECONDS
from notifications import preferences, push, schedule
from notifications.models import (
    NotificationSettings,
    PlannedDigest,
    PlannedReminder,
    PushSubscription,
    ReminderSent,
)

log = logging.getLogger(__name__)

KEEP = timedelta(days=1)  # settled slots are kept this long past their turn's deadline
BATCH = 500  # rows due read at once


def slot_kind(slot: str) -> str:
    """The notice a turn's `slot` pushes (barkside/notices.py declares each one's slot)."""
    return next(k.name for k in notices.KINDS.values() if k.slot == slot)


def is_correspondence(turn: game_selectors.WaitingTurn) -> bool:
    return turn.time_per_move >= CORRESPONDENCE_SECONDS[0]


def _row(turn: game_selectors.WaitingTurn) -> PlannedReminder:
    """The turn's plan before its first run: due at its start, which the run moves past
    quiet hours (or anything already settled) by itself."""
    return PlannedReminder(
        user_id=turn.user_id,
        game_id=turn.game_id,
        started=turn.started,
        deadline=turn.deadline,
        due=turn.started,
    )


def plan(
    turn: game_selectors.WaitingTurn, now: datetime | None = None, notice: str = notices.YOUR_TURN
) -> str | None:
    """The turn has begun (its `your_turn` notice, or the game's start notice for its
    first turn, on the push worker): plan it and push what is due of it now, its start,
    as that `notice`; the slot pushed, or None. A turn planned already (the notice
    repeats while passing) is the beat runs' business."""
    now = now or timezone.now()
    row = _row(turn)
    try:
        with transaction.atomic():
            row.save(force_insert=True)
    except IntegrityError:
        return None
    prefs = preferences.settings_of(turn.user_id)
    slot, row.due = _next(turn, prefs, now)
    kind = notice if slot == schedule.START else slot_kind(slot) if slot else None
    with transaction.atomic():
        pushed = _push([(turn, slot, kind)] if slot else [], {turn.user_id: prefs})
        _move_on([row])
    return slot if pushed else None


def plan_person(user_id: int) -> int:
    """Plan the person's correspondence turns waiting that have no plan (a device just
    subscribed); how many turns were looked at. The next run sends what is due of them."""
    rows = [_row(t) for t in game_selectors.turns_waiting(user_id=user_id) if is_correspondence(t)]
    return len(PlannedReminder.objects.bulk_create(rows, ignore_conflicts=True))


def subscribed(sender, instance, **kwargs) -> None:
    """post_save of a subscription (apps.py): the person's turns waiting get plans."""
    plan_person(instance.user_id)


def plan_waiting() -> int:
    """Plan every correspondence turn waiting on a person with a device that has neither
    a plan nor a slot settled, and the email digest of the others; how many plans were
    made. Once per broker connection, not per run; in the database, as two statements,
    however many turns wait (a million took minutes through Python)."""
    now = timezone.now()
    seats = game_selectors.waiting_seats(now).filter(
        game__time_per_move__gte=CORRESPONDENCE_SECONDS[0]
    )
    # EXISTS, not IN: NOT IN over a subquery too large to hash is run once a seat.
    device = Exists(PushSubscription.objects.filter(user_id=OuterRef("user_id")))
    # A turn with a slot settled was planned: its plan is there, or went with its last
    # push. Only a turn whose notice was lost has none (the unique index finds them).
    settled = Exists(
        ReminderSent.objects.filter(
            user_id=OuterRef("user_id"), game_id=OuterRef("game_id"), deadline=OuterRef("deadline")
        )
    )
    planned = insert_missing(
        PlannedReminder,
        ["user", "game", "started", "deadline", "due"],
        seats.filter(device & ~settled)
        .annotate(due=F("turn_started"))
        .values_list("user_id", "game_id", "turn_started", "deadline", "due"),
    )
    return planned + insert_missing(
        PlannedDigest,
        ["user", "due"],
        seats.filter(~device)
        .annotate(due=Value(now, DateTimeField()))
        .values_list("user_id", "due")
        .distinct(),
    )


def send_due(now: datetime | None = None) -> int:
    """One beat run: the pushes due now; how many went."""
    now = now or timezone.now()
    sent = 0
    while True:
        rows = list(PlannedReminder.objects.filter(due__lte=now).order_by("due")[:BATCH])
        if rows:
            sent += _send(rows, now)
        if len(rows) < BATCH:  # each row read is moved past `now` or dropped
            break
    ReminderSent.objects.filter(deadline__lt=now - KEEP).delete()
    return sent


def _send(rows: list[PlannedReminder], now: datetime) -> int:
    """The rows due, checked against their turns as they stand, in a few statements
    however many they are; how many pushes went."""
    users = {row.user_id for row in rows}
    waiting = game_selectors.turns_waiting(game_ids={row.game_id for row in rows}, now=now)
    turns = {(t.user_id, t.game_id): t for t in waiting}
    # Without a device, the plan goes: a device subscribed later plans the turn again
    # (`plan_person`), and the turn's due push goes out then.
    subscribed = set(
        PushSubscription.objects.filter(user_id__in=users).values_list("user_id", flat=True)
    )
    prefs = preferences.settings_for(users)
    due = []
    for row in rows:
        turn = turns.get((row.user_id, row.game_id))
        if turn is None or turn.deadline != row.deadline or row.user_id not in subscribed:
            row.due = None
            continue
        slot, row.due = _next(turn, prefs[row.user_id], now)
        if slot:
            due.append((turn, slot, slot_kind(slot)))
    with transaction.atomic():  # the pushes queued when their slots and rows are written
        pushed = _push(due, prefs)
        _move_on(rows)
    return len(pushed)


def _next(
    turn: game_selectors.WaitingTurn, prefs: NotificationSettings, now: datetime
) -> tuple[str | None, datetime | None]:
    """The turn's latest slot due at `now` (None: none is), and when its next push is due
    (None: it has had its last), with the person's quiet hours as they are now."""
    planned = schedule.schedule(turn.started, turn.deadline, preferences.quiet_hours(prefs))
    later = [when for _slot, when in planned if when > now]
    return schedule.due(planned, now), later[0] if later else None


def _push(
    due: list[tuple[game_selectors.WaitingTurn, str, str]],
    prefs: dict[int, NotificationSettings],
) -> list[push.Push]:
    """Settle each (turn, slot, kind) with the turn's slots before it, in one statement,
    then queue the pushes of the slots this call settled (another run, or an earlier plan
    of the turn, may have got there first): those queued. A slot whose push is skipped
    (the person is looking, or turned the kind off) stays settled."""
    settling = [
        ReminderSent(user_id=turn.user_id, game_id=turn.game_id, deadline=turn.deadline, slot=s)
        for turn, slot, _kind in due
        for s in schedule.slots_through(slot)
    ]
    settled = set(insert_new(settling, ["user", "game", "slot"]))
    return push.queue_many(
        [
            (push.Push(turn.user_id, turn.game_id, kind), prefs[turn.user_id])
            for turn, slot, kind in due
            if (turn.user_id, turn.game_id, slot) in settled
        ]
    )


def _move_on(rows: list[PlannedReminder]) -> None:
    """Each row to its `due`, or dropped where it has none."""
    PlannedReminder.objects.bulk_update([row for row in rows if row.due], ["due"])
    PlannedReminder.objects.filter(pk__in=[row.pk for row in rows if not row.due]).delete()
