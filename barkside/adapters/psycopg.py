"""psycopg's C implementation, where it is installed (psycopg[binary] or psycopg[c]).

Relies on (contract: tests/adapters/test_psycopg.py): `psycopg._cmodule._psycopg`, the
C module (None in the pure-Python psycopg), and its `TimestamptzLoader`.
"""

from psycopg._cmodule import _psycopg


def c_timestamptz_loader() -> type | None:
    """psycopg's C loader of `timestamptz` text, or None without the C module. Django
    replaces it on its connections with a subclass of the pure-Python loader (for its
    time zones), and the C class is reached publicly only as the global default loader
    (`psycopg.adapters`), which any library may replace: the C module names it for sure."""
    return None if _psycopg is None else _psycopg.TimestamptzLoader
