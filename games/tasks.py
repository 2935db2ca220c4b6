"""Celery tasks: thin wrappers over services that do nothing once the game has moved on."""

from datetime import timedelta

from celery import shared_task

from games import services


@shared_task(acks_late=True, ignore_result=True)
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
