"""`make run` on a fresh database with REDIS_URL unset: the whole stack, a worker and beat
killed and started again by it, then one Ctrl-C."""

import contextlib
import os
import re
import signal
import socket
import subprocess
from pathlib import Path

from barkside.stack import free_port

from .processes import (
    AI_WORKER,
    BASE_DIR,
    alive,
    api,
    descendants,
    group_leader,
    http_ok,
    next_game,
    wait_until,
    ws_connect,
)

UNSET = ("REDIS_URL", "DATABASE_URL", "CHANNEL_LAYER", "CELERY_TASK_ALWAYS_EAGER", "PORT")


def listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_make_run_serves_the_game_and_one_ctrl_c_stops_everything(tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {k: v for k, v in os.environ.items() if k not in UNSET}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"  # a newcomer's empty database
    log = tmp_path / "make-run.log"
    with open(log, "wb") as out:
        make = subprocess.Popen(
            ["make", "--no-print-directory", "run", f"PORT={port}"],
            cwd=BASE_DIR,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own terminal-like process group, for the Ctrl-C
        )
    seen: set[int] = set()
    try:
        wait_until(lambda: http_ok(base + "/"), 120, make, log, "make run to serve /")
        assert http_ok(base + "/api/schema/")
        status, me = api(
            base,
            "POST",
            "/api/auth/register",
            None,
            {
                "username": "newcomer",
                "password": "Tail-tuck-7-doghouse",
            },
        )
        assert status == 201, me
        token = me["token"]
        status, game = api(
            base,
            "POST",
            "/api/games",
            token,
            {
                "players": 3,
                "ai": ["random", "random"],
                "time_per_move": 60,
            },
        )
        assert status == 201, game
        with ws_connect(base, f"/ws/games/{game['id']}/", token) as ws:
            first = next_game(ws)
            # The AI seats pass by themselves: the worker plays them, the socket shows it.
            moved = next_game(ws, lambda m: sum(m["game"]["view"]["passed"][1:]) == 2, 30)
            assert moved["version"] > first["version"]
        seen = descendants(make.pid)
        redis_port = int(re.search(r"private Redis at redis://127.0.0.1:(\d+)", log.read_text())[1])
        assert {"uvicorn", "worker", "beat", "redis-server"} <= _names(seen)

        # A dead worker or beat is started again; the games go on.
        killed = {name: group_leader(seen, name) for name in (AI_WORKER, "beat")}
        for pid in killed.values():
            os.kill(pid, signal.SIGKILL)

        def restarted() -> bool:
            now = descendants(make.pid)
            return all(group_leader(now, name) not in (None, pid) for name, pid in killed.items())

        wait_until(restarted, 30, make, log, "the worker and beat to be started again")
        assert "stack: worker exited with -9; starting it again" in log.read_text()
        status, game = api(
            base,
            "POST",
            "/api/games",
            token,
            {"players": 3, "ai": ["random"] * 2, "time_per_move": 60},
        )
        assert status == 201, game
        with ws_connect(base, f"/ws/games/{game['id']}/", token) as ws:
            next_game(ws, lambda m: sum(m["game"]["view"]["passed"][1:]) == 2, 30)
        seen |= descendants(make.pid)

        os.killpg(make.pid, signal.SIGINT)  # what Ctrl-C in a terminal does
        make.wait(60)
        left = {pid for pid in seen if alive(pid)}
        assert not left, f"left behind: {left}\n{log.read_text()[-3000:]}"
        assert not listening(port)
        assert not listening(redis_port)
    finally:
        for pid in {make.pid, *seen, *descendants(make.pid)}:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGKILL)
        make.wait()


def _names(pids: set[int]) -> set[str]:
    names = set()
    for pid in pids:
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        for name in ("uvicorn", "worker", "beat", "redis-server"):
            if name in cmdline:
                names.add(name)
    return names
