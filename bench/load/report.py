"""The figures of a `bench load` run, worked out from what the clients saw and printed."""

import bisect
import math
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from bench.percentiles import percentile

from .people import Figures
from .server import DatabaseSnapshot

BUSIEST_TABLES = 8
BUSIEST_STATEMENTS = 25


@dataclass
class Run:
    """Everything one run measured; `window` is (start, end) in perf_counter seconds."""

    figures: Figures
    window: tuple[float, float]
    tables: int
    people: int
    socket_share: float
    setup_seconds: float
    rss_start: list[float]
    rss_end: list[float]
    rss_peak: list[float]
    rss_timeline: list[float]  # the web processes' total, every second of the run
    web_cpu: list[float]  # CPU seconds of each web process (and its manager) in the window
    other_cpu: dict[str, float]
    own_cpu: float  # CPU seconds of the generator in the window
    cpus: int
    db_before: DatabaseSnapshot | None = None
    db_after: DatabaseSnapshot | None = None
    db_connections_peak: tuple[int, int] | None = None
    records: dict[str, int] = field(default_factory=dict)
    # The window's moves by who made them, from the database (None: it did not answer)
    moves_by_actor: Counter | None = None


def fan_out(figures: Figures) -> tuple[list[float], int, int]:
    """(delays, missing, early): for every applied move and every other seat at its table,
    the time from the move's reply to that seat's first socket message carrying its version
    or a later one. A message that came before the reply counts as 0 and as `early`."""
    return fan_out_of(deliveries(figures))


def deliveries(figures: Figures) -> Iterator[tuple[int, int, int, float, float | None]]:
    """(game, mover's seat, other seat, reply time, arrival) for every applied move and
    every other seat at its table: the arrival of that seat's first socket message carrying
    the move's version or a later one, None if none came."""
    for (game, version), (replied, mover) in figures.replies.items():
        for (g, seat), received in figures.received.items():
            if g == game and seat != mover:
                yield game, mover, seat, replied, _first_at_least(received, version)


def fan_out_of(delivered: Iterable[tuple]) -> tuple[list[float], int, int]:
    """`fan_out` of these `deliveries`."""
    delays, missing, early = [], 0, 0
    for *_, replied, arrival in delivered:
        if arrival is None:
            missing += 1
        else:
            early += arrival < replied
            delays.append(max(0.0, arrival - replied))
    return delays, missing, early


def _first_at_least(received: list[tuple[int, float]], version: int) -> float | None:
    # Versions arrive in order on one socket (the consumer never sends an older one).
    i = bisect.bisect_left(received, (version, -math.inf))
    return received[i][1] if i < len(received) else None


def print_report(write, run: Run) -> None:
    f = run.figures
    start, end = run.window
    seconds = end - start
    applied = [t for t, _ in f.replies.values() if start <= t <= end]
    rest, socket = (len(f.latencies[c]) for c in ("rest", "socket"))
    everything = f.latencies["rest"] + f.latencies["socket"]
    write(
        f"moves: {len(applied)} applied in {seconds:.1f} s = {len(applied) / seconds:.1f} moves/s "
        f"({rest} over REST, {socket} over the socket)"
    )
    _server_moves(write, run.moves_by_actor, seconds)
    write(f"move latency ms: {percentiles_ms(everything)}")
    for channel in ("rest", "socket"):
        if f.latencies[channel]:
            write(f"  {channel}: {percentiles_ms(f.latencies[channel])}")
    # A deal's passes come at once, three to a table, and queue on its row's lock.
    for kind, latencies in sorted(f.by_kind.items()):
        write(f"  {kind} ({len(latencies)}): {percentiles_ms(latencies)}")
    delays, missing, early = fan_out(f)
    write(
        f"fan-out ms: {percentiles_ms(delays)} over {len(delays)} deliveries "
        f"({early} before the reply, {missing} never arrived)"
    )
    _refusals(write, f.refusals)
    errors = ", ".join(f"{kind}: {n}" for kind, n in f.errors.most_common()) or "none"
    write(f"errors: {sum(f.errors.values())} ({errors})")
    failures = ", ".join(f"{k}: {n}" for k, n in f.handshake_failures.most_common()) or "none"
    write(
        f"handshake failures: {sum(f.handshake_failures.values())} ({failures}); "
        f"{f.sockets_opened} sockets opened ({f.sockets_deflated} compressed, as browsers ask); "
        f"{f.stalls} stalls (no news for a while: sync)"
    )
    _database(write, run, len(f.replies))
    write(
        "server memory RSS MiB: web "
        + ", ".join(
            f"{a:.0f} -> {b:.0f} (peak {c:.0f})"
            for a, b, c in zip(run.rss_start, run.rss_end, run.rss_peak, strict=True)
        )
    )
    if len(run.rss_timeline) >= 5:  # flat, or growing? the total at each quarter of the run
        marks = [run.rss_timeline[round(i * (len(run.rss_timeline) - 1) / 4)] for i in range(5)]
        write("  web total at 0/25/50/75/100% of the run: " + " ".join(f"{m:.0f}" for m in marks))
    # Each web process's share too: connections are spread by whichever process accepts
    # first, and one process on its GIL's limit while another idles is a different story
    # from two evenly busy ones.
    busy = sorted((s for s in run.web_cpu if s >= 0.01 * seconds), reverse=True)
    split = " + ".join(f"{100 * s / seconds:.0f}" for s in busy)
    cpu = [f"web {100 * sum(run.web_cpu) / seconds:.0f}% ({split} by process)"]
    cpu += [f"{name} {100 * s / seconds:.0f}%" for name, s in run.other_cpu.items()]
    write(f"server CPU (% of one core): {', '.join(cpu)}")
    if applied:  # the cost of a move, steadier from run to run than moves/s on a busy machine
        per = [f"web {1000 * sum(run.web_cpu) / len(applied):.1f}"]
        per += [f"{name} {1000 * s / len(applied):.1f}" for name, s in run.other_cpu.items()]
        write(f"server CPU ms per applied move: {', '.join(per)}")
    write(
        f"generator CPU: {100 * run.own_cpu / seconds:.0f}% of one core "
        f"({100 * run.own_cpu / seconds / run.cpus:.0f}% of the machine's {run.cpus})"
    )
    records = run.records
    write(
        f"records: {records.get('valid', 0) + records.get('invalid', 0)} finished games checked "
        f"with the engine: {records.get('valid', 0)} valid, {records.get('invalid', 0)} invalid; "
        f"{records.get('running', 0)} still running, {records.get('unreadable', 0)} unreadable "
        "(the server failed to answer)"
    )


def _server_moves(write, by_actor: Counter | None, seconds: float) -> None:
    """The moves the server made for people in the window, apart from the people's own
    (which moves/s counts, from the replies; the database's count is beside it)."""
    if by_actor is None:
        write("server moves: n/a (the database did not answer)")
        return
    server = {actor: by_actor[actor] for actor in ("forced", "ai", "timeout")}
    write(
        "server moves: "
        + ", ".join(f"{n} {actor}" for actor, n in server.items())
        + f" = {sum(server.values()) / seconds:.1f} moves/s "
        f"(the people's own by the database: {by_actor['player']})"
    )


def _refusals(write, refusals: Counter) -> None:
    """Refused moves (never counted as applied) by code, most frequent first, with
    their channels."""
    by_code: dict[str, Counter] = {}
    for (code, channel), n in refusals.items():
        by_code.setdefault(code, Counter())[channel] += n
    ordered = sorted(by_code.items(), key=lambda item: -item[1].total())
    parts = [
        f"{channels.total()} {code} ("
        + ", ".join(f"{n} {channel}" for channel, n in channels.most_common())
        + ")"
        for code, channels in ordered
    ]
    write(f"refused: {refusals.total()} moves" + (": " + ", ".join(parts) if parts else ""))


def percentiles_ms(seconds: list[float]) -> str:
    """p50, p95 and p99 of timings in seconds, in milliseconds."""
    if not seconds:
        return "p50 - p95 - p99 - (no samples)"
    p50, p95, p99 = (1000 * percentile(seconds, p) for p in (50, 95, 99))
    return f"p50 {p50:.0f} p95 {p95:.0f} p99 {p99:.0f}"


def _database(write, run: Run, moves: int) -> None:
    before, after = run.db_before, run.db_after
    if before is None or after is None:
        write("database per move: n/a (not PostgreSQL, or it refused the bench's connection)")
        return
    per = max(moves, 1)
    scans = {t: after.tables[t][0] - before.tables.get(t, (0, 0))[0] for t in after.tables}
    written = {t: after.tables[t][1] - before.tables.get(t, (0, 0))[1] for t in after.tables}
    write(
        f"database per move ({moves} moves, every client of the database): "
        f"{(after.transactions - before.transactions) / per:.1f} transactions, "
        f"{sum(scans.values()) / per:.1f} table scans, "
        f"{(after.rows_written - before.rows_written) / per:.1f} rows written"
    )
    busiest = sorted(scans, key=lambda t: -(scans[t] + written[t]))[:BUSIEST_TABLES]
    write(
        "  by table (scans/rows written per move): "
        + ", ".join(f"{t} {scans[t] / per:.1f}/{written[t] / per:.1f}" for t in busiest)
    )
    if before.statements is not None and after.statements is not None:
        _statements(write, before.statements, after.statements, per)
    if run.db_connections_peak:
        used, most = run.db_connections_peak
        write(f"  connections: peak {used} to this database (server max_connections {most})")


def _statements(write, before: dict, after: dict, per: int) -> None:
    calls = {q: after[q][1] - before.get(q, ("", 0))[1] for q in after}
    write(f"  statements per move (pg_stat_statements): {sum(calls.values()) / per:.1f}")
    for q in sorted(calls, key=lambda q: -calls[q])[:BUSIEST_STATEMENTS]:
        if calls[q]:
            write(f"    {calls[q] / per:5.2f}  {after[q][0][:150]}")
