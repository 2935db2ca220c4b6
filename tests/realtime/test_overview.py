"""The overview's health of the machinery, against a real Redis and a real Celery worker."""

from barkside.celery import sending_to
from barkside.stack import free_port
from games import tasks
from moderation import overview
from tests.helpers import web_client


def test_with_a_worker_running_redis_and_celery_are_up(worker, redis_url, settings, moderator):
    settings.REDIS_URL = redis_url
    health = overview.health()
    assert health["redis"]["ok"] and health["redis"]["ping_ms"] < 1000
    assert health["celery"]["ok"]
    assert len(health["celery"]["workers"]) == 1
    page = web_client(moderator).get("/admin/overview/").content.decode()
    assert health["celery"]["workers"][0] in page
    assert page.count('<span class="up">up</span>') == 2
    assert '<span class="down">' not in page


def test_without_a_worker_celery_is_down_and_tasks_wait_in_redis(stack_env, redis_url, settings):
    settings.REDIS_URL = redis_url
    tasks.sweep.delay()
    health = overview.health()
    assert health["redis"]["ok"]
    assert health["redis"]["tasks_queued"] == 1
    assert not health["celery"]["ok"] and health["celery"]["workers"] == []


def test_with_redis_down_both_show_down_at_once(transactional_db, settings):
    dead = f"redis://127.0.0.1:{free_port()}/0"
    settings.REDIS_URL = dead
    with sending_to(dead):
        health = overview.health()
    assert not health["redis"]["ok"] and "Connection" in health["redis"]["error"]
    assert health["celery"] == {"ok": False, "workers": [], "error": "no broker"}
