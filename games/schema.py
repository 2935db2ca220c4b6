"""Response shapes of the games API, for the OpenAPI schema (drf-spectacular)."""

from rest_framework import serializers


def cards(**kwargs):
    return serializers.ListField(child=serializers.IntegerField(), **kwargs)


class MoveOptionSchema(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["pass", "play", "tuck"])
    cards = cards()


class RoundMoveSchema(serializers.Serializer):
    seat = serializers.IntegerField()
    play = cards(required=False)
    tuck = cards(required=False)


class LastCardSchema(serializers.Serializer):
    seat = serializers.IntegerField()
    card = serializers.IntegerField()


class TrickSchema(serializers.Serializer):
    leader = serializers.IntegerField()
    count = serializers.IntegerField(
        allow_null=True, help_text="cards per play; null before the lead"
    )
    top = serializers.IntegerField(allow_null=True, help_text="the strength to beat")
    winner = serializers.IntegerField()
    moves = RoundMoveSchema(many=True)


class PastRoundSchema(serializers.Serializer):
    number = serializers.IntegerField(help_text="the round's number, from 1")
    starter = serializers.IntegerField()
    moves = RoundMoveSchema(many=True)
    last = LastCardSchema(many=True)
    loser = serializers.IntegerField()
    caught = cards()


class ResultSchema(serializers.Serializer):
    reason = serializers.ChoiceField(choices=["seven-kinds", "deck-exhausted"])
    losers = serializers.ListField(child=serializers.IntegerField())
    winners = serializers.ListField(child=serializers.IntegerField())
    doghouses = serializers.ListField(child=cards())


class ViewSchema(serializers.Serializer):
    """What the caller's seat may see (spectators get the public part only)."""

    players = serializers.IntegerField()
    max_strength = serializers.IntegerField()
    version = serializers.IntegerField()
    phase = serializers.ChoiceField(choices=["passing", "tricks", "dealing", "over"])
    round = serializers.IntegerField()
    starter = serializers.IntegerField(allow_null=True)
    to_act = serializers.ListField(child=serializers.IntegerField())
    passed = serializers.ListField(child=serializers.BooleanField())
    hand_sizes = serializers.ListField(child=serializers.IntegerField())
    aside_count = serializers.IntegerField()
    sets_unlocked = serializers.BooleanField()
    trick = TrickSchema(allow_null=True)
    moves = RoundMoveSchema(many=True)
    last_round = PastRoundSchema(
        allow_null=True,
        help_text="the newest finished round; all of them: GET /api/games/<id>/rounds",
    )
    doghouses = serializers.ListField(child=cards())
    kinds = serializers.ListField(child=serializers.IntegerField())
    seed_sha256 = serializers.CharField(allow_null=True)
    result = ResultSchema(allow_null=True)
    standings = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    seed = serializers.CharField(allow_null=True, help_text="revealed when the game is over")
    seat = serializers.IntegerField(required=False)
    hand = cards(required=False)
    passed_cards = cards(required=False, allow_null=True)
    received_cards = cards(required=False, allow_null=True)
    legal_moves = MoveOptionSchema(
        many=True,
        required=False,
        help_text="none while the AI plays the seat: POST /api/games/<id>/retake first",
    )


class ReputationSchema(serializers.Serializer):
    games = serializers.IntegerField(help_text="finished games the player had a seat in")
    finished = serializers.IntegerField(
        allow_null=True, help_text="% of them played to the end (not handed to the AI)"
    )
    on_time = serializers.IntegerField(
        allow_null=True, help_text="% of them played to the end without a timeout"
    )

    class Meta:
        ref_name = "Reputation"


class SeatSchema(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField(help_text='The username, or an AI\'s name and level: "Rex (hard)"')
    username = serializers.CharField(allow_null=True)
    ai_level = serializers.CharField(allow_null=True)
    state = serializers.ChoiceField(choices=["playing", "autopilot", "left"])
    handover = serializers.ChoiceField(
        choices=["timeouts", "resigned", "expelled", "moderator"],
        allow_null=True,
        help_text="why the AI plays a person's seat: three timeouts in a row, resigned (for "
        "good), expelled by the table's vote, or a moderator; null while they play it",
    )
    timeouts = serializers.IntegerField(help_text="timeouts in a row")
    timeouts_left = serializers.IntegerField(
        allow_null=True,
        help_text="timeouts in a row still allowed before the AI takes the seat; null for AI",
    )
    to_act = serializers.BooleanField()
    deadline = serializers.DateTimeField(
        allow_null=True, help_text="while to act: turn start + time per move + reserve"
    )
    reserve = serializers.IntegerField(help_text="seconds in the seat's time bank")
    away_until = serializers.DateTimeField(
        allow_null=True, help_text="on vacation until then: the seat's clock is stopped"
    )
    expel_from = serializers.DateTimeField(
        allow_null=True,
        help_text="correspondence: when the vote to hand this seat to the AI opens, "
        "EXPEL_GRACE_SECONDS after the first deadline it missed, until its player moves",
    )
    expel_votes = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="seats that voted to hand this seat to the AI since it missed its deadline",
    )
    reputation = ReputationSchema(
        required=False, allow_null=True, help_text="open tables only: the person's; null for AI"
    )


def places(**kwargs):
    return serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="each seat's final place as the ratings count it (1 = best, equal = "
        "shared): the standings, with the seats that left (resigned, timed out, expelled) "
        "below everyone who stayed; null until the game is finished",
        **kwargs,
    )


class RatingChangeSchema(serializers.Serializer):
    before = serializers.IntegerField()
    after = serializers.IntegerField()

    class Meta:
        ref_name = "SeatRatingChange"


class _TableSchema(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["open", "active", "finished", "aborted"])
    players = serializers.IntegerField()
    deck = serializers.ChoiceField(choices=["auto", "50", "60"])
    time_per_move = serializers.IntegerField()
    rated = serializers.BooleanField()
    private = serializers.BooleanField()
    version = serializers.IntegerField()
    turn_deadline = serializers.DateTimeField(allow_null=True)
    your_seat = serializers.IntegerField(allow_null=True)
    seats = SeatSchema(many=True)
    created = serializers.DateTimeField()


class GameSchema(_TableSchema):
    hints = serializers.BooleanField(
        help_text="whether its players may ask for a hint: unrated games with an AI seat"
    )
    invite_code = serializers.CharField(allow_null=True, help_text="private tables, players only")
    seed_sha256 = serializers.CharField(help_text="SHA-256 of the secret seed (fair deal)")
    started = serializers.DateTimeField(allow_null=True)
    ended = serializers.DateTimeField(allow_null=True)
    places = places()
    rating_changes = serializers.ListField(
        child=RatingChangeSchema(allow_null=True),
        allow_null=True,
        help_text="a finished rated game: each seat's displayed rating before and after "
        "(null for AI seats); null otherwise",
    )
    view = ViewSchema(allow_null=True, help_text="null until the table starts")


class LastActionSchema(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(allow_null=True)
    kind = serializers.ChoiceField(choices=["pass", "play", "tuck"])
    actor = serializers.CharField(help_text="player, ai, timeout or forced")
    cards = cards(allow_null=True, help_text="a pass's cards only for its passer and receiver")
    at = serializers.DateTimeField()


class GameSummarySchema(_TableSchema):
    seated = serializers.IntegerField()
    your_turn = serializers.BooleanField()
    your_deadline = serializers.DateTimeField(allow_null=True)
    last_action = LastActionSchema(allow_null=True)
    waiting_for = serializers.ListField(child=serializers.CharField())
    result = ResultSchema(allow_null=True)
    places = places()


class GameLimitSchema(serializers.Serializer):
    running = serializers.IntegerField(help_text="running correspondence games")
    limit = serializers.IntegerField(help_text="20, plus one per 10 finished")


class VacationSchema(serializers.Serializer):
    started = serializers.DateTimeField()
    until = serializers.DateTimeField()


class GameSettingsSchema(serializers.Serializer):
    forced_moves_correspondence = serializers.BooleanField()
    forced_moves_live = serializers.BooleanField()
    vacation_days = serializers.IntegerField(help_text="vacation days a calendar year")
    vacation_days_left = serializers.FloatField()
    vacation = VacationSchema(allow_null=True)
    game_limit = GameLimitSchema()


class GameSummaryPageSchema(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = GameSummarySchema(many=True)


class GameRoundsSchema(serializers.Serializer):
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    rounds = PastRoundSchema(many=True, help_text="every finished round, oldest first")


class RecordSchema(serializers.Serializer):
    format = serializers.CharField()
    players = serializers.IntegerField()
    max_strength = serializers.IntegerField()
    rounds = serializers.ListField(child=serializers.DictField())
    result = ResultSchema(required=False)
    seed = serializers.CharField(required=False)
    seed_sha256 = serializers.CharField(required=False)
    seats = serializers.ListField(child=serializers.CharField())
    started = serializers.CharField(allow_null=True)
    ended = serializers.CharField(allow_null=True)


class MarkMoveSchema(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["pass", "play", "tuck"])
    cards = cards()


class MarkSchema(serializers.Serializer):
    round = serializers.IntegerField(help_text="index into the record's `rounds`, from 0")
    move = serializers.IntegerField(
        allow_null=True,
        help_text="index into that round's `moves`; null: the seat's pass of cards",
    )
    played = MarkMoveSchema()
    better = MarkMoveSchema(help_text="the move the coach prefers")
    saving = serializers.FloatField(help_text="doghouse cards it expects the better move to save")


class AnalysisSchema(serializers.Serializer):
    game = serializers.IntegerField()
    seat = serializers.IntegerField()
    version = serializers.IntegerField(help_text="the coach's version: a new one judges anew")
    status = serializers.ChoiceField(choices=["queued", "running", "done", "failed"])
    judged = serializers.IntegerField(
        allow_null=True, help_text="decisions of the seat judged, once done"
    )
    marks = MarkSchema(many=True, help_text="the costliest decisions, once done")
    created = serializers.DateTimeField()
    finished = serializers.DateTimeField(allow_null=True)


class HintSchema(serializers.Serializer):
    move = MoveOptionSchema(help_text="one of the view's legal_moves: the `swift` AI's choice")
    version = serializers.IntegerField(help_text="the game's version the hint is for")
