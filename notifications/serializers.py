from rest_framework import serializers

from barkside.serializers import StrictCharField, StrictSerializer
from notifications.push import LANGUAGES


class KeysSerializer(StrictSerializer):
    p256dh = StrictCharField(max_length=200)
    auth = StrictCharField(max_length=100)


class SubscriptionSerializer(StrictSerializer):
    """`PushSubscription.toJSON()` from the browser, plus the language for the texts."""

    endpoint = serializers.URLField(max_length=1000)
    keys = KeysSerializer()
    expirationTime = serializers.IntegerField(required=False, allow_null=True)  # noqa: N815
    lang = serializers.ChoiceField(choices=LANGUAGES, default="en")


class EndpointSerializer(StrictSerializer):
    endpoint = serializers.URLField(max_length=1000)


class KeySchema(serializers.Serializer):
    public_key = serializers.CharField(help_text="VAPID application server key, base64url")
