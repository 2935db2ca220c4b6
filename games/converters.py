"""The `<game_id:...>` URL converter: a game's id as the URLs take it.

Ids are below 2**53 (games/models.py `GAME_IDS`), so at most 16 digits: a longer number
is a 404 at the router, as a game nobody has, and never reaches a query (a number past
64 bits fails in PostgreSQL's bigint). The OpenAPI schema says it is an integer
(SPECTACULAR_SETTINGS' PATH_CONVERTER_OVERRIDES). Importing this module registers the
converter (once: modules are imported once).

`<seat:...>`: a seat's number, 0 to 5 (the most seats at a table); another is a 404 at
the router too.
"""

from django.urls import register_converter


class NumberConverter:
    """A path segment of digits (its `regex`), as an int in the view."""

    regex = "[0-9]+"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(value)


class GameIdConverter(NumberConverter):
    regex = "[0-9]{1,16}"


class SeatConverter(NumberConverter):
    regex = "[0-5]"


register_converter(GameIdConverter, "game_id")
register_converter(SeatConverter, "seat")
