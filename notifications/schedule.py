"""When a correspondence turn's reminders go out: pure functions of times, no clock.

A turn has at most three pushes (`SLOTS`): when it starts, at half time and an hour
before the deadline. A slot that would not come after the previous one (a turn of two
hours or less has no "last hour" of its own) or not before the deadline is left out.

Quiet hours (the player's own, in their time zone) move a push, never drop it
outright: a slot that falls in them goes out when they end, as one push however many
slots fell in the same quiet spell (the latest slot's words: it is the more urgent
one), and not at all if the deadline comes first. Dropping would lose the "one hour
left" of a turn that runs out in the morning; sending at once is what quiet hours
are for.
"""

from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

START, HALF, LAST_HOUR = "start", "half", "last_hour"
SLOTS = (START, HALF, LAST_HOUR)
LAST_HOUR_BEFORE = timedelta(hours=1)


def reminder_times(started: datetime, deadline: datetime) -> list[tuple[str, datetime]]:
    """The turn's slots and their times, in order, each later than the one before."""
    wanted = [
        (START, started),
        (HALF, started + (deadline - started) / 2),
        (LAST_HOUR, deadline - LAST_HOUR_BEFORE),
    ]
    kept: list[tuple[str, datetime]] = []
    for slot, when in wanted:
        if when < deadline and (not kept or when > kept[-1][1]):
            kept.append((slot, when))
    return kept


@dataclass(frozen=True)
class QuietHours:
    """From `start` to `end` in local time of `zone`, every day; past midnight when
    `end` <= `start` (22:00-07:00). Equal times mean no quiet hours."""

    zone: ZoneInfo
    start: time
    end: time

    def end_of(self, when: datetime) -> datetime | None:
        """The end of the quiet spell `when` falls in (UTC), or None outside them."""
        if self.start == self.end:
            return None
        local = when.astimezone(self.zone)
        now = local.time()
        if self.start < self.end:
            inside, day = self.start <= now < self.end, local.date()
        else:
            inside = now >= self.start or now < self.end
            day = local.date() + timedelta(days=1) if now >= self.start else local.date()
        if not inside:
            return None
        return datetime.combine(day, self.end, tzinfo=self.zone).astimezone(UTC)


def schedule(
    started: datetime, deadline: datetime, quiet: QuietHours | None = None
) -> list[tuple[str, datetime]]:
    """When each push of the turn goes out, after quiet hours moved and merged them."""
    planned: list[tuple[str, datetime]] = []
    for slot, when in reminder_times(started, deadline):
        end = quiet.end_of(when) if quiet else None
        when = end or when
        if when >= deadline:
            continue
        if planned and when <= planned[-1][1]:  # postponed onto the same moment: one push
            planned[-1] = (slot, planned[-1][1])
        else:
            planned.append((slot, when))
    return planned


def due(planned: list[tuple[str, datetime]], now: datetime) -> str | None:
    """The latest slot whose time has come (earlier ones missed go with it), or None."""
    reached = [slot for slot, when in planned if when <= now]
    return reached[-1] if reached else None


def slots_through(slot: str) -> tuple[str, ...]:
    """`slot` and the ones before it: what one push at `slot` settles for the turn."""
    return SLOTS[: SLOTS.index(slot) + 1]
