"""`manage.py bench stacks` on a few tables: two stacks of one site on one PostgreSQL and
one Redis, every table with sockets on both. Each stack's moves reach the other stack's
sockets, every socket sees every version, and only its own seat's cards. Figures are
printed, never asserted (no timed assertions)."""

import io

import pytest
from django.core.management import call_command
from django.db import connection

from games.models import GameEvent
from tests.commands.reports import figure
from tests.realtime.processes import database_url_for_tests

TABLES = 2


@pytest.mark.skipif(connection.vendor != "postgresql", reason="stacks share a database server")
def test_bench_stacks_brings_each_move_to_the_other_stacks_sockets_with_no_gap(
    transactional_db, monkeypatch
):
    monkeypatch.setenv("DATABASE_URL", database_url_for_tests())  # both stacks' database
    out = io.StringIO()
    call_command(
        "bench",
        "stacks",
        *("--tables", str(TABLES), "--seconds", "4", "--think", "0.05", "--ramp", "1"),
        stdout=out,
    )
    report = out.getvalue()

    stacks = figure(r"^stacks: A at (\S+), B at (\S+): .*beat on A only; one Redis", report)
    assert stacks[1] != stacks[2]
    moves = figure(r"^moves: (\d+) applied .* \((\d+) on stack A, (\d+) on stack B;", report)
    applied, on_a, on_b = (int(n) for n in moves.groups())
    assert on_a > 0 and on_b > 0 and on_a + on_b == applied
    assert GameEvent.objects.filter(actor="player").count() >= applied  # one database
    for route in ("A -> B", "B -> A"):
        line = figure(
            rf"^    {route}: p50 \d+ p95 \d+ p99 \d+ over (\d+) deliveries "
            r"\(\d+ before the reply, (\d+) never arrived\)$",
            report,
        )
        assert int(line[1]) > 0 and line[2] == "0"
    versions = figure(
        r"^versions: no gap: (\d+) sockets got (\d+) versions; 0 lost between a socket's "
        r"first and last, 0 sockets short of their game's last version by 0;",
        report,
    )
    assert int(versions[1]) >= 3 * TABLES and int(versions[2]) > applied
    views = figure(r"^views: (\d+) socket messages, .*: (\d+) with cards not their seat's", report)
    assert int(views[1]) >= int(versions[2]) and views[2] == "0"
