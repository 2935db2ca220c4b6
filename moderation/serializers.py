from rest_framework import serializers

from barkside.serializers import StrictCharField, StrictIntegerField, StrictSerializer
from moderation.models import CHAT_MAX_LENGTH, ModerationAction, Report


class ChatPostSerializer(StrictSerializer):
    text = StrictCharField(max_length=CHAT_MAX_LENGTH)


class ChatMessageSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    user = serializers.CharField()
    text = serializers.CharField()
    created = serializers.DateTimeField()


class ReportCreateSerializer(StrictSerializer):
    user = StrictCharField(max_length=20, help_text="the reported username")
    reason = serializers.ChoiceField(choices=Report.Reason.choices)
    game = StrictIntegerField(required=False, min_value=1)
    message = StrictIntegerField(required=False, min_value=1)
    comment = StrictCharField(required=False, allow_blank=True, max_length=1000)


class ReportReceivedSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField(help_text="`received`")


class IgnoredPlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    since = serializers.DateTimeField(help_text="when you blocked or muted them")


class WarningSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    reason = serializers.CharField(help_text="the moderator's words, plain text (show as text)")
    created = serializers.DateTimeField()
    seen = serializers.BooleanField(
        help_text="acknowledged by the user (`POST /api/moderation/warnings/{id}/seen`)"
    )


ACTIONS = [k for k in ModerationAction.Kind.values if k not in (ModerationAction.Kind.LIFT,)]


class ActionSerializer(StrictSerializer):
    action = serializers.ChoiceField(choices=ACTIONS)
    reason = StrictCharField(max_length=2000)
    user = StrictCharField(required=False, max_length=20)
    report = StrictIntegerField(required=False, min_value=1)
    game = StrictIntegerField(required=False, min_value=1)
    message = StrictIntegerField(required=False, min_value=1)
    minutes = StrictIntegerField(required=False, min_value=1, max_value=60 * 24 * 365)
    username = StrictCharField(required=False, max_length=20, help_text="rename: the new name")


class ActionDoneSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    action = serializers.CharField()
    until = serializers.DateTimeField(allow_null=True)
