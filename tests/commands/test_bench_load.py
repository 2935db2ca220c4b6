"""`manage.py bench load` against a stack it starts: the report's shape, moves applied,
every game's record valid. Figures are printed, never asserted (no timed assertions)."""

import asyncio
import io
import re

from django.core.management import call_command

from bench.load import generator
from bench.load.people import Crowd, Person, Player
from games.models import Game, PlayerSettings
from tests.commands.reports import figure
from tests.realtime.processes import database_url_for_tests


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
    assert "tables (live: 300 s a move; forced moves default (the app's" in setup[0]
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


def test_bench_load_at_correspondence_speed_counts_the_servers_moves_and_the_refusals(
    transactional_db, monkeypatch
):
    monkeypatch.setenv("DATABASE_URL", database_url_for_tests())
    out = io.StringIO()
    call_command(
        "bench",
        "load",
        "--tables",
        "2",
        "--seconds",
        "8",
        "--socket-share",
        "0.5",
        "--think",
        "0.05",
        "--ramp",
        "1",
        "--speed",
        "correspondence",
        "--forced-moves",
        "on",
        stdout=out,
    )
    report = out.getvalue()

    people = PlayerSettings.objects.filter(user__username__regex=r"^ld[0-9a-f]{8}\d+$")
    assert people.count() == 6
    assert not people.exclude(forced_moves_live=True, forced_moves_correspondence=True).exists()
    assert set(Game.objects.values_list("time_per_move", flat=True)) == {24 * 3600}
    figure(
        r"^setup: 6 people registered and seated at 2 tables \(correspondence: 86400 s a move; "
        r"forced moves on for every person\)",
        report,
    )
    applied = int(figure(r"^moves: (\d+) applied", report)[1])
    server = figure(
        r"^server moves: (\d+) forced, (\d+) ai, (\d+) timeout = ([\d.]+) moves/s "
        r"\(the people's own by the database: (\d+)\)$",
        report,
    )
    forced, ai, timeout, per_second, own = server.groups()
    assert int(forced) > 0  # every person's forced moves are on: the server makes some
    assert int(ai) == int(timeout) == 0  # no AI seat, and a day's clock runs out for nobody
    assert float(per_second) > 0
    assert int(own) > 0 and applied > 0
    refused = figure(r"^refused: (\d+) moves(?:: (.*))?$", report)
    total, detail = int(refused[1]), refused[2] or ""
    counted = 0
    for n, code, channels in re.findall(r"(\d+) (\w+) \(([^)]*)\)", detail):
        by_channel = re.findall(r"(\d+) (rest|socket)", channels)
        assert sum(int(k) for k, _ in by_channel) == int(n), detail
        assert code.islower(), detail
        counted += int(n)
    assert counted == total, detail


def test_a_refused_move_is_counted_by_code_and_channel_and_the_player_looks_again():
    crowd = Crowd("http://bench.invalid", session=None, socket_share=0.0)
    crowd.measuring = True
    player = Player(crowd, Person("alice", "token"), game_id=7, ws=None)
    player.seat = 0
    move = {"kind": "play", "cards": ["C2"]}

    def game(version, status="active"):
        return {"version": version, "status": status, "view": {"legal_moves": [move]}}

    player.latest = game(3)
    sent, fetched = [], []

    async def by_rest(body):
        sent.append(body["version"])
        if body["version"] == 3:  # the server moved on meanwhile
            return 409, {"code": "stale_version", "version": 4}
        return 200, game(5, status="finished")

    async def api(method, path, person=None, body=None):
        fetched.append((method, path))
        return 200, game(4)

    player._by_rest = by_rest
    crowd.api = api
    asyncio.run(asyncio.wait_for(player.play(until_over=False), 10))

    assert sent == [3, 4]  # refused, then looked again and moved on the newer version
    assert fetched == [("GET", "/api/games/7")]
    assert crowd.figures.refusals == {("stale_version", "rest"): 1}
    assert not crowd.figures.errors
    assert list(crowd.figures.replies) == [(7, 5)]  # only the applied move
    assert len(crowd.figures.latencies["rest"]) == 1


def test_settling_waits_for_every_open_socket_to_bring_its_tables_newest_version():
    """A move in flight as the window closed is not measured, and a REST mover's own
    socket is not among a measured move's other seats: the wait covers both, or the
    run's sockets close before their last broadcast (a gap `bench stacks` reports)."""
    crowd = Crowd("http://bench.invalid", session=None, socket_share=0.0)
    mover, other, closed = (
        Player(crowd, Person(name, "token"), game_id=7, ws=object()) for name in "abc"
    )
    mover.latest, other.latest, closed.latest = {"version": 9}, {"version": 8}, {"version": 8}
    mover.received, other.received = [(8, 0.0)], [(8, 0.0)]
    closed.ws = None  # the finisher's socket: closed as the game ended, never waited for

    async def settle_while_the_broadcast_comes():
        async def broadcast():
            await asyncio.sleep(0.5)
            for player in (mover, other):
                player.received.append((9, 0.5))

        arriving = asyncio.create_task(broadcast())
        await generator.settle([[mover, other, closed]])
        settled_with = [p.received[-1][0] for p in (mover, other)]
        await arriving
        return settled_with

    assert asyncio.run(settle_while_the_broadcast_comes()) == [9, 9]
