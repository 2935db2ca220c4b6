"""`manage.py bench load` against a stack it starts: the report's shape, moves applied,
every game's record valid. Figures are printed, never asserted (no timed assertions)."""

import io
import re

from django.core.management import call_command

from tests.realtime.processes import database_url_for_tests


def figure(pattern: str, report: str) -> re.Match:
    found = re.search(pattern, report, re.MULTILINE)
    assert found, f"no line matching {pattern!r} in:\n{report}"
    return found


def test_bench_load_plays_moves_on_a_started_stack_and_checks_every_record(
    transactional_db, monkeypatch
):
    monkeypatch.setenv("DATABASE_URL", database_url_for_tests())  # the stack's database
    out = io.StringIO()
    call_command(
        "bench",
        "load",
        "--tables",
        "2",
        "--seconds",
        "5",
        "--socket-share",
        "0.5",
        "--think",
        "0.05",
        "--ramp",
        "1",
        "--finish",
        stdout=out,
    )
    report = out.getvalue()

    setup = figure(r"^setup: (\d+) people registered and seated at 2 tables.*, (.*)$", report)
    assert int(setup[1]) == 6
    assert "the tables start over 1 s, then 5 s measured" in setup[0]
    assert setup[2] == "each after 0.05 s of thought on average"
    moves = figure(
        r"^moves: (\d+) applied in [\d.]+ s = [\d.]+ moves/s \((\d+) over REST, (\d+) over the socket\)",
        report,
    )
    assert int(moves[1]) > 0
    assert int(moves[2]) > 0 and int(moves[3]) > 0  # both channels were used
    figure(r"^move latency ms: p50 \d+ p95 \d+ p99 \d+$", report)
    kinds = re.findall(r"^  (pass|play|tuck) \((\d+)\): p50 \d+ p95 \d+ p99 \d+$", report, re.M)
    assert {"pass", "play"} <= {kind for kind, _ in kinds}  # a deal's passes, then tricks
    assert sum(int(n) for _, n in kinds) == int(moves[2]) + int(moves[3])
    figure(r"^fan-out ms: p50 \d+ p95 \d+ p99 \d+ over [1-9]\d* deliveries", report)
    figure(r"^errors: \d+ ", report)
    handshakes = figure(
        r"^handshake failures: (\d+) .*; (\d+) sockets opened \((\d+) compressed", report
    )
    assert handshakes[1] == "0"
    assert handshakes[3] == handshakes[2]  # permessage-deflate, offered as browsers do
    figure(r"^database per move", report)
    figure(r"^server memory RSS MiB: web \d+ -> \d+ \(peak \d+\)$", report)
    figure(r"^  web total at 0/25/50/75/100% of the run:( \d+){5}$", report)
    figure(r"^generator CPU: \d+% of one core", report)
    cpu = figure(r"^server CPU \(% of one core\): (.*)$", report)[1]
    parts = set(re.findall(r"(\w+) \d+%", cpu))
    assert {"web", "worker", "push", "beat", "redis"} <= parts
    if database_url_for_tests().startswith("postgres"):  # a server on this machine
        assert "postgresql" in parts
    records = figure(
        r"^records: (\d+) finished games checked with the engine: (\d+) valid, (\d+) invalid; "
        r"(\d+) still running, (\d+) unreadable",
        report,
    )
    games, valid, invalid, running, unreadable = (int(n) for n in records.groups())
    assert games >= 2 and valid == games and invalid == running == unreadable == 0
