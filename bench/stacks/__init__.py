"""`manage.py bench stacks`: one site on two stacks, as on two machines, sharing one
PostgreSQL database and one Redis.

    DATABASE_URL=postgres://.../bench manage.py bench stacks --tables 20 --seconds 30
    manage.py bench stacks --web-processes 2 --think 0.1

Starts stack A (`bench load`'s: web processes on a port of their own, a Celery worker, a
Web Push worker, beat and a Redis) and stack B beside it: its own web processes on
another port and its own workers, on A's Redis (broker, channel layer, cache), the same
database and secret key, and no beat (beat runs once a site). That Redis is a private one,
as `bench load`'s: Redis pub/sub, which carries the channel layer's broadcasts, ignores
database numbers, so a shared server would mix in other sites' broadcasts.

Then `bench load`'s crowd plays 3-person tables, one person of each on one stack and two
on the other (crowd.py): every move reaches sockets on both stacks. It prints moves/s, a
move's latency, the fan-out from a move's reply to its broadcast on another seat's
socket across stacks (A -> B, B -> A) and within one, each part's CPU, and what checks.py
finds: whether every socket saw every version (a version it skipped told apart by the
order Redis took the views in, published.py), and only its own seat's cards.
"""

import asyncio
import os
import time
from collections import defaultdict
from dataclasses import dataclass

from django.core.management.base import CommandError
from django.db import connection

from barkside import collector
from bench.load import RAMP, generator
from bench.load.people import close_all
from bench.load.report import deliveries, fan_out_of, percentiles_ms
from bench.load.server import cpu_by_process, cpu_spent, database_name, database_server_pids
from bench.load.stack import Stack, database_url, started_stack

from . import checks
from .crowd import STACKS, TwoStackCrowd
from .published import Published

TABLES = 20
# Seconds a person looks at the table before a move, on average: a crowd of people, not
# a flood that keeps the two stacks' queues full and measures the queues.
THINK = 0.3
LISTEN_TIMEOUT = 10.0  # seconds for the listener to subscribe (published.py)


@dataclass
class Run:
    crowd: TwoStackCrowd
    published: Published
    seconds: float
    cpu: dict[str, float]  # CPU seconds of each part in the window


def bench_stacks(
    write,
    seconds: float = 3.0,
    tables: int | None = None,
    web_processes: int = 1,
    think: float = THINK,
    socket_share: float = 0.5,
    ramp: float = RAMP,
    **_,
) -> None:
    if connection.vendor != "postgresql":
        raise CommandError("bench stacks needs PostgreSQL (DATABASE_URL): one database server")
    tables = tables or TABLES
    generator.raise_open_files_limit()
    url = database_url()
    with (
        started_stack(web_processes, url) as a,
        started_stack(web_processes, url, beside=a) as b,
    ):
        write(
            f"stacks: A at {a.url}, B at {b.url}: {web_processes} uvicorn web process(es), "
            f"a Celery worker and a Web Push worker each, beat on A only; one Redis "
            f"({a.redis}) and one database ({database_name()}) for both"
        )
        write(
            f"machine: {os.cpu_count()} CPUs, load average "
            + " ".join(f"{x:.2f}" for x in os.getloadavg())
            + f" before the run; speed: {generator.loop_ms():.0f} ms of CPU for a fixed "
            "Python loop"
        )
        run = generator.run(
            _play(write, (a, b), tables, seconds, think, socket_share, ramp, _parts(a, b))
        )
    _report(write, run)


def _parts(a: Stack, b: Stack) -> dict[str, list[int]]:
    """The processes whose CPU the report shows, by part: each stack's apart."""
    parts = {
        "web A": a.web_pids,
        "web B": b.web_pids,
        "worker A": a.other_pids["worker"],
        "worker B": b.other_pids["worker"],
        "push": a.other_pids["push"] + b.other_pids["push"],
        "coach": a.other_pids["coach"] + b.other_pids["coach"],
        "beat": a.other_pids["beat"],
        "redis": a.other_pids["redis"],
        "postgresql": database_server_pids(),
    }
    return {name: pids for name, pids in parts.items() if pids}


def _cpu(parts: dict[str, list[int]]) -> dict[str, dict[int, float]]:
    return {name: cpu_by_process(pids) for name, pids in parts.items()}


async def _play(write, stacks, tables, seconds, think, socket_share, ramp, parts) -> Run:
    published = Published(stacks[0].redis)
    listening = asyncio.create_task(published.listen())
    await asyncio.wait_for(published.listening.wait(), LISTEN_TIMEOUT)
    async with generator.session() as session:
        crowd = TwoStackCrowd(tuple(s.url for s in stacks), session, socket_share, think)
        began = time.perf_counter()
        people, seated = await generator.seated_tables(crowd, tables)
        write(
            f"setup: {len(people)} people registered and seated at {len(seated)} tables in "
            f"{time.perf_counter() - began:.1f} s, one person of each on one stack and two on "
            f"the other (the one on A, B, A, ...); the tables start over {ramp:g} s, then "
            f"{seconds:g} s measured, {100 * socket_share:.0f}% of moves over the game socket, "
            + (f"each after {think:g} s of thought on average" if think else "no time to think")
        )
        collector.settle()  # as `bench load`'s generator: its people live as long as the run
        playing = [
            asyncio.create_task(crowd.play_table(players, after=crowd.rng.uniform(0, ramp)))
            for players in seated
        ]
        await asyncio.sleep(ramp)
        cpu_before, own_before = _cpu(parts), generator.own_cpu()
        crowd.measuring = True
        start = time.perf_counter()
        await asyncio.sleep(seconds)
        window = time.perf_counter() - start
        crowd.stop.set()
        crowd.measuring = False
        cpu_after, own_after = _cpu(parts), generator.own_cpu()
        await asyncio.gather(*playing)
        await generator.settle(seated)
        await asyncio.gather(*(close_all(players) for players in seated))
    listening.cancel()
    await asyncio.gather(listening, return_exceptions=True)
    cpu = {name: cpu_spent(cpu_before[name], cpu_after[name]) for name in parts}
    cpu["generator"] = own_after - own_before
    return Run(crowd, published, window, cpu)


def _report(write, run: Run) -> None:
    crowd, seconds = run.crowd, run.seconds
    f = crowd.figures
    by_stack = defaultdict(int)
    for (game, _), (_, seat) in f.replies.items():
        by_stack[STACKS[crowd.stack_at[(game, seat)]]] += 1
    rest, socket = (len(f.latencies[c]) for c in ("rest", "socket"))
    write(
        f"moves: {len(f.replies)} applied in {seconds:.1f} s = {len(f.replies) / seconds:.1f} "
        f"moves/s ({by_stack['A']} on stack A, {by_stack['B']} on stack B; {rest} over REST, "
        f"{socket} over the socket)"
    )
    write(f"move latency ms: {percentiles_ms(f.latencies['rest'] + f.latencies['socket'])}")
    for channel in ("rest", "socket"):
        write(f"  {channel}: {percentiles_ms(f.latencies[channel])}")
    _fan_out(write, crowd)
    refused = ", ".join(f"{n} {code} ({channel})" for (code, channel), n in f.refusals.items())
    errors = ", ".join(f"{kind}: {n}" for kind, n in f.errors.most_common())
    write(
        f"refused: {f.refusals.total()} moves{': ' + refused if refused else ''}; "
        f"errors: {f.errors.total()}{' (' + errors + ')' if errors else ''}; "
        f"handshake failures: {f.handshake_failures.total()}; {f.sockets_opened} sockets "
        f"opened; {f.stalls} stalls (no news for a while: sync)"
    )
    _checks(write, run)
    cpu = ", ".join(f"{name} {100 * s / seconds:.0f}%" for name, s in run.cpu.items())
    write(f"CPU (% of one core): {cpu}")


def _fan_out(write, crowd: TwoStackCrowd) -> None:
    """Deliveries by the mover's stack and the receiving socket's."""
    routes = defaultdict(list)
    for game, mover, seat, replied, arrival in deliveries(crowd.figures):
        route = STACKS[crowd.stack_at[(game, mover)]], STACKS[crowd.stack_at[(game, seat)]]
        routes[route].append((replied, arrival))
    across = routes[("A", "B")] + routes[("B", "A")]
    within = routes[("A", "A")] + routes[("B", "B")]
    write("fan-out ms, from a move's reply on one stack to its broadcast on another seat's socket:")
    for name, delivered in (
        ("across stacks", across),
        ("  A -> B", routes[("A", "B")]),
        ("  B -> A", routes[("B", "A")]),
        ("within a stack", within),
    ):
        delays, missing, early = fan_out_of(delivered)
        write(
            f"  {name}: {percentiles_ms(delays)} over {len(delays)} deliveries "
            f"({early} before the reply, {missing} never arrived)"
        )


def _checks(write, run: Run) -> None:
    seen = run.crowd.seen
    v = checks.versions(seen, run.published.order)
    write(
        f"versions: {'no gap' if not v.gaps else f'{v.gaps} GAPS'}: {v.sockets} sockets got "
        f"{v.delivered} versions; {v.lost} lost between a socket's first and last, "
        f"{v.short} sockets short of their game's last version by {v.short_versions}; "
        f"skipped by design, a newer view sent instead: {v.answered} in the answer to the "
        f"socket's own move, {v.overtaken} published after a newer one"
    )
    views = checks.views(seen)
    write(
        f"views: {views.checked} socket messages, each checked against the engine's view of "
        f"its person's seat at its version: {views.wrong} with cards not their seat's own"
    )
    for example in views.examples:
        write(f"  {example}")
