"""Web Push runs on its own queue and worker: a push service that never answers holds up
no AI turn and no timeout. Real processes: the worker as `make run` and the Procfile
start it (AI turns, the sweeper), the push worker, Redis, and a push endpoint that
accepts connections and never says a word.
"""

import socket
import threading

import pytest

from barkside import notices
from barkside.stack import children
from games import services, tasks
from games.models import GameEvent
from notifications import push
from notifications.models import PushSubscription
from tests.helpers import expire_turn
from tests.notifications.test_push import Device

from .processes import BASE_DIR, PYTHON, wait_until

# Long enough for a worker stuck on pushes (5 endpoints x PUSH_TIMEOUT each, or more on
# a branch without timeouts) to miss it; a free worker needs well under a second.
DEADLINE = 20


class SilentPushService:
    """Accepts every connection and never reads or answers: a push service gone quiet."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.held: list[socket.socket] = []
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while not self.closed:
            try:
                self.held.append(self.listener.accept()[0])
            except OSError:
                return

    def close(self):
        self.closed = True
        self.listener.close()
        for conn in self.held:
            conn.close()


@pytest.fixture
def silent_service():
    service = SilentPushService()
    yield service
    service.close()


def push_worker(processes, env: dict):
    """The push worker as the Procfile runs it (`-Q push`, threads)."""
    argv = [PYTHON, "-m", "celery", "-A", "barkside", "worker", "-Q", "push", "-n", "push@%h"]
    argv += ["--pool=threads", "--concurrency=2", "--loglevel=INFO"]
    argv += ["--without-gossip", "--without-mingle", "--without-heartbeat"]
    proc, log = processes.start("push", argv, env)
    wait_until(lambda: b" ready." in log.read_bytes(), 30, proc, log, "push worker ready")


def test_a_push_service_that_never_answers_delays_no_ai_move_and_no_timeout(
    alice, processes, stack_env, silent_service, settings
):
    env = {**stack_env, "PUSH_ALLOW_LOCAL_ENDPOINTS": "true", "PUSH_ALLOW_HTTP_ENDPOINTS": "true"}
    processes.worker(env)  # AI turns and the sweeper's work
    push_worker(processes, env)
    for i in range(5):  # every notice to alice now waits on five silent endpoints
        device = Device(f"{silent_service.url}/push/{i}")
        PushSubscription.objects.create(
            user=alice, endpoint=device.subscription["endpoint"], **device.subscription["keys"]
        )

    # The table starts at once: alice is told (a push), and both AI seats are to pass.
    game = services.game_create(user=alice, players=3, ai=["random", "random"], time_per_move=15)

    def ai_moves() -> int:
        return GameEvent.objects.filter(game=game, actor="ai").count()

    wait_until(lambda: ai_moves() >= 2, DEADLINE, what="both AI seats to pass their cards")

    # More notices for alice queue up; then her deadline passes and the sweeper runs.
    for _ in range(2):
        push.notify(notices.YOUR_TURN, alice.pk, game.pk)
    expire_turn(game)
    tasks.sweep.delay()

    def timed_out() -> bool:
        return GameEvent.objects.filter(game=game, actor="timeout").exists()

    wait_until(timed_out, DEADLINE, what="the sweeper to apply alice's timeout")
    # The pushes do go out, and wait there (on a loaded machine the push worker may
    # take them after the timeout: what matters is that the timeout did not wait).
    wait_until(lambda: silent_service.held, DEADLINE, what="the pushes to reach the service")


def queues_of(argv: list[str]) -> set[str] | None:
    """The queues a `celery worker` command line consumes (None: not a worker)."""
    if "worker" not in argv:
        return None
    return set(argv[argv.index("-Q") + 1].split(",")) if "-Q" in argv else {"celery"}


def test_make_run_and_the_procfile_serve_the_push_queue_apart_from_ai_turns(settings):
    procfile = (BASE_DIR / "Procfile").read_text().splitlines()
    commands = [line.split(":", 1)[1].split() for line in procfile if line[:1].isalnum()]
    stack = [kid.argv for kid in children("127.0.0.1", 8000, False, "/tmp")]
    for workers in (commands, stack):
        queues = [q for q in map(queues_of, workers) if q is not None]
        assert {settings.PUSH_QUEUE} in queues  # a worker of its own
        assert {"celery"} in queues  # AI turns and the sweeper, without pushes
