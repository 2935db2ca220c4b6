"""The PostgreSQL backend (barkside/postgresql/) reads timestamps in C, as the aware UTC
datetimes Django's own loader gives."""

import datetime

import pytest
from django.db import connection
from django.db.backends.postgresql.psycopg_any import register_tzloader
from hypothesis import given, settings
from hypothesis import strategies as st

from barkside.postgresql.base import UTCTimestampLoader

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the PostgreSQL backend's own loader"
)

TIMESTAMPTZ = 1184  # the type's oid

moments = st.datetimes(
    min_value=datetime.datetime(1, 1, 2),
    max_value=datetime.datetime(9999, 12, 30),
    timezones=st.sampled_from(
        [datetime.UTC, datetime.timezone(datetime.timedelta(hours=5, minutes=30))]
    ),
)


def read_back(values, djangos_loader=False):
    with connection.cursor() as cursor:
        if djangos_loader:  # on this cursor only
            register_tzloader(datetime.UTC, cursor)
        cursor.execute("SELECT " + ", ".join(["%s::timestamptz"] * len(values)), values)
        return cursor.fetchone()


@pytest.mark.django_db
def test_a_connection_reads_timestamps_with_the_c_loader():
    with connection.cursor() as cursor:
        loader = cursor.connection.adapters.get_loader(TIMESTAMPTZ, 0)
    assert loader is UTCTimestampLoader


@pytest.mark.django_db
@settings(max_examples=200, deadline=None)
@given(values=st.lists(moments | st.none(), min_size=1, max_size=8))
def test_timestamps_read_back_as_djangos_loader_reads_them(values):
    ours = read_back(values)
    djangos = read_back(values, djangos_loader=True)
    assert ours == djangos
    for value, read in zip(values, ours, strict=True):
        assert read == value  # the same instant
        assert read is None or read.tzinfo is datetime.UTC
