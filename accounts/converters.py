"""The `<username:...>` URL converter: only what a username can be reaches a view.

Anything else (a NUL byte, which PostgreSQL refuses in text, a slash-free 10 kB string)
is a 404 at the router, like a name nobody has, and the OpenAPI schema gets the pattern.
Importing this module registers the converter (once: modules are imported once).
"""

from django.urls import register_converter

from accounts.models import USERNAME_PATTERN


class UsernameConverter:
    regex = USERNAME_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(UsernameConverter, "username")
