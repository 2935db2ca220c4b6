"""The load generator's own side, shared by `bench load` and `bench stacks`: its event
loop, its HTTP session, its open files and CPU, bounded gathers, and the wait for the
last broadcasts."""

import asyncio
import resource
import time

import aiohttp

from .people import Player

SETUP_CONCURRENCY = 16  # registrations and tables set up at once
SETTLE = 5.0  # seconds to wait for the last moves' socket messages


def run(coroutine):
    """The generator's loop is uvloop, as the web processes' is: stdlib asyncio's own
    costs the generator CPU the machine's server shares (its share is in the report)."""
    try:
        import uvloop
    except ImportError:  # Windows
        return asyncio.run(coroutine)
    return uvloop.run(coroutine)


def loop_ms() -> float:
    """CPU time of ten million additions: how fast this machine is right now (a shared
    machine's speed changes from hour to hour), to read the run's CPU figures against."""
    started, total = time.process_time(), 0
    for i in range(10_000_000):
        total += i
    return 1000 * (time.process_time() - started)


def raise_open_files_limit() -> None:
    """Hundreds of sockets on both ends: the stack's processes inherit the raised limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def session() -> aiohttp.ClientSession:
    # No cookie jar: a session cookie from registering would make later requests CSRF-checked.
    return aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(limit=0),
        cookie_jar=aiohttp.DummyCookieJar(),
        timeout=aiohttp.ClientTimeout(total=60),
    )


async def bounded(coroutines, limit: int) -> list:
    gate = asyncio.Semaphore(limit)

    async def one(coroutine):
        async with gate:
            return await coroutine

    return await asyncio.gather(*(one(c) for c in coroutines))


async def seated_tables(crowd, tables: int) -> tuple[list, list]:
    """Register 3 people a table and seat them: the people, and the tables seated (a
    table the server refused is left out)."""
    people = await bounded((crowd.register(i) for i in range(3 * tables)), SETUP_CONCURRENCY)
    groups = [people[3 * i : 3 * i + 3] for i in range(tables)]
    seated = await bounded((crowd.try_seat_table(g) for g in groups), SETUP_CONCURRENCY)
    return people, [players for players in seated if players is not None]


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def settle(tables: list[list[Player]]) -> None:
    """Wait until every open socket has brought its table's newest version (the highest
    any of its people knows), or SETTLE seconds: then every move's broadcast has reached
    every socket that can still bring it, a move in flight as the window closed and a
    REST mover's own socket included (`bench stacks` checks every socket's versions)."""
    deadline = time.perf_counter() + SETTLE
    while time.perf_counter() < deadline and any(_behind(players) for players in tables):
        await asyncio.sleep(0.2)


def _behind(players: list[Player]) -> bool:
    """Whether an open socket at this table has not yet brought its newest version."""
    newest = max((p.latest["version"] for p in players if p.latest), default=0)
    return any(p.ws is not None and (not p.received or p.received[-1][0] < newest) for p in players)
