"""`manage.py bench engine` prints throughput per player count (no speed is asserted)."""

import io

from django.core.management import call_command


def test_bench_engine_prints_a_row_per_player_count():
    out = io.StringIO()
    call_command("bench", "engine", "--seconds", "0.05", stdout=out)
    rows = [line.split() for line in out.getvalue().splitlines()[2:]]
    assert [int(row[0]) for row in rows] == [3, 4, 5, 6]
    assert all(int(row[1]) >= 1 and float(row[2]) > 0 for row in rows)
