from celery import shared_task

from moderation import services


@shared_task
def suspensions_lift() -> int:
    return services.suspensions_lift()
