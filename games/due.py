"""When the sweeper next looks at a running game: its `GameDue` time.

A running game needs the sweeper only when something is due without anyone moving: a
person's deadline (the autopilot moves for them), an AI turn whose task was lost, or a
person who has left the game waiting so long that it is aborted. The commit stores the
earliest of these with every change (games/commit.py), so a sweep reads what is due now
through an index and costs what is due, never the games held.
"""

from datetime import datetime, timedelta

from games.models import Game, Seat

IDLE_ABORT = timedelta(days=30)  # a person to act this long after the last move: aborted
AI_STALL = timedelta(seconds=30)  # an AI turn this late lost its task: queue it again


def due(game: Game, seats: list[Seat]) -> datetime | None:
    """The earliest time the sweeper has something to do for `game`, None if never
    (it is not running)."""
    if game.status != Game.Status.ACTIVE or game.last_move is None:
        return None
    acting = [s for s in seats if s.to_act]
    times = [game.turn_deadline] if game.turn_deadline else []
    if any(s.plays_itself for s in acting):
        times.append(game.last_move + AI_STALL)
    if any(not s.plays_itself for s in acting):
        times.append(game.last_move + IDLE_ABORT)
    return min(times, default=None)
