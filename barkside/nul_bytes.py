"""A NUL byte in a request's query string or cookies is refused with a 400.

PostgreSQL stores no NUL in text: a value carrying one, used in a query as it stands (an
admin list filter's `?status__exact=%00`, a session cookie), raises an error at the
database, which would be a 500. No filter value, search, page or key here ever holds
one, so it is refused before any view: the API answers `malformed` in its one shape and
the admin Django's 400 page (barkside/error_pages.py). Paths need no check here: their
converters take no NUL (`<username:>`, `<game_id:>`: a 404 like a name nobody has, and
the admin's object ids are numbers), and bodies neither: every form and serializer
field refuses a NUL on its own.
"""

from django.core.exceptions import SuspiciousOperation

NUL = "\x00"


class NulByte(SuspiciousOperation):
    """Answered 400 by Django (handler400), logged on `django.security.NulByte`."""


def _texts(request):
    """The request's query string's names and values, and its cookies."""
    for name, values in request.GET.lists():
        yield name
        yield from values
    for name, value in request.COOKIES.items():
        yield name
        yield value


class RefuseNulBytesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if any(NUL in text for text in _texts(request)):
            raise NulByte("a NUL byte in the request's query string or cookies")
        return self.get_response(request)
