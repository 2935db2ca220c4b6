"""The stack under test, run the way `make run` runs it, and its children by name."""

import os
import signal

from barkside.stack import free_port
from tests.realtime.processes import (
    PYTHON,
    Processes,
    descendants,
    group_leader,
    http_ok,
    wait_until,
)


class Stack:
    """`python -m barkside.stack` on a free port; stopped by the `processes` fixture."""

    def __init__(self, processes: Processes, env: dict):
        port = free_port()
        self.base = f"http://127.0.0.1:{port}"
        argv = [PYTHON, "-m", "barkside.stack", "--port", str(port)]
        self.proc, self.log = processes.start("stack", argv, env)
        wait_until(lambda: http_ok(self.base + "/"), 60, self.proc, self.log, "the stack to serve")
        wait_until(self.worker_ready, 60, self.proc, self.log, "the worker to be ready")

    def worker_ready(self) -> bool:
        return b"ready." in self.log.read_bytes()

    def child(self, name: str) -> int | None:
        """The pid of the child running `name` ("uvicorn", AI_WORKER, "beat"), if one runs."""
        return group_leader(descendants(self.proc.pid), name)

    def kill(self, name: str) -> int:
        """SIGKILL the child and every process it started (a worker's pool), at once."""
        pid = self.child(name)
        assert pid is not None, f"no {name} is running"
        os.killpg(pid, signal.SIGKILL)
        return pid

    def restarted(self, name: str, old: int) -> bool:
        return self.child(name) not in (None, old)

    def stop(self) -> None:
        """One SIGTERM, as a Ctrl-C: the stack stops its children and exits."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(60)

    def output(self) -> str:
        return self.log.read_text(errors="replace")
