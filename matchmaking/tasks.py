"""Celery tasks: thin wrappers over matchmaking services."""

from celery import shared_task

from matchmaking import services


@shared_task(ignore_result=True)
def form_tables() -> int:
    """Run by beat every few seconds and after each join: seat the tables that form."""
    return len(services.form_tables())


@shared_task(acks_late=True, ignore_result=True)
def rate_game(game_id: int) -> int:
    """Rate a finished game (idempotent), for callers that rate on commit."""
    from games.models import Game

    game = Game.objects.filter(pk=game_id).first()
    return len(services.rate_game(game)) if game else 0
