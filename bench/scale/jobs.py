"""Each periodic job of the beat schedule, run in this process: its time, CPU and
statements per run.

Every entry of CELERY_BEAT_SCHEDULE is run as the worker would run it (the task's own
function), once to catch up with what fell due while seeding and checking,
then `runs` more times: a run in the steady state, when only what fell due since is to
do. The CPU is this process's and its PostgreSQL backend's. Tasks a job queues (pushes,
AI turns) are counted, not sent: no broker is needed, and no push leaves.
"""

import importlib
import statistics
import time
from dataclasses import dataclass
from unittest import mock

import psutil
from celery.app.task import Task
from django.conf import settings
from django.db import connection

from barkside.celery import app


@dataclass
class Run:
    seconds: float
    cpu_here: float
    cpu_database: float | None  # None when the backend could not be read
    statements: int
    queued: int
    result: object


def time_jobs(write, runs: int) -> dict[str, list[Run]]:
    found = {}
    for name, entry in sorted(settings.CELERY_BEAT_SCHEDULE.items()):
        task = _task(entry["task"])
        args, kwargs = entry.get("args", ()), entry.get("kwargs", {})
        measured = [_measured(task.run, args, kwargs) for _ in range(1 + runs)]
        found[name] = measured
        first, rest = measured[0], measured[1:]
        write(
            f"job {name} ({entry['task']}, every {_every(entry['schedule'])}): "
            f"first run {_describe([first])}; then {_describe(rest)} "
            f"(median of {len(rest)}; results {[r.result for r in rest]})"
        )
    return found


def _task(name: str) -> Task:
    importlib.import_module(name.rsplit(".", 1)[0])
    return app.tasks[name]


def _every(schedule) -> str:
    seconds = getattr(schedule, "total_seconds", lambda: schedule)()
    return f"{seconds:g} s" if isinstance(seconds, int | float) else str(schedule)


def _describe(runs: list[Run]) -> str:
    if not runs:
        return "no run"
    seconds = statistics.median(r.seconds for r in runs)
    here = statistics.median(r.cpu_here for r in runs)
    database = [r.cpu_database for r in runs if r.cpu_database is not None]
    in_database = f"{statistics.median(database):.3f} s" if database else "?"
    statements = statistics.median(r.statements for r in runs)
    queued = statistics.median(r.queued for r in runs)
    return (
        f"{seconds:.3f} s, CPU {here:.3f} s here + {in_database} in PostgreSQL, "
        f"{statements:.0f} statements, {queued:.0f} tasks queued"
    )


def _measured(job, args, kwargs) -> Run:
    backend = _backend()
    statements = [0]
    queued = [0]

    def count(execute, sql, params, many, context):
        statements[0] += 1
        return execute(sql, params, many, context)

    def queue(*args, **kwargs):
        queued[0] += 1

    database_before = _cpu(backend)
    here_before = time.process_time()
    began = time.perf_counter()
    with connection.execute_wrapper(count), mock.patch.object(Task, "apply_async", queue):
        result = job(*args, **kwargs)
    seconds = time.perf_counter() - began
    here = time.process_time() - here_before
    database_after = _cpu(backend) if _backend() == backend else None
    database = None
    if database_before is not None and database_after is not None:
        database = database_after - database_before
    return Run(seconds, here, database, statements[0], queued[0], result)


def _backend() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def _cpu(pid: int) -> float | None:
    try:
        times = psutil.Process(pid).cpu_times()
    except psutil.Error:
        return None
    return times.user + times.system
