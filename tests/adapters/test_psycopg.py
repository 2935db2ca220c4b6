"""The contract of barkside/adapters/psycopg.py: psycopg's C module is there, its
`timestamptz` loader reads as psycopg's Python loader does, and the project's connections
load with it (barkside/postgresql/)."""

import datetime

import psycopg
import pytest
from django.db import connection
from psycopg.types.datetime import TimestamptzLoader

from barkside.adapters.psycopg import c_timestamptz_loader
from barkside.postgresql.base import UTCTimestampLoader

TIMESTAMPTZ = psycopg.adapters.types["timestamptz"].oid
TEXTS = [
    b"2024-05-01 12:34:56.789012+00",
    b"1999-12-31 23:59:59+05:30",
    b"0001-01-02 00:00:00+00",
    b"9999-12-30 12:00:00-08",
]


def test_the_c_module_gives_its_timestamptz_loader():
    loader = c_timestamptz_loader()
    assert psycopg.pq.__impl__ in ("c", "binary")  # psycopg[binary], as pyproject.toml asks
    assert loader is not None and loader is not TimestamptzLoader
    assert loader.__name__ == "TimestamptzLoader"
    assert loader.__module__ in ("psycopg_binary._psycopg", "psycopg_c._psycopg")


def test_the_c_loader_reads_as_the_python_loader_does():
    c = c_timestamptz_loader()(TIMESTAMPTZ, None)  # no connection: in UTC
    python = TimestamptzLoader(TIMESTAMPTZ, None)
    read = [c.load(text) for text in TEXTS]
    assert read == [python.load(text) for text in TEXTS]
    assert all(value.tzinfo is datetime.UTC for value in read)
    assert read[1] == datetime.datetime(1999, 12, 31, 18, 29, 59, tzinfo=datetime.UTC)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the PostgreSQL backend's loader")
@pytest.mark.django_db
def test_the_projects_connections_load_with_the_c_loader():
    with connection.cursor() as cursor:
        loader = cursor.connection.adapters.get_loader(TIMESTAMPTZ, psycopg.pq.Format.TEXT)
        assert loader is UTCTimestampLoader
        assert type(loader(TIMESTAMPTZ, cursor.connection).load.__self__) is c_timestamptz_loader()
