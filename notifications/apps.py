from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "notifications"

    def ready(self):
        # Notifications stands on games: it listens to its notices, games never imports it.
        from games.signals import game_notice
        from notifications.receivers import push_game_notice

        game_notice.connect(push_game_notice, dispatch_uid="web-push")
