"""A device's push subscription, and the server's VAPID key pair."""

from django.conf import settings
from django.db import models

MAX_SUBSCRIPTIONS_PER_USER = 5


class PushSubscription(models.Model):
    """What the browser's PushManager gave us: where to post, and the keys to encrypt for."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    lang = models.CharField(max_length=8, default="en", help_text="language of the texts")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"push subscription {self.pk} of user {self.user_id}"

    def info(self) -> dict:
        """The subscription in the shape pywebpush takes."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class VapidKey(models.Model):
    """The key pair generated on first use when VAPID_PRIVATE_KEY is not configured."""

    private_pem = models.TextField()
    public_key = models.CharField(max_length=200, help_text="uncompressed P-256 point, base64url")
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"VAPID key {self.public_key[:12]}…"
