from barkside.errors import ServiceError


class MatchmakingError(ServiceError):
    """A refused queue, rating or profile request."""
