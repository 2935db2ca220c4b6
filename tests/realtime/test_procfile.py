"""The `web` process as the Procfile starts it, for what depends on how it is started."""

import http.client
import re
import shlex
import time

from django.conf import settings

from barkside.stack import KEEP_ALIVE, free_port
from tests.helpers import PASSWORD

from .processes import BASE_DIR, PYTHON, api, http_ok, wait_until


def procfile_web(port: int, **variables: str) -> list[str]:
    """The Procfile's `web` command on `port`, listening on loopback only; each other
    `${NAME:-default}` as `variables` say, else its default (2 web processes)."""
    lines = (BASE_DIR / "Procfile").read_text().splitlines()
    line = next(line for line in lines if line.startswith("web:")).removeprefix("web:")
    values = {"WEB_PROCESSES": "2", **variables, "PORT": str(port)}
    argv = shlex.split(re.sub(r"\$\{(\w+):-([^}]*)\}", lambda m: values.get(m[1], m[2]), line))
    assert argv[0] == "uvicorn"
    return [PYTHON, "-m", "uvicorn", *("127.0.0.1" if a == "0.0.0.0" else a for a in argv[1:])]


def log_in(base: str, forwarded_for: str, password: str):
    body = {"username": "alice", "password": password}
    headers = {"X-Forwarded-For": forwarded_for}
    return api(base, "POST", "/api/auth/login", body=body, headers=headers)


def test_a_new_forwarded_for_each_time_does_not_escape_the_lockout(alice, processes, stack_env):
    port = free_port()
    proc, log = processes.start(
        "web", procfile_web(port), {**stack_env, "THROTTLE_AUTH": "999/min"}
    )
    base = f"http://127.0.0.1:{port}"
    wait_until(lambda: http_ok(base + "/"), 30, proc, log, "the Procfile's web process")

    codes = [log_in(base, f"198.51.100.{n}", "wrong-guess")[1]["code"] for n in range(40)]

    assert codes[settings.AXES_FAILURE_LIMIT - 1] == "locked_out"
    status, body = log_in(base, "198.51.100.250", PASSWORD)
    assert (status, body["code"]) == (429, "locked_out")


def test_an_idle_connection_stays_open_longer_than_uvicorns_default(processes, stack_env):
    """Closed by the server after uvicorn's 5 s, a connection that a client reuses at that
    moment loses its request; a client or proxy closes it first now (barkside/stack.py)."""
    port = free_port()
    proc, log = processes.start("web", procfile_web(port), stack_env)
    wait_until(lambda: http_ok(f"http://127.0.0.1:{port}/"), 30, proc, log, "the web process")
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    answers = []
    for pause in (0, 6):
        time.sleep(pause)
        connection.request("GET", "/api/auth/csrf")
        response = connection.getresponse()
        response.read()
        answers.append((response.status, connection.sock.getsockname()))
    connection.close()
    (first, mine), (second, still_mine) = answers
    assert (first, second, still_mine) == (200, 200, mine)
    assert f"--timeout-keep-alive {KEEP_ALIVE}" in shlex.join(procfile_web(port))  # as make run
