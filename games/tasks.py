"""Celery tasks: thin wrappers over services that do nothing once the game has moved on."""

from celery import shared_task

from games import services


@shared_task(acks_late=True, ignore_result=True)
def ai_move(game_id: int, version: int) -> None:
    """Play the AI's move if the game is still at `version` (late or repeated runs no-op)."""
    services.ai_move(game_id, version)


@shared_task(ignore_result=True)
def sweep() -> dict:
    """Run by Celery beat every few seconds: timeouts, idle games, lost AI turns."""
    return services.sweep()
