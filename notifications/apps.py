from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "notifications"

    def ready(self):
        # Notifications stands on games: it listens to its notices, games never imports it.
        from django.db.models.signals import post_delete, post_save

        from barkside.celery import app as celery_app
        from games import socket_handlers
        from games.signals import game_notices
        from notifications import devices, digest, reminders
        from notifications.models import PushSubscription
        from notifications.presence import Presence
        from notifications.receivers import push_game_notices
        from notifications.tasks import PlanOnConnect

        game_notices.connect(push_game_notices, dispatch_uid="web-push")
        socket_handlers.register("presence", Presence())
        post_save.connect(devices.subscribed, sender=PushSubscription, dispatch_uid="devices")
        post_delete.connect(devices.unsubscribed, sender=PushSubscription, dispatch_uid="devices")
        post_save.connect(reminders.subscribed, sender=PushSubscription, dispatch_uid="plans")
        post_delete.connect(digest.device_gone, sender=PushSubscription, dispatch_uid="plans")
        celery_app.steps["consumer"].add(PlanOnConnect)  # a worker's broker (re)connection
