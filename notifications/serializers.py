from datetime import time

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from barkside.serializers import StrictBooleanField, StrictCharField, StrictSerializer
from notifications.preferences import switches, time_zones
from notifications.push import LANGUAGES


class LocalTimeField(serializers.TimeField):
    """A wall-clock time in the person's time zone. One with an offset (`10:00+05:00`)
    names another zone's hour, and Django's parser would drop the offset without a word:
    it is refused."""

    default_error_messages = {"offset": _("A local time without an offset, e.g. 22:30.")}

    def to_internal_value(self, value):
        if isinstance(value, str) and _has_offset(value):
            self.fail("offset")
        return super().to_internal_value(value)


def _has_offset(value: str) -> bool:
    try:
        return time.fromisoformat(value.strip()).tzinfo is not None
    except ValueError:  # not ISO 8601: the field's own parsing says what is wrong
        return False


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


class WithSwitches:
    """Adds one boolean per push switch of barkside/notices.py (`push_turn`, ...) before
    `email_digest`, read when the fields are built: a kind registered later still gets
    its field."""

    switch_field = serializers.BooleanField
    switch_options: dict = {}

    def get_fields(self):
        fields = super().get_fields()
        digest = fields.pop("email_digest")
        added = {
            name: self.switch_field(help_text=f"on: {s.label}", **self.switch_options)
            for name, s in switches().items()
        }
        return {**fields, **added, "email_digest": digest}


class SettingsSerializer(WithSwitches, StrictSerializer):
    """A change of notification settings: any of the fields (PATCH)."""

    switch_field = StrictBooleanField
    switch_options = {"required": False}
    _built_for: dict[type, tuple] = {}  # class -> the switches its shared fields have

    time_zone = StrictCharField(max_length=64, required=False, help_text="IANA name")
    quiet_start = LocalTimeField(
        required=False, allow_null=True, help_text="local HH:MM; null: no quiet hours"
    )
    quiet_end = LocalTimeField(required=False, allow_null=True, help_text="local HH:MM")
    lang = serializers.ChoiceField(choices=LANGUAGES, required=False)
    email_digest = StrictBooleanField(
        required=False, help_text="a daily email of the games waiting, without push"
    )

    @property
    def fields(self):
        names = tuple(switches())
        if self._built_for.get(type(self)) != names:  # a kind was registered since
            self._fields.pop(type(self), None)
            self._built_for[type(self)] = names
        return super().fields

    def validate_time_zone(self, value):
        if value not in time_zones():
            raise serializers.ValidationError(_("Not a known time zone (e.g. Europe/Berlin)."))
        return value

    def validate(self, attrs):
        for end in ("quiet_start", "quiet_end"):  # minutes are the finest step
            if attrs.get(end):
                attrs[end] = attrs[end].replace(second=0, microsecond=0)
        return attrs


class SettingsSchema(WithSwitches, serializers.Serializer):
    time_zone = serializers.CharField()
    quiet_start = serializers.CharField(allow_null=True, help_text="HH:MM")
    quiet_end = serializers.CharField(allow_null=True, help_text="HH:MM")
    lang = serializers.ChoiceField(choices=LANGUAGES)
    email_digest = serializers.BooleanField()

    class Meta:
        ref_name = "NotificationSettings"


class SwitchSchema(serializers.Serializer):
    name = serializers.CharField(help_text="the setting's field, e.g. push_turn")
    label = serializers.CharField(help_text="what it notifies of, in the request's language")
    default = serializers.BooleanField()

    class Meta:
        ref_name = "NotificationSwitch"
