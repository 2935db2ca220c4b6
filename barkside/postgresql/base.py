"""Django's PostgreSQL backend, reading `timestamptz` values with psycopg's C loader.

Django reads them with a loader of its own, a subclass of psycopg's pure-Python one, so
that each comes back in the connection's time zone: about 11 µs a value where the C
loader takes under 1. A move's locked read of its game (the game, three seats and their
people: about 25 timestamps) spent 3.6% of the web processes' CPU there in the
100-table `bench load` (py-spy --gil). Where Django's zone is UTC, which the session's
is set to as well, the C loader gives the same aware datetimes; other settings keep
Django's loader (naive datetimes without USE_TZ, another zone with the database's
TIME_ZONE), as does psycopg without its C module.
"""

import datetime

from django.db.backends.postgresql import base
from psycopg._cmodule import _psycopg  # None in the pure-Python psycopg
from psycopg.adapt import Loader


class UTCTimestampLoader(Loader):
    """psycopg's C `timestamptz` loader, with the `timezone` Django checks on each cursor
    (`create_cursor`: a loader for another zone would be swapped for Django's own). The C
    class cannot be subclassed, so each instance passes on the C loader's `load`."""

    timezone = datetime.UTC

    def __init__(self, oid: int, context=None):
        super().__init__(oid, context)
        self.load = _psycopg.TimestamptzLoader(oid, context).load

    def load(self, data):  # replaced by the C loader's in __init__
        raise NotImplementedError


class DatabaseWrapper(base.DatabaseWrapper):
    def get_connection_params(self):
        params = super().get_connection_params()
        if _psycopg is not None and self.timezone == datetime.UTC:
            params["context"].register_loader("timestamptz", UTCTimestampLoader)
        return params
