"""The seeded site left alone: the whole server's CPU while nobody moves (and the work
that fell due meanwhile, counted), then again in a window with nothing due, then the home
list as a person with 20 games asks for it, then (optionally) the `bench load` crowd.

The stack is `bench load`'s (web processes, a Celery worker, the Web Push worker, beat,
a private Redis) on this database; beat runs every periodic job on its own schedule.
Its push worker sends the pushes that fall due to a push service on this machine that
takes them all (pushservice.py; the stack accepts its local, plain HTTP endpoints rather
than dropping the subscriptions as no push service's). PostgreSQL's CPU is that of this
database's backends, sampled every second (a backend that comes and goes in between is
missed); the whole server's, other databases' work included, is printed beside it.
"""

import contextlib
import http.client
import os
import threading
import time
from urllib.parse import urlsplit

import psutil
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Max

from bench.load import bench_load
from bench.load.server import cpu_by_process, cpu_spent, database_server_pids
from bench.load.stack import started_stack
from bench.percentiles import percentile
from games.models import Game, GameEvent
from notifications.models import ReminderSent

from . import pushservice

DUE_COLUMNS = (
    ("games_gamedue", "at"),
    ("notifications_plannedreminder", "due"),
    ("notifications_planneddigest", "due"),
)
SAMPLE = 0.2  # seconds between looks at this database's backends
SETTLE = 5.0  # seconds after the stack answers, at least, before the idle window
QUIET = 0.1  # CPU seconds a second of the stack's processes under which start-up is over
STARTUP_LIMIT = 300.0  # seconds: start-up work that lasts longer is measured as idle work
HOME_REQUESTS = 20  # home list requests per person measured


def idle_and_home(
    write, database_url: str, web_processes: int, idle_seconds: float, tokens: list[str], crowd
) -> None:
    with (
        pushservice.serving() as pushes,
        _environment(pushservice.ENV),
        started_stack(web_processes, database_url) as stack,
    ):
        others = ", ".join(stack.other_pids)
        write(f"stack: started at {stack.url}: {web_processes} web process(es), {others}")
        _started_up(write, stack)
        _idle(write, stack, pushes, idle_seconds, "with nobody moving")
        with _nothing_due():
            _idle(
                write, stack, pushes, idle_seconds, "with nothing due (every due time an hour on)"
            )
        _home(write, stack.url, tokens)
        if crowd is not None:
            crowd(stack)


@contextlib.contextmanager
def _environment(values: dict[str, str]):
    before = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for k, v in before.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _started_up(write, stack) -> None:
    """Wait for the stack's start-up work to end: a worker that connects to the broker
    plans every turn waiting (notifications.reminders.plan_waiting), once, which grows
    with the games held and is not what an idle minute costs. Printed apart. The stack's
    own processes are watched, and this database's statements (the worker waits, quiet,
    while its planning runs in PostgreSQL), not the PostgreSQL server, which other
    databases may keep busy."""
    pids = [*stack.web_pids, *sum(stack.other_pids.values(), [])]
    began, before = time.monotonic(), cpu_by_process(pids)
    time.sleep(SETTLE)
    last = cpu_by_process(pids)
    while time.monotonic() - began < STARTUP_LIMIT:
        time.sleep(1.0)
        now = cpu_by_process(pids)
        busy, last = cpu_spent(last, now), now
        if busy < QUIET and not _statement_running():
            break
    write(
        f"start-up: {time.monotonic() - began:.0f} s till the stack was quiet, "
        f"{cpu_spent(before, last):.1f} s of its CPU (a worker connecting to the broker "
        "plans every turn waiting)"
    )


@contextlib.contextmanager
def _nothing_due():
    """Every due time the periodic jobs read (the sweeper's, the reminders', the digest's)
    an hour later, then back: a window in which nothing falls due, so what remains is what
    holding the games costs, apart from the work they make (timeouts, pushes), which
    grows with the games held however it is done."""
    with connection.cursor() as cursor:
        for table, column in DUE_COLUMNS:
            cursor.execute(f"UPDATE {table} SET {column} = {column} + interval '1 hour'")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            for table, column in DUE_COLUMNS:
                cursor.execute(f"UPDATE {table} SET {column} = {column} - interval '1 hour'")


def _statement_running() -> bool:
    """Whether a backend of this database other than this one is running a statement."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND state = 'active' AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0] > 0


def _idle(write, stack, pushes, seconds: float, how: str) -> None:
    parts = {"web": stack.web_pids, **stack.other_pids}
    before = {name: cpu_by_process(pids) for name, pids in parts.items()}
    server_before = _server_cpu()
    marks, delivered = _marks(), pushes.pushes
    backends = _Backends()
    backends.start()
    time.sleep(seconds)
    backends.stop()
    spent = {name: cpu_spent(before[name], cpu_by_process(pids)) for name, pids in parts.items()}
    spent["postgresql"] = backends.spent()
    server = _server_cpu() - server_before
    per_minute = 60.0 / seconds
    total = sum(spent.values()) * per_minute
    stack = total - spent["postgresql"] * per_minute
    write(
        f"idle: {seconds:g} s {how}: the whole server {total:.2f} s of CPU a "
        "minute: "
        + ", ".join(f"{name} {cpu * per_minute:.2f}" for name, cpu in spent.items())
        + "; with the whole PostgreSQL server instead (every database's work, and the "
        f"backends too short-lived to be seen): {stack + server * per_minute:.2f} "
        f"(PostgreSQL {server * per_minute:.2f}); load average {_load()} after"
    )
    for cpu, doing in backends.busiest(3):
        write(f"  a backend: {cpu * per_minute:.2f} s a minute, last seen {doing}")
    write(
        f"  the work that fell due meanwhile: {_work_done(marks)}; "
        f"{pushes.pushes - delivered} pushes delivered"
    )


def _marks() -> tuple[int, int]:
    """The newest event's and settled slot's ids: what the window adds lies above them
    (a reused database's times were moved on, so its rows' times tell nothing)."""
    return (
        GameEvent.objects.aggregate(top=Max("pk"))["top"] or 0,
        ReminderSent.objects.aggregate(top=Max("pk"))["top"] or 0,
    )


def _work_done(marks: tuple[int, int]) -> str:
    """What the jobs did in the window: the seats timed out, the AI's moves (a seat
    handed to it plays on), the reminder slots settled (each a push queued or skipped)."""
    moves = GameEvent.objects.filter(pk__gt=marks[0])
    timeouts = moves.filter(actor="timeout").count()
    ai = moves.filter(actor="ai").count()
    slots = ReminderSent.objects.filter(pk__gt=marks[1]).count()
    return f"{timeouts} timeouts, {ai} AI moves, {slots} reminder slots settled"


def _server_cpu() -> float:
    """The PostgreSQL server's CPU seconds so far: its main process, its children alive,
    and those that ended (a backend per connection: a task's connection closed after it
    would be missed otherwise)."""
    total = 0.0
    for pid in database_server_pids():
        try:
            main = psutil.Process(pid)
            times = main.cpu_times()
            total += times.user + times.system + times.children_user + times.children_system
            for child in main.children(recursive=True):
                t = child.cpu_times()
                total += t.user + t.system
        except psutil.Error:
            continue
    return total


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


class _Backends(threading.Thread):
    """This database's backends' CPU, each from its first sighting to its last."""

    def __init__(self):
        super().__init__(daemon=True)
        self.first: dict[int, float] = {}
        self.last: dict[int, float] = {}
        self.done = threading.Event()
        self.doing: dict[int, str] = {}
        self.own: set[int] = set()  # the sampler's own backend: the bench's, not the site's
        self.pids = self._pids()
        self._sample(at_start=True)

    def run(self) -> None:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            self.own.add(cursor.fetchone()[0])
        try:
            while not self.done.wait(SAMPLE):
                self.pids = self._pids()
                self._sample(at_start=False)
        finally:
            connection.close()

    def stop(self) -> None:
        self.done.set()
        self.join()
        self._sample(at_start=False)

    def spent(self) -> float:
        return sum(self.last[pid] - self.first[pid] for pid in self.last)

    def busiest(self, count: int) -> list[tuple[float, str]]:
        spent = [(self.last[p] - self.first[p], self.doing.get(p, "?")) for p in self.last]
        return sorted(spent, reverse=True)[:count]

    def _sample(self, at_start: bool) -> None:
        for pid in self.pids:
            if pid in self.own:
                continue
            try:
                times = psutil.Process(pid).cpu_times()
            except psutil.Error:
                continue
            seconds = times.user + times.system
            # A backend first seen after the start was born during the window.
            self.first.setdefault(pid, seconds if at_start else 0.0)
            self.last[pid] = seconds

    def _pids(self) -> list[int]:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pid, backend_type, left(query, 120) FROM pg_stat_activity "
                "WHERE datname = current_database()"
            )
            rows = cursor.fetchall()
        for pid, kind, query in rows:
            self.doing[pid] = f"{kind}: {' '.join((query or '').split())}"
        return [row[0] for row in rows]


def _home(write, url: str, tokens: list[str]) -> None:
    """GET /api/games (the PWA home list's call, frontend/app/js/api.js `games`), one request after
    another on a kept-alive connection per person."""
    if not tokens:
        write("home list: nobody with 20 games to ask for it")
        return
    parts = urlsplit(url)
    took = []
    for token in tokens:
        client = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        headers = {"Authorization": f"Token {token}"}
        for _ in range(HOME_REQUESTS):
            began = time.perf_counter()
            client.request("GET", "/api/games", headers=headers)
            response = client.getresponse()
            body = response.read()
            took.append(1000 * (time.perf_counter() - began))
            if response.status != 200:
                raise RuntimeError(f"GET /api/games answered {response.status}: {body[:300]}")
        client.close()
    write(
        f"home list (GET /api/games, {len(tokens)} people with 20 games, {len(took)} "
        f"requests one at a time): p50 {percentile(took, 50):.1f} ms, "
        f"p95 {percentile(took, 95):.1f} ms, p99 {percentile(took, 99):.1f} ms"
    )


def crowd_on(write, seconds: float, options: dict):
    """The `bench load` crowd against the started stack, on this database; its people and
    their games removed after, so the database is the seeded one again, to reuse."""
    options = {k: v for k, v in options.items() if k not in ("url", "idle_sockets")}

    def crowd(stack) -> None:
        seeded = get_user_model().objects.aggregate(top=Max("pk"))["top"] or 0
        try:
            bench_load(write, seconds=seconds, stack=stack, **options)
        finally:
            people = get_user_model().objects.filter(pk__gt=seeded)
            Game.objects.filter(seats__user__in=people).delete()
            people.delete()

    return crowd
