"""What the server side did during a run: database counters and the web processes.

The figures come from PostgreSQL's cumulative statistics of the run's database, read
before and after the window, so they count every client of the database: web processes,
the worker and beat (the sweeper) alike. Always: transactions (`pg_stat_database`), and
per table the index and sequential scans and the rows written (`pg_stat_user_tables`);
a scan is one table read by one statement, a close stand-in for SELECT and UPDATE
statements (a join counts once per table). Exactly, when the server preloads
pg_stat_statements (`shared_preload_libraries`; the extension is created in the database
if need be): every statement, with its calls.
"""

from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import urlsplit

import psutil
from django.db import DatabaseError, connection
from django.db.models import Count

from games.models import GameEvent

TABLE_STATS = """
    SELECT relname, coalesce(seq_scan, 0) + coalesce(idx_scan, 0), n_tup_ins, n_tup_upd,
           n_tup_del
    FROM pg_stat_user_tables
"""
DATABASE_STATS = """
    SELECT xact_commit + xact_rollback, tup_inserted, tup_updated, tup_deleted
    FROM pg_stat_database WHERE datname = current_database()
"""


STATEMENTS = """
    SELECT queryid, query, calls FROM pg_stat_statements
    WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
"""


@dataclass
class DatabaseSnapshot:
    transactions: int
    rows_written: int
    tables: dict[str, tuple[int, int]]  # table -> (scans, rows written)
    statements: dict[int, tuple[str, int]] | None  # queryid -> (text, calls)


def database_snapshot() -> DatabaseSnapshot | None:
    """None when the database is not PostgreSQL or refuses a connection (all its slots
    taken by the stack). Runs in its own thread (sync ORM)."""
    if connection.vendor != "postgresql":
        return None
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_stat_clear_snapshot()")
            cursor.execute(DATABASE_STATS)
            transactions, ins, upd, dele = cursor.fetchone()
            cursor.execute(TABLE_STATS)
            tables = {name: (scans, i + u + d) for name, scans, i, u, d in cursor.fetchall()}
            statements = _statements(cursor)
        return DatabaseSnapshot(transactions, ins + upd + dele, tables, statements)
    except DatabaseError:
        return None
    finally:
        connection.close()


def _statements(cursor) -> dict[int, tuple[str, int]] | None:
    cursor.execute("SELECT current_setting('shared_preload_libraries')")
    if "pg_stat_statements" not in cursor.fetchone()[0]:
        return None
    cursor.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
    cursor.execute(STATEMENTS)
    return {queryid: (" ".join(text.split()), calls) for queryid, text, calls in cursor.fetchall()}


def moves_by_actor(games: list[int], since: datetime, until: datetime) -> Counter | None:
    """The moves of these games stored between the two instants, by who made them: a
    person ("player") or the server for them ("forced", "ai", "timeout"). None when the
    database refuses the bench's connection. Runs in its own thread (sync ORM)."""
    try:
        rows = (
            GameEvent.objects.filter(game_id__in=games, created__gte=since, created__lt=until)
            .values_list("actor")
            .annotate(moves=Count("id"))
        )
        return Counter(dict(rows))
    except DatabaseError:
        return None
    finally:
        connection.close()


def database_connections() -> tuple[int, int] | None:
    """(connections to this database now, the server's max_connections)."""
    if connection.vendor != "postgresql":
        return None
    try:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*), current_setting('max_connections')::int FROM pg_stat_activity "
                "WHERE datname = current_database()"
            )
            return cursor.fetchone()
    except DatabaseError:  # every slot taken: the peak is the server's limit
        return None
    finally:
        connection.close()


def database_name() -> str:
    return f"{connection.vendor} {connection.settings_dict['NAME']}"


def database_server_pids() -> list[int]:
    """The PostgreSQL server's main process when it listens on this machine (its backends
    are its children): its CPU is the whole server's, whatever database it works for."""
    settings = connection.settings_dict
    local = (settings["HOST"] or "localhost") in ("localhost", "127.0.0.1", "::1")
    if connection.vendor != "postgresql" or not local:
        return []
    return listening_pids(f"postgresql://127.0.0.1:{settings['PORT'] or 5432}")


def listening_pids(url: str) -> list[int]:
    """The processes listening on the URL's port (those of this user)."""
    port = urlsplit(url).port or 80
    pids = set()
    for conn in psutil.net_connections(kind="tcp"):
        if conn.status == psutil.CONN_LISTEN and conn.laddr.port == port and conn.pid:
            pids.add(conn.pid)
    return sorted(pids)


def rss_mib(pids: list[int]) -> list[float]:
    """Each process's resident memory with its children's (a server's workers)."""
    sizes = []
    for pid in pids:
        try:
            process = psutil.Process(pid)
            family = [process, *process.children(recursive=True)]
            sizes.append(sum(p.memory_info().rss for p in family) / 2**20)
        except psutil.Error:
            sizes.append(float("nan"))
    return sizes


def cpu_by_process(pids: list[int]) -> dict[int, float]:
    """User + system CPU seconds of the processes and their children, by process."""
    seconds = {}
    for pid in pids:
        try:
            process = psutil.Process(pid)
            for p in [process, *process.children(recursive=True)]:
                times = p.cpu_times()
                seconds[p.pid] = times.user + times.system
        except psutil.Error:
            continue
    return seconds


def cpu_spent(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds spent between two `cpu_by_process` readings: a process started in
    between counts whole; one that ended in between (a database backend whose connection
    closed) is missed, rather than taking its earlier CPU off the total."""
    return sum(cpu_spent_by_process(before, after).values())


def cpu_spent_by_process(before: dict[int, float], after: dict[int, float]) -> dict[int, float]:
    """`cpu_spent`, process by process."""
    return {pid: seconds - before.get(pid, 0.0) for pid, seconds in after.items()}
