"""JSON text in C (orjson) where a move spends its JSON time: the game's state, read and
written with every move, and each seat's view, sent with every move.

With the standard library, encoding and decoding JSON took a noticeable share of a
move's own time (`bench move`): a state of a few KB and three views of about as much per
move. orjson does each in a fraction of that. The text it writes reads the same
to any JSON parser: compact, UTF-8, and dates as the API renders them (UTC as `Z`).
"""

import orjson
from django.db import models
from psycopg.types.json import Jsonb
from rest_framework.utils.encoders import JSONEncoder

# What orjson does not know itself (lazy translated text, decimals...) the API's encoder
# renders; integer dictionary keys become text, as the standard library makes them.
_api_default = JSONEncoder().default
_OPTIONS = orjson.OPT_UTC_Z | orjson.OPT_NON_STR_KEYS


def _encoded(value) -> bytes:
    return orjson.dumps(value, default=_api_default, option=_OPTIONS)


def dumps(value) -> str:
    """`value` as JSON text, as the API would render it."""
    return _encoded(value).decode()


class JSONField(models.JSONField):
    """Django's JSONField, its values decoded and (on PostgreSQL) encoded by orjson."""

    def from_db_value(self, value, expression, connection):
        if isinstance(value, str) and self.decoder is None:
            try:
                return orjson.loads(value)
            except orjson.JSONDecodeError:  # as Django's: text that is not JSON stays text
                return value
        return super().from_db_value(value, expression, connection)

    def get_db_prep_value(self, value, connection, prepared=False):
        adapted = super().get_db_prep_value(value, connection, prepared)
        if isinstance(adapted, Jsonb) and self.encoder is None:
            return Jsonb(adapted.obj, dumps=_encoded)
        return adapted
