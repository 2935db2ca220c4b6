from celery import shared_task

from notifications import digest, push, reminders


@shared_task(ignore_result=True)
def push_notice(kind: str, user_id: int, game_id: int, detail: dict | None = None) -> None:
    push.notify(kind, user_id, game_id, detail=detail)


@shared_task(ignore_result=True)
def send_push(user_id: int, game_id: int, kind: str, detail: dict | None = None) -> None:
    push.send(user_id, game_id, kind, detail)


@shared_task(ignore_result=True)
def send_reminders() -> None:
    """Beat, every REMINDER_SECONDS: the reminders due (they queue send_push)."""
    reminders.send_due()


@shared_task(ignore_result=True)
def send_digests() -> None:
    """Beat, every DIGEST_SECONDS: the email digests due (on the push queue: a slow mail
    server must not hold up AI turns)."""
    digest.send_due()
