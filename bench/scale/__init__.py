"""`manage.py bench scale`: what holding N running correspondence games costs.

    DATABASE_URL=postgres://.../scale_10k manage.py bench scale --games 10000
    manage.py bench scale --games 100000 --idle-seconds 60 --web-processes 2
    manage.py bench scale --games 10000 --crowd --tables 100 --think 0.3 --seconds 60

Seeds N running 3-person correspondence games (a day a move) into DATABASE_URL's
database (seed.py, playout.py: COPY, not a service call each; a database seeded for the
same N before is reused), checks a sample with the engine, the write path and the read
path (checks.py), then prints: each periodic job's time, CPU and statements per run
(jobs.py), the database's size per game, the whole server's CPU a minute while nobody
moves and the home list's latency for a person with 20 games (idle.py, on a started
stack), and with `--crowd` the `bench load` crowd's figures on the same database.
"""

import os
import random
import signal
import subprocess
import time

from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from rest_framework.authtoken.models import Token

from bench.load.server import database_name
from bench.load.stack import database_url
from games.models import Game
from notifications import reminders

from . import checks, idle, jobs, seed

JOB_RUNS = 3
LARGEST = 8  # tables in the size line


def bench_scale(
    write,
    seconds: float = 3.0,
    games: int = 1000,
    idle_seconds: float = 60.0,
    web_processes: int = 2,
    crowd: bool = False,
    **load_options,
) -> None:
    # A stop (SIGTERM) unwinds like an error: the due times moved for a window go back
    # and the stack stops, rather than a database left as no site has it.
    signal.signal(signal.SIGTERM, _stopped)
    if not os.environ.get("DATABASE_URL"):
        raise CommandError("bench scale needs DATABASE_URL: a PostgreSQL database of its own")
    write(f"scale: {games} running correspondence games, database {database_name()}; {_when()}")
    call_command("migrate", verbosity=0)
    seeding = seed.seeded(games, write)
    if seeding.reused:
        write(
            f"seeding: reused ({seeding.people} people); every time moved on by "
            f"{seeding.shifted} in {seeding.seconds:.1f} s"
        )
    else:
        write(
            f"seeding: {seeding.games} games, {seeding.people} people (a push subscription "
            f"each), {seeding.moves} moves ({seeding.moves / max(seeding.games, 1):.1f} a "
            f"game), {seeding.rows} rows in {seeding.seconds:.1f} s = "
            f"{seeding.games / seeding.seconds:.0f} games/s, {seeding.rows / seeding.seconds:.0f} "
            "rows/s"
        )
        began = time.perf_counter()
        planned = reminders.plan_waiting()
        write(
            f"reminders planned: {planned} plans of the turns waiting, as a worker makes them when it "
            f"connects to the broker, in {time.perf_counter() - began:.1f} s"
        )
        began = time.perf_counter()
        settled = seed.settle_past_pushes()
        write(
            f"pushes settled: {settled} slots already past, as a site running all along "
            f"has sent them, in {time.perf_counter() - began:.1f} s"
        )
    began = time.perf_counter()
    with connection.cursor() as cursor:  # the rows the time shift rewrote, too
        cursor.execute("VACUUM ANALYZE")
    write(f"vacuum analyze: {time.perf_counter() - began:.1f} s")
    ids = list(Game.objects.filter(status=Game.Status.ACTIVE).values_list("pk", flat=True))
    found = checks.check_sample(ids, random.Random(), seeding.events_behind)
    problems = found.pop("problems")
    write(
        f"check: {found['checked']} games sampled: engine {found['engine']}, write path "
        f"{found['write path']}, read path {found['read path']} agree"
        + "".join(f"\n  {p}" for p in problems[:10])
    )
    jobs.time_jobs(write, JOB_RUNS)
    _sizes(write, seeding.games)
    tokens = list(Token.objects.filter(user_id__in=seeding.home).values_list("key", flat=True))
    crowded = idle.crowd_on(write, seconds, load_options) if crowd else None
    idle.idle_and_home(write, database_url(), web_processes, idle_seconds, tokens, crowded)


def _stopped(signum, frame) -> None:
    raise SystemExit(f"bench scale: stopped by signal {signum}")


def _when() -> str:
    try:
        head = subprocess.run(
            ["git", "log", "-1", "--format=%h"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        head = "?"
    return f"{time.strftime('%Y-%m-%d %H:%M:%S %Z')}, git HEAD {head}"


def _sizes(write, games: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_database_size(current_database())")
        total = cursor.fetchone()[0]
        cursor.execute(
            "SELECT relname, pg_total_relation_size(relid) FROM pg_stat_user_tables "
            "ORDER BY 2 DESC LIMIT %s",
            [LARGEST],
        )
        sizes = cursor.fetchall()
    per = max(games, 1)
    write(
        f"size: the database {total / 2**20:.0f} MiB = {total / per / 1024:.1f} KiB a game; "
        f"the {LARGEST} largest tables with their indexes, a game: "
        + ", ".join(f"{table} {size / per:.0f} B" for table, size in sizes)
    )
