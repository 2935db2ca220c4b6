from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from barkside.serializers import StrictBooleanField, StrictCharField, StrictSerializer
from notifications.preferences import time_zones
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


class SettingsSerializer(StrictSerializer):
    """A change of notification settings: any of the fields (PATCH)."""

    time_zone = StrictCharField(max_length=64, required=False, help_text="IANA name")
    quiet_start = serializers.TimeField(
        required=False, allow_null=True, help_text="local HH:MM; null: no quiet hours"
    )
    quiet_end = serializers.TimeField(required=False, allow_null=True, help_text="local HH:MM")
    lang = serializers.ChoiceField(choices=LANGUAGES, required=False)
    push_turn = StrictBooleanField(required=False, help_text="your turn begins")
    push_reminders = StrictBooleanField(
        required=False, help_text="a correspondence turn: half time, an hour before the deadline"
    )
    push_game_start = StrictBooleanField(required=False)
    push_game_end = StrictBooleanField(required=False)
    push_chat = StrictBooleanField(required=False, help_text="a message at your table")
    push_matchmaking = StrictBooleanField(required=False, help_text="matchmaking found you a table")
    email_digest = StrictBooleanField(
        required=False, help_text="a daily email of the games waiting, without push"
    )

    def validate_time_zone(self, value):
        if value not in time_zones():
            raise serializers.ValidationError(_("Not a known time zone (e.g. Europe/Berlin)."))
        return value

    def validate(self, attrs):
        for end in ("quiet_start", "quiet_end"):  # minutes are the finest step
            if attrs.get(end):
                attrs[end] = attrs[end].replace(second=0, microsecond=0)
        return attrs


class SettingsSchema(serializers.Serializer):
    time_zone = serializers.CharField()
    quiet_start = serializers.CharField(allow_null=True, help_text="HH:MM")
    quiet_end = serializers.CharField(allow_null=True, help_text="HH:MM")
    lang = serializers.ChoiceField(choices=LANGUAGES)
    push_turn = serializers.BooleanField()
    push_reminders = serializers.BooleanField()
    push_game_start = serializers.BooleanField()
    push_game_end = serializers.BooleanField()
    push_chat = serializers.BooleanField()
    push_matchmaking = serializers.BooleanField()
    email_digest = serializers.BooleanField()

    class Meta:
        ref_name = "NotificationSettings"
