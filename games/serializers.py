"""Input validation for the games API: strict types, unknown fields refused."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from barkside.serializers import (
    PageQuerySerializer,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
)
from games.ai import LEVELS
from games.models import CORRESPONDENCE_SECONDS, LIVE_SECONDS, Game


@extend_schema_field(
    {
        "type": "integer",
        "anyOf": [
            {"minimum": lo, "maximum": hi} for lo, hi in (LIVE_SECONDS, CORRESPONDENCE_SECONDS)
        ],
    }
)
class TimePerMoveField(StrictIntegerField):
    """Seconds per move in one of the two ranges, which the schema lists as they are."""


class GameCreateSerializer(StrictSerializer):
    players = StrictIntegerField(min_value=3, max_value=6)
    ai = serializers.ListField(
        child=serializers.ChoiceField(choices=sorted(LEVELS)),
        required=False,
        default=list,
        max_length=5,
        help_text="AI levels for the AI seats; the other seats wait for people",
    )
    deck = serializers.ChoiceField(choices=Game.Deck.values, default=Game.Deck.AUTO)
    time_per_move = TimePerMoveField(
        default=24 * 3600,
        help_text="seconds per move: live 15-300, or correspondence 3600-259200",
    )
    rated = StrictBooleanField(default=False)
    private = StrictBooleanField(default=False)

    def validate_time_per_move(self, value):
        if not any(lo <= value <= hi for lo, hi in (LIVE_SECONDS, CORRESPONDENCE_SECONDS)):
            raise serializers.ValidationError(
                _(
                    "must be %(live_min)s-%(live_max)s s (live) or "
                    "%(correspondence_min)s-%(correspondence_max)s s (correspondence)"
                )
                % {
                    "live_min": LIVE_SECONDS[0],
                    "live_max": LIVE_SECONDS[1],
                    "correspondence_min": CORRESPONDENCE_SECONDS[0],
                    "correspondence_max": CORRESPONDENCE_SECONDS[1],
                }
            )
        return value

    def validate(self, attrs):
        if len(attrs["ai"]) > attrs["players"] - 1:
            raise serializers.ValidationError({"ai": [_("leave at least one seat for a person")]})
        # A rating is public (profiles, the leaderboard): a game only its players may see
        # must not move it.
        if attrs["rated"] and attrs["private"]:
            raise serializers.ValidationError({"rated": [_("a private table is not rated")]})
        return attrs


class JoinSerializer(StrictSerializer):
    invite_code = StrictCharField(required=False, max_length=32)


class MoveSerializer(StrictSerializer):
    kind = serializers.ChoiceField(choices=["pass", "play", "tuck"])
    cards = serializers.ListField(
        child=StrictIntegerField(min_value=1, max_value=12),
        min_length=1,
        max_length=10,
        required=False,
        help_text="the cards, as strengths (at least one); a tuck may leave them out (your lowest cards)",
    )
    version = StrictIntegerField(min_value=0, help_text="the game version the move is for")

    def to_internal_value(self, data):
        # Refuse a huge list before validating each of its items.
        cards = data.get("cards") if isinstance(data, dict) else None
        most = self.fields["cards"].max_length
        if isinstance(cards, list) and len(cards) > most:
            message = _("at most %(count)s cards") % {"count": most}
            raise serializers.ValidationError({"cards": [message]})
        return super().to_internal_value(data)

    def validate(self, attrs):
        if attrs["kind"] != "tuck" and "cards" not in attrs:
            raise serializers.ValidationError({"cards": [_("this move needs its cards")]})
        return attrs


class GameListQuerySerializer(PageQuerySerializer):
    status = serializers.ChoiceField(choices=Game.Status.values, required=False)


class GameSettingsSerializer(StrictSerializer):
    forced_moves_correspondence = StrictBooleanField(required=False)
    forced_moves_live = StrictBooleanField(required=False)


class VacationSerializer(StrictSerializer):
    days = StrictIntegerField(
        min_value=1,
        max_value=366,
        required=False,
        help_text="days away; all that is left of this year's allowance if left out",
    )


class ExpelSerializer(StrictSerializer):
    seat = StrictIntegerField(min_value=0, max_value=5, help_text="the seat past its deadline")


class AnalysisRequestSerializer(StrictSerializer):
    seat = StrictIntegerField(min_value=0, max_value=5, help_text="the seat to analyse")
