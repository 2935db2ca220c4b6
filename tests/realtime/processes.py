"""Real processes for realtime tests: Redis, Celery workers, daphne servers, WebSocket clients."""

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from websockets.sync.client import connect

from barkside.stack import free_port, private_redis

BASE_DIR = Path(settings.BASE_DIR)
PYTHON = sys.executable


@contextlib.contextmanager
def redis_for_tests():
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
    else:
        with private_redis() as url:
            yield url


def redis_db(url: str, number: int) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{number}"))


def database_url_for_tests() -> str:
    """The URL of the database pytest-django made for this run (not the dev database)."""
    db = settings.DATABASES["default"]
    if db["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{Path(db['NAME']).resolve()}"
    user = db.get("USER") or ""
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    host = db.get("HOST") or "127.0.0.1"
    port = f":{db['PORT']}" if db.get("PORT") else ""
    return f"postgres://{user}{password}@{host}{port}/{db['NAME']}"


class Processes:
    """Child processes of one test, each in its own process group, all stopped at exit."""

    def __init__(self, logs: Path):
        self.logs = logs
        self.procs: list[tuple[str, subprocess.Popen, Path]] = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for _, proc, _ in self.procs:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
        for _, proc, _ in self.procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(10)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()

    def start(self, name: str, argv: list[str], env: dict) -> tuple[subprocess.Popen, Path]:
        log = self.logs / f"{name}-{len(self.procs)}.log"
        with open(log, "wb") as out:
            proc = subprocess.Popen(
                argv,
                cwd=BASE_DIR,
                env={**os.environ, "PYTHONUNBUFFERED": "1", **env},
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.procs.append((name, proc, log))
        return proc, log

    def worker(self, env: dict) -> subprocess.Popen:
        argv = [PYTHON, "-m", "celery", "-A", "barkside", "worker", "--pool=solo"]
        argv += ["--loglevel=INFO", "--without-gossip", "--without-mingle", "--without-heartbeat"]
        proc, log = self.start("worker", argv, env)
        wait_until(lambda: b" ready." in log.read_bytes(), 30, proc, log, "worker ready")
        return proc

    def server(self, env: dict) -> str:
        port = free_port()
        argv = [PYTHON, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
        proc, log = self.start("server", [*argv, "barkside.asgi:application"], env)
        base = f"http://127.0.0.1:{port}"
        wait_until(lambda: http_ok(base + "/"), 30, proc, log, f"server on {port}")
        return base


def wait_until(predicate, timeout: float, proc=None, log: Path | None = None, what="it"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        if proc is not None and proc.poll() is not None:
            break
        time.sleep(0.1)
    output = log.read_text(errors="replace")[-4000:] if log else ""
    raise AssertionError(f"waited {timeout}s for {what}\n{output}")


def http_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except (OSError, urllib.error.URLError):
        return False


def api(base: str, method: str, path: str, token: str | None = None, body=None, headers=None):
    """(status, JSON body) of one API request; a body that is not JSON comes as text."""
    headers = {"Content-Type": "application/json", **(headers or {})}
    if token:
        headers["Authorization"] = f"Token {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as e:
        raw = e.read()
        try:
            return e.code, json.loads(raw or b"null")
        except ValueError:
            return e.code, raw.decode(errors="replace")


def ws_connect(base: str, path: str, token: str):
    """A real WebSocket client signed in with an API token, as a phone app would be."""
    return connect(
        base.replace("http", "ws", 1) + path,
        origin=base,
        subprotocols=["token", token],
        open_timeout=10,
    )


def next_game(ws, predicate=lambda message: True, timeout: float = 20.0) -> dict:
    """The first `game` message that satisfies `predicate`, within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        try:
            message = json.loads(ws.recv(timeout=left))
        except TimeoutError:
            break
        if message["type"] == "game" and predicate(message):
            return message
    raise AssertionError(f"no matching game message within {timeout}s")


class DatabaseSwitch:
    """The test database as child processes reach it, with a switch to refuse them.

    While `off()`, every new connection fails with a real OperationalError, and this
    test process keeps its own open connection. PostgreSQL: the database stops allowing
    connections. SQLite: the processes open it through a symbolic link, which points at
    nothing meanwhile.
    """

    def __init__(self, folder: Path):
        self.url = database_url_for_tests()
        self.database = settings.DATABASES["default"]
        self.link = None
        if self.database["ENGINE"] == "django.db.backends.sqlite3":
            self.target = Path(self.database["NAME"]).resolve()
            self.link = folder / "database-link.sqlite3"
            self.link.symlink_to(self.target)
            self.url = f"sqlite:///{self.link}"

    @contextlib.contextmanager
    def off(self):
        self._allow(False)
        try:
            yield
        finally:
            self._allow(True)

    def _allow(self, allowed: bool) -> None:
        if self.link is not None:
            self.link.unlink()
            self.link.symlink_to(self.target if allowed else self.link.parent / "gone" / "db")
            return
        import psycopg
        from psycopg import sql

        # PostgreSQL will not change this for the database one is connected to.
        db = self.database
        server = {"host": db.get("HOST") or "127.0.0.1", "port": db.get("PORT") or 5432}
        with psycopg.connect(
            dbname="postgres", user=db["USER"], password=db.get("PASSWORD"), **server
        ) as admin:
            admin.autocommit = True
            statement = sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS {}")
            admin.execute(statement.format(sql.Identifier(db["NAME"]), sql.Literal(allowed)))


# --- process trees ------------------------------------------------------------------------


def descendants(root: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = set(), [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


AI_WORKER = "worker -Q celery"  # the stack's Celery worker for AI turns (push has its own)


def group_leader(pids: set[int], name: str) -> int | None:
    """The process among `pids` that leads its own group and runs `name` (a stack child):
    words of its command line, e.g. "beat" or AI_WORKER."""
    for pid in pids:
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            group = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[2])
        except (OSError, IndexError, ValueError):
            continue
        if group == pid and f" {name} " in f" {' '.join(cmdline.split())} " and alive(pid):
            return pid
    return None
