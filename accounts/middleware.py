"""Each request a guest makes keeps it from being removed as idle (accounts/guests.py)."""

from accounts.guests import guest_seen


class GuestSeenMiddleware:
    """After the view, as DRF signs token requests in there (and sets `request.user`)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            guest_seen(user)
        return response
