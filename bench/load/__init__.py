"""`manage.py bench load`: a crowd of real HTTP and WebSocket clients against a stack.

    manage.py bench load --tables 20 --seconds 30 --socket-share 0.7 --web-processes 2
    manage.py bench load --tables 20 --server granian  # uvicorn (default), daphne, granian
    manage.py bench load --url http://127.0.0.1:8000 --tables 6
    manage.py bench load --idle-sockets 1000
    manage.py bench load --speed correspondence --forced-moves off  # or mix; on

Without `--url` it starts a production-like stack (stack.py) on DATABASE_URL. People
register through the API, sit at private 3-person tables (invite code), open every
seat's game socket, then for `--seconds` play random legal moves as fast as the server
answers (or each after about `--think` seconds, as people do), a share of them over the
socket. The tables are live, correspondence or a mix (`--speed`); every person's
forced-move settings are the app's defaults or all on or all off (`--forced-moves`).
It prints throughput, latencies, fan-out, the moves the server made for people, refused
moves by code, errors, database work per move, server memory and CPU, the generator's own
CPU, and at the end checks every finished game's record with the engine.
"""

import asyncio
import contextlib
import os
import time

from django.utils import timezone

from barkside import collector
from games import engine

from . import generator
from .people import SPEEDS, TIME_PER_MOVE, Crowd, Person, close_all
from .report import Run, print_report
from .server import (
    cpu_by_process,
    cpu_spent,
    cpu_spent_by_process,
    database_connections,
    database_name,
    database_server_pids,
    database_snapshot,
    listening_pids,
    moves_by_actor,
    rss_mib,
)
from .stack import database_url, started_stack

FINISH_TIMEOUT = 300.0
RECORD_TRIES = 3
# Handshakes at once in --idle-sockets: a server drops a handshake not accepted within a
# few seconds (daphne 5 s), and a loaded machine does a few dozen a second.
IDLE_CONCURRENCY = 16
# Seconds over which the tables start, before the measured window: a crowd does not make
# its first move in one instant. Started together, the 100 tables' 300 first passes came
# at once, a backlog of more than a second's moves that set the p95 of a whole minute.
RAMP = 5.0


def bench_load(
    write,
    seconds: float = 3.0,
    url: str | None = None,
    stack=None,
    tables: int | None = None,
    people: int | None = None,
    socket_share: float = 0.5,
    think: float = 0.0,
    ramp: float = RAMP,
    web_processes: int = 1,
    server: str = "uvicorn",
    idle_sockets: int | None = None,
    finish: bool = False,
    speed: str = "live",
    forced_moves: str = "default",
    **_,
) -> None:
    tables = tables or (people // 3 if people else 2)
    generator.raise_open_files_limit()
    with contextlib.ExitStack() as exits:
        if stack:  # started by another bench (bench scale's), with its processes known
            url, web_pids, other_pids = stack.url, stack.web_pids, stack.other_pids
            write(f"stack: {url}, the one started above ({len(web_pids)} web process(es))")
        elif url:
            web_pids, other_pids = listening_pids(url), {}
            write(f"stack: {url} (web processes found: {web_pids or 'none of this user'})")
        else:
            stack = exits.enter_context(started_stack(web_processes, database_url(), server))
            url, web_pids, other_pids = stack.url, stack.web_pids, stack.other_pids
            named = " ".join(f"{k}={v}" for k, v in stack.settings.items())
            write(
                f"stack: started at {url}: {web_processes} {server} web process(es) on one "
                f"port, a Celery worker, a Web Push worker and beat; {named}"
            )
        other_pids = {**other_pids, "postgresql": database_server_pids()}
        other_pids = {name: pids for name, pids in other_pids.items() if pids}
        write(
            f"machine: {os.cpu_count()} CPUs, load average "
            + " ".join(f"{x:.2f}" for x in os.getloadavg())
            + f" before the run; speed: {generator.loop_ms():.0f} ms of CPU for a fixed Python loop; "
            + f"database {database_name()}"
        )
        if idle_sockets:
            generator.run(_idle(write, url, idle_sockets, web_pids))
        else:
            run = generator.run(
                _load(
                    write,
                    url,
                    tables,
                    seconds,
                    socket_share,
                    think,
                    ramp,
                    finish,
                    web_pids,
                    other_pids,
                    speed,
                    forced_moves,
                )
            )
            print_report(write, run)


async def _load(
    write,
    url,
    tables,
    seconds,
    socket_share,
    think,
    ramp,
    finish,
    web_pids,
    other_pids,
    speed,
    forced_moves,
) -> Run:
    async with generator.session() as session:
        crowd = Crowd(url, session, socket_share, think, speed=speed, forced_moves=forced_moves)
        began = time.perf_counter()
        people, seated = await generator.seated_tables(crowd, tables)
        setup = time.perf_counter() - began
        write(
            f"setup: {len(people)} people registered and seated at {len(seated)} tables "
            f"({_speed(speed)}; forced moves {_forced(forced_moves)}) in "
            f"{setup:.1f} s; the tables start over {ramp:g} s, then {seconds:g} s measured, "
            f"{100 * socket_share:.0f}% of moves over the game socket, "
            + (f"each after {think:g} s of thought on average" if think else "no time to think")
        )
        # The crowd's people, sockets and first views live as long as the run, as a web
        # process's app does: frozen, no collection walks them again, and young ones are
        # collected less often: with Python's defaults the generator spent much of its CPU
        # in its collector (py-spy --native shows gc_collect_main under orjson.loads).
        collector.settle()
        playing = [
            asyncio.create_task(crowd.play_table(players, after=crowd.rng.uniform(0, ramp)))
            for players in seated
        ]
        await asyncio.sleep(ramp)
        rss_start = rss_mib(web_pids)
        db_before = await asyncio.to_thread(database_snapshot)
        cpu_before = _cpu(web_pids, other_pids)
        crowd.measuring = True
        start, began_at = time.perf_counter(), timezone.now()
        peaks = _Peaks(web_pids)
        sampler = asyncio.create_task(peaks.run())
        await asyncio.sleep(seconds)
        end, ended_at = time.perf_counter(), timezone.now()
        crowd.stop.set()
        crowd.measuring = False
        cpu_after = _cpu(web_pids, other_pids)
        await asyncio.gather(*playing)
        await generator.settle(seated)
        sampler.cancel()
        rss_end = rss_mib(web_pids)
        await asyncio.sleep(1.0)  # backends report their statistics at most once a second
        db_after = await asyncio.to_thread(database_snapshot)
        by_actor = await asyncio.to_thread(
            moves_by_actor, list(crowd.figures.games), began_at, ended_at
        )
        if finish:  # games still running after FINISH_TIMEOUT show as running
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    asyncio.gather(*(crowd.play_table(p, until_over=True) for p in seated)),
                    FINISH_TIMEOUT,
                )
        await asyncio.gather(*(close_all(players) for players in seated))
        records = await _check_records(crowd)
    return Run(
        figures=crowd.figures,
        window=(start, end),
        tables=tables,
        people=len(people),
        socket_share=socket_share,
        setup_seconds=setup,
        rss_start=rss_start,
        rss_end=rss_end,
        rss_peak=[max(a, b) for a, b in zip(peaks.rss, rss_end, strict=True)],
        rss_timeline=peaks.timeline,
        web_cpu=list(cpu_spent_by_process(cpu_before["web"], cpu_after["web"]).values()),
        other_cpu={k: cpu_spent(cpu_before[k], cpu_after[k]) for k in other_pids},
        own_cpu=cpu_after["generator"] - cpu_before["generator"],
        cpus=os.cpu_count() or 1,
        db_before=db_before,
        db_after=db_after,
        db_connections_peak=peaks.connections,
        records=records,
        moves_by_actor=by_actor,
    )


def _speed(speed: str) -> str:
    seconds = " or ".join(f"{s} s" for s in SPEEDS[speed])
    what = {"mix": "a mix of live and correspondence, table by table"}.get(speed, speed)
    return f"{what}: {seconds} a move"


def _forced(forced_moves: str) -> str:
    if forced_moves == "default":
        return "default (the app's: on for correspondence, off for live)"
    return f"{forced_moves} for every person"


def _cpu(web_pids, other_pids) -> dict:
    """The generator's CPU seconds, and each part's by process (`cpu_by_process`)."""
    figures = {"web": cpu_by_process(web_pids), "generator": generator.own_cpu()}
    figures.update({name: cpu_by_process(pids) for name, pids in other_pids.items()})
    return figures


class _Peaks:
    """Every second: the web processes' RSS (kept at peak, and their total as a timeline)
    and this database's connections, kept at peak."""

    def __init__(self, web_pids: list[int]):
        self.web_pids = web_pids
        self.rss = rss_mib(web_pids)
        self.timeline: list[float] = []
        self.connections: tuple[int, int] | None = None

    async def run(self) -> None:
        while True:
            rss = rss_mib(self.web_pids)
            self.rss = [max(a, b) for a, b in zip(self.rss, rss, strict=True)]
            self.timeline.append(sum(rss))
            now = await asyncio.to_thread(database_connections)
            if now and (self.connections is None or now[0] > self.connections[0]):
                self.connections = now
            await asyncio.sleep(1.0)


async def _check_records(crowd: Crowd) -> dict[str, int]:
    """Every game played: its record, once it has ended, replayed by the engine. A record
    the server fails to answer (after RECORD_TRIES) is `unreadable`, not invalid."""
    counts = {"valid": 0, "invalid": 0, "running": 0, "unreadable": 0}
    for game_id, person in crowd.figures.games.items():
        for _ in range(RECORD_TRIES):
            status, record = await crowd.api("GET", f"/api/games/{game_id}/record", person)
            if status in (200, 409):
                break
            await asyncio.sleep(1.0)
        if status == 200:
            counts["valid" if _replays(record) else "invalid"] += 1
        else:
            counts["running" if status == 409 else "unreadable"] += 1
    return counts


def _replays(record: dict) -> bool:
    try:
        state = engine.from_record(record)
    except engine.RecordError:
        return False
    return state["phase"] == engine.OVER and state["result"] == record.get("result")


async def _idle(write, url: str, count: int, web_pids: list[int]) -> None:
    """`count` idle game sockets of one person at one table; the web processes' RSS."""
    async with generator.session() as session:
        crowd = Crowd(url, session, 0.0)
        person: Person = await crowd.register(0)
        status, game = await crowd.api(
            "POST",
            "/api/games",
            person,
            {"players": 3, "private": True, "time_per_move": TIME_PER_MOVE},
        )
        before = rss_mib(web_pids)
        began = time.perf_counter()
        sockets = await generator.bounded(
            (crowd.open_socket(person, game["id"]) for _ in range(count)), IDLE_CONCURRENCY
        )
        opened = [ws for ws in sockets if ws is not None]
        took = time.perf_counter() - began
        await asyncio.sleep(2.0)
        held = rss_mib(web_pids)
        failures = crowd.figures.handshake_failures
        write(
            f"idle sockets: {len(opened)} of {count} open in {took:.1f} s "
            f"(handshake failures: {dict(failures) or 'none'})"
        )
        write(
            "server memory RSS MiB: web "
            + ", ".join(f"{a:.0f} -> {b:.0f}" for a, b in zip(before, held, strict=True))
            + f" holding them ({(sum(held) - sum(before)) * 1024 / max(len(opened), 1):.0f} KiB a socket)"
        )
        await asyncio.gather(*(ws.close() for ws in opened), return_exceptions=True)
