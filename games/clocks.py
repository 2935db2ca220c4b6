"""Each seat's clock: time per move plus a time bank (the reserve), and its deadline.

Correspondence seats start with a reserve of one time per move. A move made in time puts
half of its unused time back (up to a cap of two times per move); a move made late draws
the overrun from it; a timeout empties it. So a busy day costs some reserve, not a move.
A seat's deadline is its turn's start + time per move + reserve. Live games keep no
reserve: their deadline is the turn's start + time per move, as before the time bank.

Time away on vacation does not count: while the player is away (`Seat.away_since`) the
seat's clock is stopped, and on return its turn start and deadline move by the time away
(`resumed`). The arithmetic is plain functions of times, tested with a frozen clock.

A correspondence seat that misses its deadline keeps it (`Seat.overdue_since`) until its
person's own move: the sweeper's timeout gives it a fresh deadline, but the expel vote
stays open from the one it missed (`expel_opens`).
"""

from datetime import datetime, timedelta

RESERVE_START = 1.0  # times per move in the bank when a correspondence game starts
RESERVE_CAP = 2.0  # the most the bank holds, in times per move
REFILL = 0.5  # the share of a move's unused time that goes back into the bank
TIMEOUTS_BEFORE_LEFT = 3  # timeouts in a row that hand a person's seat to the AI


def starting_reserve(time_per_move: int, correspondence: bool) -> int:
    return int(time_per_move * RESERVE_START) if correspondence else 0


def deadline(turn_started: datetime, time_per_move: int, reserve: int) -> datetime:
    return turn_started + timedelta(seconds=time_per_move + reserve)


def time_used(turn_started: datetime, now: datetime, away_since: datetime | None) -> float:
    """Seconds of the turn the seat spent, not counting time away since `away_since`."""
    end = min(now, away_since) if away_since else now
    return max(0.0, (end - turn_started).total_seconds())


def reserve_after(time_per_move: int, reserve: int, used: float, correspondence: bool) -> int:
    """The bank after a move that took `used` seconds."""
    if not correspondence:
        return 0
    if used <= time_per_move:
        refill = int((time_per_move - used) * REFILL)
        return min(int(time_per_move * RESERVE_CAP), reserve + refill)
    return max(0, reserve - int(used - time_per_move + 0.999))


def resumed(turn_started: datetime, away_since: datetime, back: datetime) -> timedelta:
    """How far a seat's turn start and deadline move when its player is back: the time
    away during this turn (a turn that began while away counts from its start)."""
    return max(timedelta(0), back - max(turn_started, away_since))


# The seat columns a change may write (games/commit.py): `step`'s, and its own.
SEAT_FIELDS = [
    "timeouts",
    "to_act",
    "turn_started",
    "deadline",
    "reserve",
    "away_since",
    "away_until",
    "overdue_since",
    "expel_votes",
    "state",
    "handover",
]


def step(
    seats,
    *,
    old_acting: set[int],
    acting: set[int],
    mover: int | None,
    by: str | None,
    now: datetime,
    time_per_move: int,
    correspondence: bool,
    starting: bool,
) -> None:
    """Move every seat's clock on to a change of the game.

    The seat that moved settles its time bank; a seat whose turn begins (it was not to
    act before, or it moved and acts again) gets a new start and deadline; a seat that is
    no longer to act has no deadline. Seats to act before and after (the others while
    passing, which is simultaneous) keep their running clocks.
    """
    for seat in seats:
        moved = seat.number == mover
        if starting:
            seat.reserve = starting_reserve(time_per_move, correspondence)
        if moved and seat.turn_started is not None:
            if by == "timeout":
                seat.reserve = 0
                if correspondence and seat.overdue_since is None:
                    seat.overdue_since = seat.deadline  # the vote stays open from it
            else:
                used = time_used(seat.turn_started, now, seat.away_since)
                seat.reserve = reserve_after(time_per_move, seat.reserve, used, correspondence)
        if moved and by == "player":
            seat.away_since = seat.away_until = None  # a move ends the vacation
            seat.overdue_since, seat.expel_votes = None, []  # and the expel vote
        if seat.number in acting and (moved or seat.number not in old_acting):
            seat.turn_started = now
            seat.deadline = deadline(now, time_per_move, seat.reserve)
        elif seat.number not in acting:
            seat.turn_started = seat.deadline = None
        seat.to_act = seat.number in acting


def snapshot(seat) -> list:
    """The seat's columns that a change may write, to tell which seats changed."""
    return [getattr(seat, name) for name in SEAT_FIELDS]


def changed(seats, before: list[list]) -> tuple[list, list[str]]:
    """The seats whose columns differ from their `snapshot` in `before`, and the columns
    that differ in any of them: what a change writes (a move changes two or three of
    eight, and each value written costs the web process its preparing and quoting)."""
    rows, names = [], set()
    for seat, old in zip(seats, before, strict=True):
        now = snapshot(seat)
        differ = {n for n, was, is_ in zip(SEAT_FIELDS, old, now, strict=True) if was != is_}
        if differ:
            rows.append(seat)
            names |= differ
    return rows, [name for name in SEAT_FIELDS if name in names]


def earliest(seats, acting: set[int]) -> datetime | None:
    """The game's `turn_deadline`: the first deadline of a seat to act whose clock runs
    (its player is not away)."""
    running = [s.deadline for s in seats if s.number in acting and s.deadline and not s.away_since]
    return min(running, default=None)


def expel_opens(seat, grace: timedelta) -> datetime | None:
    """When the vote to hand a correspondence seat to the AI opens: `grace` after the first
    deadline it missed (its running one if the sweeper has not timed it out yet). It stays
    open until its person moves (`step`), whatever the timeouts did to its clock since;
    None while the AI plays the seat or its player is away."""
    if seat.plays_itself or seat.away_since:
        return None
    missed = seat.overdue_since or (seat.deadline if seat.to_act else None)
    return missed + grace if missed else None


def overdue(seat, now: datetime) -> bool:
    """A person to act whose own deadline passed while their clock ran (not away)."""
    return (
        seat.to_act
        and not seat.plays_itself
        and not seat.away_since
        and seat.deadline is not None
        and seat.deadline <= now
    )
