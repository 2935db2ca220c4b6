import logging

from celery import bootsteps, shared_task
from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from notifications import digest, push, reminders
from notifications.models import PlannedDigest

log = logging.getLogger(__name__)

PLANNING_SECONDS = 60  # one `plan_reminders` for all the workers that (re)connect at once


@shared_task(ignore_result=True)
def push_notice(kind: str, user_id: int, game_id: int, detail: dict | None = None) -> None:
    push.notify(kind, user_id, game_id, detail=detail)


@shared_task(ignore_result=True)
def send_pushes(pushes: list[list]) -> None:
    """The pushes of one notice or one reminders run, each [user_id, game_id, kind, detail]."""
    push.send([push.Push(*p) for p in pushes])


@shared_task(ignore_result=True)
def send_push(user_id: int, game_id: int, kind: str, detail: dict | None = None) -> None:
    """One push, as queued before they went in batches (a message left in the broker
    across an upgrade)."""
    push.send([push.Push(user_id, game_id, kind, detail)])


@shared_task(ignore_result=True)
def send_reminders() -> None:
    """Beat, every REMINDER_SECONDS: the reminders due (they queue send_pushes)."""
    reminders.send_due()


@shared_task(ignore_result=True)
def plan_reminders() -> None:
    """A worker (re)connected to the broker: plan the turns whose notice may be lost."""
    if cache.add("reminders:planning", 1, PLANNING_SECONDS):
        reminders.plan_waiting()


@shared_task(ignore_result=True)
def plan_digests(user_ids: list[int]) -> None:
    """Turns of these people began while they had no device (digest.look_soon)."""
    PlannedDigest.objects.plan(user_ids, timezone.now())


@shared_task(ignore_result=True)
def send_digests() -> None:
    """Beat, every DIGEST_SECONDS: the email digests due (on the push queue: a slow mail
    server must not hold up AI turns)."""
    digest.send_due()


class PlanOnConnect(bootsteps.StartStopStep):
    """On every broker (re)connection, queue `plan_reminders` (installed by apps.py).

    A restarted Redis has lost the queued `your_turn` notices, and a killed push worker
    the one it was running: a worker that (re)connects cannot tell which turns began
    meanwhile, so it has every turn waiting planned where it has no plan."""

    requires = {"celery.worker.consumer.tasks:Tasks"}

    def start(self, consumer) -> None:
        try:
            consumer.app.send_task(plan_reminders.name, queue=settings.PUSH_QUEUE)
        except Exception:  # the turns begun since are planned at the next connection
            log.exception("could not queue the reminders' planning after connecting")
