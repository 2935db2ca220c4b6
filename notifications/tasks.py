from celery import shared_task

from notifications import push


@shared_task(ignore_result=True)
def send_push(user_id: int, game_id: int, kind: str) -> None:
    push.send(user_id, game_id, kind)
