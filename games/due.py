"""When the sweeper next looks at a game: its `GameDue` time.

A running game needs the sweeper only when something is due without anyone moving: a
person's deadline (the autopilot moves for them), an AI turn whose task was lost, or a
person who has left the game waiting so long that it is aborted. An open table needs it
once nobody has sat down for its wait (`open_table_wait`): it closes, so the lobby holds
only tables that people come to. The commit stores the earliest of these with every
change (games/commit.py; a new table's by `open_table`), so a sweep reads what is due now
through an index and costs what is due, never the games held.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from games.models import Game, Seat

IDLE_ABORT = timedelta(days=30)  # a person to act this long after the last move: aborted
AI_STALL = timedelta(seconds=30)  # an AI turn this late lost its task: queue it again


def due(game: Game, seats: list[Seat], now: datetime | None = None) -> datetime | None:
    """The earliest time the sweeper has something to do for `game`, None if never (it
    has ended); for an open table changed `now` (opened, joined, left), its expiry."""
    if game.status == Game.Status.OPEN:
        return (now or timezone.now()) + open_table_wait(game)
    if game.status != Game.Status.ACTIVE or game.last_move is None:
        return None
    acting = [s for s in seats if s.to_act]
    times = [game.turn_deadline] if game.turn_deadline else []
    if any(s.plays_itself for s in acting):
        times.append(game.last_move + AI_STALL)
    if any(not s.plays_itself for s in acting):
        times.append(game.last_move + IDLE_ABORT)
    return min(times, default=None)


def open_table_wait(game: Game) -> timedelta:
    """How long an open table waits for its next player: live tables less, as their
    people wait at the screen, correspondence tables more."""
    if game.is_correspondence:
        return timedelta(seconds=settings.OPEN_TABLE_EXPIRY_CORRESPONDENCE)
    return timedelta(seconds=settings.OPEN_TABLE_EXPIRY_LIVE)
