"""The games app's public services: every change to a game, whoever asks for it.

Each module computes its changes from a locked snapshot of the game and stores them
through the one commit (games/commit.py); the apps built on games, its API views,
sockets and tasks call them from here.
"""

from games.commit import locked as game_locked
from games.correspondence import (
    expel_vote,
    game_settings_update,
    vacation_end,
    vacation_start,
)
from games.play import Actor, ai_move, apply_move, game_move, game_timeout
from games.shares import fair_share_check
from games.sweeper import AI_STALL, sweep
from games.tables import (
    game_abort,
    game_create,
    game_join,
    game_leave,
    game_resign,
    game_start_seated,
    guest_check,
    seat_retake,
    seats_to_autopilot,
)

__all__ = [
    "AI_STALL",
    "Actor",
    "ai_move",
    "apply_move",
    "expel_vote",
    "fair_share_check",
    "game_abort",
    "game_create",
    "game_join",
    "game_leave",
    "game_locked",
    "game_move",
    "game_resign",
    "game_settings_update",
    "game_start_seated",
    "game_timeout",
    "guest_check",
    "seat_retake",
    "seats_to_autopilot",
    "sweep",
    "vacation_end",
    "vacation_start",
]
