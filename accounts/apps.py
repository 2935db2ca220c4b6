from django.apps import AppConfig


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"

    def ready(self):
        # The token cache (barkside/authentication.py) forgets a token that goes, and the
        # tokens of a user who changes, however it happens (services, the admin).
        from django.db.models.signals import post_delete, post_save
        from rest_framework.authtoken.models import Token

        from accounts.models import User
        from barkside.authentication import tokens_forget, user_tokens_forget

        def token_deleted(sender, instance, **kwargs):
            tokens_forget([instance.key])

        def user_saved(sender, instance, created, **kwargs):
            if not created:
                user_tokens_forget(instance.pk)

        post_delete.connect(token_deleted, sender=Token, dispatch_uid="token-cache")
        post_save.connect(user_saved, sender=User, dispatch_uid="token-cache")
