"""Celery tasks: thin wrappers over matchmaking services."""

from celery import shared_task

from matchmaking import services


@shared_task(ignore_result=True)
def form_tables() -> int:
    """Run by beat every few seconds and after each join: seat the tables that form."""
    return len(services.form_tables())
