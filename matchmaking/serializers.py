"""Input validation for matchmaking: strict types, unknown fields refused."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from barkside.serializers import (
    PageQuerySerializer,
    StrictBooleanField,
    StrictIntegerField,
    StrictSerializer,
)
from matchmaking.models import Speed

# The speeds the queue offers: few, so people waiting for the same one find each other.
LIVE_PRESETS = (30, 60)
CORRESPONDENCE_PRESETS = (24 * 3600, 3 * 24 * 3600)
PRESETS = LIVE_PRESETS + CORRESPONDENCE_PRESETS


@extend_schema_field({"type": "integer", "enum": list(PRESETS)})
class PresetSecondsField(StrictIntegerField):
    """Seconds per move, one of the presets: the schema lists them."""


class QueueJoinSerializer(StrictSerializer):
    sizes = serializers.ListField(
        child=StrictIntegerField(min_value=3, max_value=6),
        min_length=1,
        max_length=4,
        default=lambda: [3, 4, 5, 6],
        help_text="acceptable table sizes (3-6); any of them",
    )
    time_per_move = PresetSecondsField(
        help_text="seconds per move: live 30 or 60, correspondence 86400 or 259200"
    )
    rated = StrictBooleanField(default=True)
    ai_fill = StrictBooleanField(
        default=False, help_text="AI seats (level normal) may complete the table after a wait"
    )
    min_reputation = StrictIntegerField(
        min_value=0,
        max_value=100,
        default=0,
        help_text="seat me only with players who finished at least this % of their games "
        "(0: anyone; players with no finished game pass no threshold)",
    )

    def validate_sizes(self, value):
        if len(set(value)) != len(value):
            raise serializers.ValidationError(_("each size once"))
        return value

    def validate_time_per_move(self, value):
        if value not in PRESETS:
            presets = ", ".join(map(str, PRESETS))
            raise serializers.ValidationError(
                _("must be one of %(presets)s") % {"presets": presets}
            )
        return value


class LeaderboardQuerySerializer(PageQuerySerializer):
    speed = serializers.ChoiceField(choices=Speed.values, default=Speed.LIVE)
