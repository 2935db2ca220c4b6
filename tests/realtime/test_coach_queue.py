"""The coach's analyses run on their own queue and worker, one at a time at a lower OS
priority, so that AI turns never wait behind one. Real processes: the coach worker as
`make run` starts it, Redis, and the test database."""

import re

from django.conf import settings as django_settings

from barkside.celery import app
from barkside.stack import children
from games import services
from games.models import Analysis, Game
from games.services import Actor
from tests.helpers import client_for, fast_forward

from .processes import BASE_DIR, wait_until
from .test_push_queue import queues_of

# A 9-round game's analysis takes well under a minute on one worker (docs/ai.md): the
# margin of a loaded machine.
DEADLINE = 120


def coach_worker(processes, env: dict):
    """The coach worker exactly as `make run` starts it (barkside/stack.py)."""
    kid = next(k for k in children("127.0.0.1", 8000, False, "/tmp") if k.name == "coach")
    proc, log = processes.start("coach", [*kid.argv, "--without-heartbeat"], env)
    wait_until(lambda: b" ready." in log.read_bytes(), 30, proc, log, "coach worker ready")
    return proc, log


def finished_game(user) -> int:
    game = services.game_create(user=user, players=3, ai=["random", "random"], time_per_move=60)
    game.refresh_from_db()
    last = fast_forward(game)
    services.apply_move(game.pk, Actor("player", last.pop("seat")), last, game.version)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    return game.pk


def test_the_coach_worker_analyses_a_seat_of_a_finished_game(alice, processes, stack_env):
    _, log = coach_worker(processes, stack_env)
    game_id = finished_game(alice)
    client = client_for(alice)

    asked = client.post(f"/api/games/{game_id}/analyses", {"seat": 0}, format="json")
    assert asked.status_code == 202, asked.json()
    assert asked.json()["status"] == "queued"

    def done():
        return client.get(f"/api/games/{game_id}/analyses/0").json()["status"] == "done"

    wait_until(done, DEADLINE, what="the analysis", log=log)
    analysis = client.get(f"/api/games/{game_id}/analyses/0").json()
    assert analysis["judged"] > 0
    assert Analysis.objects.get(game_id=game_id).finished is not None
    # Asked again, the same analysis at once, and no new work.
    again = client.post(f"/api/games/{game_id}/analyses", {"seat": 0}, format="json")
    assert (again.status_code, again.json()) == (200, analysis)
    assert len(re.findall(r"Task games\.tasks\.analyse\[\S+\] received", log.read_text())) == 1


def test_analyses_go_to_the_coach_queue():
    route = app.amqp.router.route({}, "games.tasks.analyse")
    assert route["queue"].name == django_settings.COACH_QUEUE


def test_make_run_and_the_procfile_serve_the_coach_queue_alone_one_at_a_time_and_nicer():
    procfile = (BASE_DIR / "Procfile").read_text().splitlines()
    commands = [line.split(":", 1)[1].split() for line in procfile if line[:1].isalnum()]
    stack = [kid.argv for kid in children("127.0.0.1", 8000, False, "/tmp")]
    for workers in (commands, stack):
        coach = [argv for argv in workers if queues_of(argv) == {django_settings.COACH_QUEUE}]
        assert len(coach) == 1  # a worker of its own
        assert "--concurrency=1" in coach[0]
        assert coach[0][:3] == ["nice", "-n", "10"]  # below the other workers' priority
        others = [queues_of(argv) for argv in workers if argv is not coach[0]]
        assert not any(django_settings.COACH_QUEUE in (q or ()) for q in others)
        assert {"celery"} in others  # AI turns and the sweeper, without analyses
