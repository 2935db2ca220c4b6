"""The Celery app. Tasks live in each app's `tasks.py` and are found by autodiscovery."""

import contextlib
import logging
import os

from celery import Celery, bootsteps

from barkside.adapters.celery import forget_pools

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "barkside.settings")

logger = logging.getLogger(__name__)

app = Celery("barkside")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@contextlib.contextmanager
def eager_tasks():
    """Celery tasks run inline, in the caller (tests, `bench move`). Celery 5.6 reads a
    setting under its Django name (CELERY_TASK_ALWAYS_EAGER, from settings.py) before its
    own name, so setting `task_always_eager` alone would change nothing."""
    eager = app.conf.CELERY_TASK_ALWAYS_EAGER
    app.conf.CELERY_TASK_ALWAYS_EAGER = True
    try:
        yield
    finally:
        app.conf.CELERY_TASK_ALWAYS_EAGER = eager


@contextlib.contextmanager
def sending_to(url: str):
    """This process's tasks go to the broker at `url` (a bench's or a test's own stack),
    and back to the settings' broker after. Under both names: with the CELERY_ namespace,
    Celery 5.6 reads the prefixed one first. The producer pool is forgotten each way, as
    kombu keeps one per broker and would hand back the old one."""
    old = app.conf.broker_url
    _send_to(url)
    try:
        yield
    finally:
        _send_to(old)


def _send_to(url: str) -> None:
    forget_pools(app)
    app.conf.update(broker_url=url, CELERY_BROKER_URL=url)


class SweepOnConnect(bootsteps.StartStopStep):
    """On every broker (re)connection, queue a sweep that resumes every AI turn due.

    A restarted Redis has lost the queued tasks, and the tasks a killed worker had reserved
    wait out the visibility timeout: a worker that (re)connects cannot tell which turns
    were lost, so it has them all queued again rather than leave the games waiting for the
    sweeper's stall delay. Each AI move is a compare-and-set on the game's version, so a
    duplicate is a no-op.
    """

    requires = {"celery.worker.consumer.tasks:Tasks"}

    def start(self, consumer) -> None:
        try:
            consumer.app.send_task("games.tasks.sweep", kwargs={"resume": True})
        except Exception:  # the beat's sweeps still resume the turns, only later
            logger.exception("could not queue the sweep after connecting to the broker")


app.steps["consumer"].add(SweepOnConnect)
