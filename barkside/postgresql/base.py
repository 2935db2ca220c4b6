"""Django's PostgreSQL backend, reading `timestamptz` values with psycopg's C loader.

Django reads them with a loader of its own, a subclass of psycopg's pure-Python one, so
that each comes back in the connection's time zone: many times slower a value than the C
loader, and a move's locked read of its game (the game, its seats and their people)
holds a few dozen timestamps. Where Django's zone is UTC, which the session's is set to
as well, the C loader gives the same aware datetimes; other settings keep Django's loader
(naive datetimes without USE_TZ, another zone with the database's TIME_ZONE), as does
psycopg without its C module.
"""

import datetime

from django.db.backends.postgresql import base
from psycopg.adapt import Loader

from barkside.adapters.psycopg import c_timestamptz_loader

_C_LOADER = c_timestamptz_loader()  # None in the pure-Python psycopg


class UTCTimestampLoader(Loader):
    """psycopg's C `timestamptz` loader, with the `timezone` Django checks on each cursor
    (`create_cursor`: a loader for another zone would be swapped for Django's own). The C
    class cannot be subclassed, so each instance passes on the C loader's `load`."""

    timezone = datetime.UTC

    def __init__(self, oid: int, context=None):
        super().__init__(oid, context)
        self.load = _C_LOADER(oid, context).load

    def load(self, data):  # replaced by the C loader's in __init__
        raise NotImplementedError


class DatabaseWrapper(base.DatabaseWrapper):
    def get_connection_params(self):
        params = super().get_connection_params()
        if _C_LOADER is not None and self.timezone == datetime.UTC:
            params["context"].register_loader("timestamptz", UTCTimestampLoader)
        return params
