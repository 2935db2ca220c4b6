"""When a correspondence turn's reminders go out: pure functions, a frozen clock (every
time is given, none is read)."""

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

from notifications.schedule import (
    HALF,
    LAST_HOUR,
    START,
    QuietHours,
    due,
    reminder_times,
    schedule,
    slots_through,
)

T0 = datetime(2026, 3, 10, 9, 0, tzinfo=UTC)  # a Tuesday, 9:00 UTC
DAY = timedelta(days=1)
BERLIN = ZoneInfo("Europe/Berlin")  # UTC+1 in March before the 29th


def at(hours: float) -> datetime:
    return T0 + timedelta(hours=hours)


def test_a_day_long_turn_has_three_reminders():
    assert reminder_times(T0, T0 + DAY) == [(START, T0), (HALF, at(12)), (LAST_HOUR, at(23))]


def test_a_turn_of_two_hours_or_less_has_no_last_hour_of_its_own():
    assert reminder_times(T0, at(2)) == [(START, T0), (HALF, at(1))]
    assert reminder_times(T0, at(1)) == [(START, T0), (HALF, at(0.5))]


def test_never_more_than_three_and_always_before_the_deadline():
    for hours in (1, 1.5, 2, 3, 24, 72):
        times = reminder_times(T0, at(hours))
        assert len(times) <= 3
        assert all(when < at(hours) for _, when in times)
        assert [w for _, w in times] == sorted({w for _, w in times})


def test_quiet_hours_past_midnight_in_the_player_s_zone():
    quiet = QuietHours(BERLIN, time(22, 0), time(7, 0))
    assert quiet.end_of(datetime(2026, 3, 10, 20, 59, tzinfo=UTC)) is None  # 21:59 Berlin
    assert quiet.end_of(datetime(2026, 3, 10, 21, 0, tzinfo=UTC)) == datetime(
        2026, 3, 11, 6, 0, tzinfo=UTC
    )  # 22:00 Berlin: quiet until 7:00 Berlin = 6:00 UTC
    assert quiet.end_of(datetime(2026, 3, 11, 5, 59, tzinfo=UTC)) == datetime(
        2026, 3, 11, 6, 0, tzinfo=UTC
    )
    assert quiet.end_of(datetime(2026, 3, 11, 6, 0, tzinfo=UTC)) is None  # the end is not quiet


def test_quiet_hours_within_one_day_and_none_when_equal():
    quiet = QuietHours(ZoneInfo("Asia/Seoul"), time(13, 0), time(14, 0))  # UTC+9
    assert quiet.end_of(datetime(2026, 3, 10, 4, 30, tzinfo=UTC)) == datetime(
        2026, 3, 10, 5, 0, tzinfo=UTC
    )
    assert quiet.end_of(datetime(2026, 3, 10, 5, 0, tzinfo=UTC)) is None
    assert QuietHours(BERLIN, time(8, 0), time(8, 0)).end_of(T0) is None


def test_a_reminder_in_quiet_hours_moves_to_their_end():
    # A day-long turn from 9:00 UTC; half time 21:00 UTC = 22:00 Berlin: quiet.
    quiet = QuietHours(BERLIN, time(22, 0), time(7, 0))
    assert schedule(T0, T0 + DAY, quiet) == [
        (START, T0),
        (HALF, datetime(2026, 3, 11, 6, 0, tzinfo=UTC)),  # 7:00 Berlin
        (LAST_HOUR, at(23)),  # 9:00 Berlin: not quiet
    ]


def test_slots_postponed_onto_one_moment_make_one_push_with_the_later_words():
    # Turn from 20:00 to 8:00 UTC (21:00 Berlin, not quiet yet): half time 2:00 and the
    # last hour 7:00 UTC (3:00 and 8:00 Berlin); quiet 22:00-9:00 Berlin: both move to
    # 9:00 Berlin = 8:00 UTC, the deadline itself: dropped. Quiet until 8:30 Berlin: they
    # merge into one push.
    start = datetime(2026, 3, 10, 20, 0, tzinfo=UTC)
    deadline = start + timedelta(hours=12)
    late = schedule(start, deadline, QuietHours(BERLIN, time(22, 0), time(9, 0)))
    assert late == [(START, start)]
    merged = schedule(start, deadline, QuietHours(BERLIN, time(22, 0), time(8, 30)))
    assert merged == [(START, start), (LAST_HOUR, datetime(2026, 3, 11, 7, 30, tzinfo=UTC))]


def test_without_quiet_hours_the_schedule_is_the_reminder_times():
    assert schedule(T0, T0 + DAY) == reminder_times(T0, T0 + DAY)


def test_the_latest_due_slot_stands_for_the_missed_ones():
    planned = schedule(T0, T0 + DAY)
    assert due(planned, T0 - timedelta(seconds=1)) is None
    assert due(planned, T0) == START
    assert due(planned, at(12)) == HALF
    assert due(planned, at(23.5)) == LAST_HOUR  # the beat was down at half time: one push
    assert slots_through(LAST_HOUR) == (START, HALF, LAST_HOUR)
    assert slots_through(START) == (START,)
