"""Errors the game services raise; the API turns them into its one error shape."""

from barkside.errors import ServiceError


class GameError(ServiceError):
    """A refused change to a game (an engine reason code, a stale version, not yours...)."""
