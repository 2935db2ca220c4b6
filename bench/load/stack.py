"""A production-like stack for `bench load`: N web processes on one port, a Celery
worker, a Web Push worker, the coach's worker and beat, PostgreSQL from DATABASE_URL and
a private Redis; or a second one beside it, as another machine of the same site (`bench stacks`).

The web server is one of SERVERS, so they can be compared: `uvicorn` (the Procfile's,
see barkside/stack.py: N uvicorn workers under one manager), `daphne` (N daphne processes
sharing one listening socket through `--fd`: the kernel hands each new connection to
whichever accepts first) or `granian` (its own N workers, if installed). Output goes to
log files in a temporary directory; a process that dies while starting shows the end
of its log.
"""

import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

from barkside.stack import (
    COACH_NICE,
    COACH_WORKER,
    PUSH_WORKER,
    free_port,
    private_redis,
    web_command,
)

from .server import listening_pids

SERVERS = ("uvicorn", "daphne", "granian")

PYTHON = sys.executable
START_TIMEOUT = 60.0
# Budgets far above what the generator can spend: the figures measure the server, not
# the throttles (registration from one address would otherwise stop at 20 a minute).
RAISED = {
    "THROTTLE_AUTH": "1000000/min",
    "THROTTLE_ANON": "1000000/min",
    "THROTTLE_USER": "1000000/min",
    "THROTTLE_MOVES": "1000000/min",
    "AXES_FAILURE_LIMIT": "1000000",
    # A person who never stops to think moves faster than a socket's message budget.
    "SOCKET_RATE_MESSAGES": "1000000",
}


# Knobs a run may set in its environment to compare configurations; the report names them.
PASSED_ON = ("DB_CONN_MAX_AGE", "DB_POOL_SIZE", "REQUEST_THREADS")
POOL_SIZE = 6  # the Procfile's, unless DB_POOL_SIZE says otherwise


@dataclass
class Stack:
    url: str
    web_pids: list[int]
    other_pids: dict[str, list[int]]  # the processes (and their children) of each part
    redis: str = ""  # its Redis: the broker and channel layer of every process
    secret_key: str = field(default="", repr=False)
    settings: dict[str, str] = field(default_factory=dict)  # what the report names


def database_url() -> str:
    """The stack's database: DATABASE_URL, else the SQLite file these settings use."""
    return os.environ.get("DATABASE_URL") or f"sqlite:///{settings.DATABASES['default']['NAME']}"


@contextlib.contextmanager
def started_stack(
    web_processes: int,
    database_url: str,
    server: str = "uvicorn",
    beside: Stack | None = None,
) -> Iterator[Stack]:
    """The whole stack on a free port; everything stops (process groups killed) at exit.
    `beside`: another machine of that stack's site (`bench stacks`), sharing its Redis
    (broker, channel layer, cache), secret key and migrated database, without a beat:
    beat runs once a site."""
    with contextlib.ExitStack() as exits:
        redis = beside.redis if beside else exits.enter_context(private_redis())
        secret_key = beside.secret_key if beside else secrets.token_urlsafe(40)
        logs = Path(exits.enter_context(tempfile.TemporaryDirectory(prefix="bench-load-")))
        env = {
            **os.environ,
            "PYTHONUNBUFFERED": "1",
            "DEBUG": "false",
            "SECRET_KEY": secret_key,
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            # Plain http on loopback, as behind a proxy that ends TLS (clients use tokens).
            "SECURE_SSL_REDIRECT": "false",
            "DATABASE_URL": database_url,
            "REDIS_URL": redis,
            "CACHE": "redis",  # throttles and presence shared by the web processes
            "CACHE_URL": redis.rsplit("/", 1)[0] + "/1",
            "CHANNEL_LAYER": "redis",
            "LOG_LEVEL": "WARNING",
            "DB_POOL_SIZE": os.environ.get("DB_POOL_SIZE", str(POOL_SIZE)),
            **RAISED,
        }
        if beside is None:  # the one database is migrated once
            _run([PYTHON, "manage.py", "migrate", "--noinput"], env, logs / "migrate.log")
        procs = exits.enter_context(_Processes(logs, env))
        if server == "daphne":
            listener = exits.enter_context(_listening_socket())
            port, fd = listener.getsockname()[1], listener.fileno()
            daphne = [PYTHON, "-m", "daphne", "--fd", str(fd), "barkside.asgi:application"]
            web = [procs.start(f"web{i}", daphne, pass_fds=(fd,)) for i in range(web_processes)]
        else:
            port = free_port()
            web = [procs.start("web", web_command(server, "127.0.0.1", port, web_processes))]
        url = f"http://127.0.0.1:{port}"
        celery = [PYTHON, "-m", "celery", "-A", "barkside"]
        pool = ["--pool=solo"] if database_url.startswith("sqlite") else ["--concurrency=2"]
        # Celery tells workers apart by node name, made of the host's: beside another stack
        # on this host, its workers get names as distinct as a second machine's.
        worker_name = ["-n", f"celery-{port}@%h"] if beside else []
        push_name = ["-n", f"push-{port}@%h"] if beside else []  # after PUSH_WORKER's: wins
        worker = procs.start(
            "worker",
            [*celery, "worker", "-Q", "celery", "--loglevel=WARNING", *pool, *worker_name],
        )
        push = procs.start("push", [*celery, *PUSH_WORKER, "--loglevel=WARNING", *push_name])
        coach_name = ["-n", f"coach-{port}@%h"] if beside else []  # after COACH_WORKER's
        coach = procs.start(
            "coach", [*COACH_NICE, *celery, *COACH_WORKER, "--loglevel=WARNING", *coach_name]
        )
        others = {"worker": [worker.pid], "push": [push.pid], "coach": [coach.pid]}
        if beside is None:
            schedule = str(logs / "beat-schedule")
            beat = procs.start("beat", [*celery, "beat", "--loglevel=WARNING", "-s", schedule])
            others["beat"] = [beat.pid]
        procs.wait_for(lambda: _answers(url + "/api/auth/csrf"), "the web processes")
        yield Stack(
            url=url,
            redis=redis,
            secret_key=secret_key,
            web_pids=[p.pid for p in web],
            other_pids={**others, "redis": listening_pids(redis)},
            settings={
                "server": f"{server} x{web_processes}",
                "DB_POOL_SIZE": env["DB_POOL_SIZE"],
                "DEBUG": "false",
                "DATABASE_URL": database_url.split("@")[-1],
                "CACHE": "redis",
                "Redis": "shared" if beside else "private",
                **{k: os.environ[k] for k in PASSED_ON if k in os.environ},
                **RAISED,
            },
        )


@contextlib.contextmanager
def _listening_socket() -> Iterator[socket.socket]:
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(4096)
    listener.set_inheritable(True)
    try:
        yield listener
    finally:
        listener.close()


def _run(argv: list[str], env: dict, log: Path) -> None:
    with open(log, "wb") as out:
        done = subprocess.run(argv, env=env, cwd=settings.BASE_DIR, stdout=out, stderr=out)
    if done.returncode:
        raise RuntimeError(f"{' '.join(argv[1:3])} failed:\n{log.read_text()[-3000:]}")


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True  # any HTTP answer: the server is up
    except OSError:
        return False


class _Processes:
    """Children in their own process groups, logging to files; all stopped at exit."""

    def __init__(self, logs: Path, env: dict):
        self.logs, self.env = logs, env
        self.procs: list[tuple[subprocess.Popen, Path]] = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for proc, _ in self.procs:
            _signal_group(proc, signal.SIGTERM)
        for proc, _ in self.procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(10)
            _signal_group(proc, signal.SIGKILL)
            proc.wait()

    def start(self, name: str, argv: list[str], pass_fds=()) -> subprocess.Popen:
        log = self.logs / f"{name}.log"
        with open(log, "wb") as out:
            proc = subprocess.Popen(
                argv,
                env=self.env,
                cwd=settings.BASE_DIR,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                pass_fds=pass_fds,
            )
        self.procs.append((proc, log))
        return proc

    def wait_for(self, predicate, what: str) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            dead = [(p, log) for p, log in self.procs if p.poll() is not None]
            if dead:
                proc, log = dead[0]
                raise RuntimeError(
                    f"{log.stem} exited with {proc.returncode}:\n{log.read_text()[-3000:]}"
                )
            if predicate():
                return
            time.sleep(0.2)
        raise RuntimeError(f"{what} did not answer within {START_TIMEOUT:g} s")


def _signal_group(proc: subprocess.Popen, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, sig)
