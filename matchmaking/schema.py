"""Response shapes of the matchmaking API, for the OpenAPI documentation only."""

from rest_framework import serializers

from games.schema import GameLimitSchema, ReputationSchema


class QueueStatusSchema(serializers.Serializer):
    queued = serializers.BooleanField()
    position = serializers.IntegerField(
        required=False, help_text="1 = longest waiting among people with your speed and kind"
    )
    waiting = serializers.IntegerField(required=False, help_text="people with your speed and kind")
    joined = serializers.DateTimeField(required=False)
    waited = serializers.FloatField(required=False, help_text="seconds in the queue")
    gap = serializers.IntegerField(
        required=False, help_text="rating points your table may span now; widens as you wait"
    )
    ai_fill_in = serializers.FloatField(
        required=False, allow_null=True, help_text="seconds until AI seats may complete a table"
    )
    sizes = serializers.ListField(child=serializers.IntegerField(), required=False)
    time_per_move = serializers.IntegerField(required=False)
    rated = serializers.BooleanField(required=False)
    ai_fill = serializers.BooleanField(required=False)
    min_reputation = serializers.IntegerField(
        required=False, help_text="the % of games finished asked of table mates"
    )

    class Meta:
        ref_name = "QueueStatus"


class RatingSchema(serializers.Serializer):
    rating = serializers.IntegerField(
        help_text="displayed: round(1500 + 40 x (mu - 25)), never below 0; 1500 for a newcomer"
    )
    spread = serializers.IntegerField(
        help_text="the rating very likely lies within +- this many points (2 sigma)"
    )
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField(help_text="rated games in this speed class")
    provisional = serializers.BooleanField(help_text="fewer than 10 rated games")

    class Meta:
        ref_name = "Rating"


class RatingChangeSchema(serializers.Serializer):
    game = serializers.IntegerField()
    speed = serializers.ChoiceField(choices=["live", "correspondence"])
    place = serializers.IntegerField(
        help_text="the place rated: the standings, with seats that left after everyone else"
    )
    finish = serializers.ChoiceField(
        choices=["played", "resigned", "timed_out", "autopilot"],
        help_text="how the seat finished: played, resigned, three timeouts (the AI finished "
        "it) or handed to the AI by a moderator",
    )
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    at = serializers.DateTimeField()

    class Meta:
        ref_name = "RatingChange"


class RecentGameSchema(serializers.Serializer):
    id = serializers.IntegerField()
    ended = serializers.DateTimeField()
    players = serializers.IntegerField()
    rated = serializers.BooleanField()
    time_per_move = serializers.IntegerField()
    result = serializers.ChoiceField(choices=["won", "lost", "neither", "drawn"])
    doghouse_cards = serializers.IntegerField()
    record = serializers.CharField(help_text="the game's barkside-record/1 URL")

    class Meta:
        ref_name = "RecentGame"


class RatingsSchema(serializers.Serializer):
    live = RatingSchema()
    correspondence = RatingSchema()

    class Meta:
        ref_name = "Ratings"


class ProfileSchema(serializers.Serializer):
    username = serializers.CharField()
    joined = serializers.DateTimeField()
    games_played = serializers.IntegerField(help_text="finished games")
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    average_doghouse_cards = serializers.FloatField(allow_null=True)
    reputation = ReputationSchema()
    ratings = RatingsSchema()
    rating_history = RatingChangeSchema(many=True)
    recent_games = RecentGameSchema(many=True)
    correspondence_games = GameLimitSchema(
        allow_null=True,
        help_text="running correspondence games and the most allowed (20 + 1 per 10 finished); "
        "on your own profile only (null on others')",
    )

    class Meta:
        ref_name = "Profile"


class LeaderboardRowSchema(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    rating = serializers.IntegerField()
    games = serializers.IntegerField()

    class Meta:
        ref_name = "LeaderboardRow"


class LeaderboardPageSchema(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = LeaderboardRowSchema(many=True)

    class Meta:
        ref_name = "LeaderboardPage"
