from django.apps import AppConfig


class ModerationConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "moderation"

    def ready(self):
        # Moderation stands on accounts and games: it listens, they never import it.
        from accounts.signals import signing_in
        from games import socket_handlers
        from moderation.receivers import refuse_shut_out_login
        from moderation.socket import Chat

        signing_in.connect(refuse_shut_out_login, dispatch_uid="standing")
        socket_handlers.register("chat", Chat())
