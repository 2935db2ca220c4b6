"""Celery tasks: thin wrappers over services that do nothing once the game has moved on."""

from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError

from games import analyses, guests, services

# A database that drops connections or restarts fails a task with these. The AI turn
# is tried again with backoff (about 1, 2, 4 s, then every 4 s, with jitter so many
# games do not come back at once; short, so a game moves within seconds of the database
# coming back): harmless, since a move is a compare-and-set on the game's version and a
# late or repeated run does nothing. After the last try the sweeper still queues a lost
# AI turn again (services.AI_STALL).
DATABASE_ERRORS = (OperationalError, InterfaceError)


@shared_task(
    acks_late=True,
    ignore_result=True,
    autoretry_for=DATABASE_ERRORS,
    retry_backoff=1,
    retry_backoff_max=4,
    retry_jitter=True,
    max_retries=20,
)
def ai_move(game_id: int, version: int) -> None:
    """Play the AI's move if the game is still at `version` (late or repeated runs no-op)."""
    services.ai_move(game_id, version)


@shared_task(ignore_result=True)
def sweep(resume: bool = False) -> dict:
    """Run by Celery beat every few seconds: timeouts, idle games, lost AI turns.

    `resume` (sent by a worker each time it connects to the broker, see barkside.celery):
    every AI turn due is queued again at once, not only those stalled for `AI_STALL`.
    """
    return services.sweep(ai_stall=timedelta(0) if resume else services.AI_STALL)


@shared_task(ignore_result=True)
def guests_expire() -> dict:
    """Run by Celery beat every GUEST_EXPIRE_SECONDS: guests idle past their time removed."""
    return guests.guests_expire()


@shared_task(
    ignore_result=True,
    soft_time_limit=settings.COACH_TIME_LIMIT,
    time_limit=settings.COACH_TIME_LIMIT + 30,
)
def analyse(analysis_id: int) -> None:
    """The coach's analysis of a seat (on its own queue, settings.COACH_QUEUE): done or
    failed. Not retried: a failed one is asked for again by its person."""
    analyses.analysis_run(analysis_id)
