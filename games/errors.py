"""Errors the game services raise; the API turns them into its one error shape."""

from barkside.errors import ServiceError


class GameError(ServiceError):
    """A refused change to a game (an engine reason code, a stale version, not yours...)."""


def no_such_game() -> GameError:
    """The one answer for a missing game, and for a private game to anyone not seated at it
    (a wrong invite code included): nobody can tell the two apart by asking."""
    return GameError("not_found", status=404)
