"""Games as stored: the table, its seats, doghouses and the append-only event log.

`Game.state` is the engine's plain-data state and is never sent to a client as it is:
what people see is built by `games.engine.view` (see selectors.py).

The state is the source of truth; some of it is also kept in columns, as projections the
database can filter and sort on, written in one place (services._commit) with the state
they come from, and checked by tests/api/test_projections.py:

- `Game.result` is `state["result"]` (the standings once the game is over);
- `Seat.to_act` is whether the seat is in `engine.to_act(state)` while the game is
  active (nobody acts in an ended game);
- `Doghouse` rows are `state["doghouses"]`;
- `Game.turn_deadline` is the earliest `Seat.deadline` of the seats to act, leaving out
  seats whose player is on vacation (`Seat.away_since`): what the sweeper looks for.

Each seat keeps its own clock (games/clocks.py): `turn_started` and `deadline` while it is
to act, and its time bank, `reserve`. `away_since`/`away_until` copy the player's running
`Vacation` onto their correspondence seats, so neither a list nor the sweeper needs a join.

`Game.seed` goes the other way: it is drawn when the table opens and `engine.new_game`
copies it into the state at the start (`state["seed"]`, what a record reveals).
`Game.version` counts every change of the table (joins and retakes too); the engine's own
`state["moves_applied"]` counts moves only.
"""

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q

from barkside import jsontext
from games.ai import LEVELS
from games.engine import seed_commitment

AI_LEVEL_CHOICES = [(level, level) for level in LEVELS]
# The times per move a table may have, in seconds: live play or correspondence.
LIVE_SECONDS = (15, 300)
CORRESPONDENCE_SECONDS = (3600, 3 * 24 * 3600)


def new_seed() -> str:
    return secrets.token_hex(16)


def new_invite_code() -> str:
    return secrets.token_urlsafe(9)


# A game's id is drawn at random, so that ids can neither be counted nor probed: with
# sequential ids every 404 below the highest public id was a private game. The range
# starts above every id the old sequence gave (they keep theirs) and ends below 2**53,
# so that JavaScript reads every id exactly. A draw that hits a held id (a chance of N in
# 9 * 10**15 with N games held) fails its insert like any database error: too rare to retry.
GAME_IDS = (2**32, 2**53)


def new_game_id() -> int:
    low, high = GAME_IDS
    return low + secrets.randbelow(high - low)


def game_number(game_id: int) -> str:
    """How a game is named to people: its id's last four digits (the PWA's `gameNumber`,
    screens/chrome.js); links carry the whole id."""
    return str(game_id)[-4:]


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open"  # waiting for players
        ACTIVE = "active"
        FINISHED = "finished"
        ABORTED = "aborted"

    class Deck(models.TextChoices):
        AUTO = "auto"
        FIFTY = "50"
        SIXTY = "60"

    id = models.BigIntegerField(primary_key=True, default=new_game_id, editable=False)
    status = models.CharField(max_length=8, choices=Status, default=Status.OPEN, db_index=True)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    players = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(3), MaxValueValidator(6)]
    )
    deck = models.CharField(max_length=4, choices=Deck, default=Deck.AUTO)
    time_per_move = models.PositiveIntegerField(help_text="seconds each seat has to move")
    rated = models.BooleanField(default=False)
    private = models.BooleanField(default=False)
    invite_code = models.CharField(max_length=16, unique=True, default=new_invite_code)
    # The secret seed deals every round; only its SHA-256 is shown until the game ends.
    seed = models.CharField(max_length=64, default=new_seed)
    seed_sha256 = models.CharField(max_length=64, editable=False)
    state = jsontext.JSONField(null=True, blank=True, editable=False)
    version = models.PositiveIntegerField(default=0)
    # Not indexed: every move changes it, and an indexed column changed makes PostgreSQL
    # write a new entry in each of the table's indexes instead of updating the row in
    # place (a HOT update). The sweeper finds active games by `status`, then filters.
    turn_deadline = models.DateTimeField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    ended = models.DateTimeField(null=True, blank=True)
    last_move = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        constraints = [
            models.CheckConstraint(
                condition=Q(players__gte=3, players__lte=6), name="game_players_3_to_6"
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.status}, {self.players} seats)"

    def save(self, *args, **kwargs):
        if not self.seed_sha256:
            self.seed_sha256 = seed_commitment(self.seed)
        super().save(*args, **kwargs)

    @property
    def is_correspondence(self) -> bool:
        return self.time_per_move >= CORRESPONDENCE_SECONDS[0]

    @property
    def engine_deck(self) -> str | int:
        return self.deck if self.deck == self.Deck.AUTO else int(self.deck)

    @property
    def offers_hints(self) -> bool:
        """Whether its players may ask for a hint (games/hints.py): unrated games with an AI
        seat only. A rated game is the player's own play, and a table of people alone has
        agreed to no machine's help. From the seats in memory when prefetched."""
        return not self.rated and any(seat.is_ai for seat in self.seats.all())


class GameDue(models.Model):
    """When the sweeper next has something to do for a game (games/due.py); None once it
    has ended. Written by every change to the game (games/commit.py), and kept apart from
    the game's row so that its index costs a move one small row: an index on the game's
    own columns would make every move write a new entry in each of its indexes."""

    game = models.OneToOneField(Game, primary_key=True, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["at"], name="game_due_at", condition=Q(at__isnull=False)),
        ]

    def __str__(self) -> str:
        return f"game {self.game_id} due at {self.at}"


class Seat(models.Model):
    class State(models.TextChoices):
        PLAYING = "playing"
        AUTOPILOT = "autopilot"  # the AI moves for a person a moderator shut out
        LEFT = "left"  # the AI plays the seat for the rest of the game

    class Handover(models.TextChoices):
        TIMEOUTS = "timeouts"  # three in a row (games/play.py): left, may be taken back
        RESIGNED = "resigned"  # left for good
        EXPELLED = "expelled"  # the table voted (correspondence): left, may be taken back
        MODERATOR = "moderator"  # a suspension or a ban: autopilot

    # Indexed by seat_number_unique, which begins with it (so are GameEvent's and
    # IdempotentMove's keys below): no second index to write.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats", db_index=False)
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="seats",
    )
    ai_level = models.CharField(max_length=16, choices=AI_LEVEL_CHOICES, blank=True)
    state = models.CharField(max_length=10, choices=State, default=State.PLAYING)
    timeouts = models.PositiveSmallIntegerField(default=0, help_text="timeouts in a row")
    to_act = models.BooleanField(default=False, help_text="this seat is expected to move")
    turn_started = models.DateTimeField(null=True, blank=True, help_text="its turn began")
    deadline = models.DateTimeField(
        null=True, blank=True, help_text="turn start + time per move + reserve"
    )
    reserve = models.PositiveIntegerField(default=0, help_text="seconds in the time bank")
    away_since = models.DateTimeField(null=True, blank=True, help_text="on vacation since")
    away_until = models.DateTimeField(null=True, blank=True, help_text="on vacation until")
    # Correspondence games: the first deadline the seat missed, kept (whatever the sweeper's
    # timeouts do to its clock) until its person's own move; the expel vote opens from it.
    overdue_since = models.DateTimeField(
        null=True, blank=True, help_text="missed its deadline then, and has not moved since"
    )
    # Seats that voted to hand this seat to the AI since it became overdue (expel vote).
    expel_votes = models.JSONField(default=list, blank=True)
    # Why the AI plays a person's seat (state autopilot or left), so the table and the
    # lists can say it: a resigned seat can never be taken back, a timed-out one can.
    handover = models.CharField(
        max_length=10, choices=Handover, blank=True, help_text="why the AI plays the seat"
    )

    class Meta:
        # By the column: "game" would order by the game's own ordering, joining its table
        # to every read of seats (so for Doghouse, GameEvent and Vacation's "user_id").
        ordering = ["game_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="seat_number_unique"),
            models.UniqueConstraint(
                fields=["game", "user"], condition=Q(user__isnull=False), name="one_seat_per_user"
            ),
            models.CheckConstraint(
                condition=Q(user__isnull=False) | ~Q(ai_level=""), name="seat_has_user_or_ai"
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.number} of game {self.game_id}"

    @property
    def is_ai(self) -> bool:
        return self.user_id is None

    @property
    def plays_itself(self) -> bool:
        """AI seats, and human seats on autopilot or left, are moved by the AI."""
        return self.user_id is None or self.state != self.State.PLAYING


class PlayerSettings(models.Model):
    """A player's games-side settings: vacation allowance and forced moves.

    Kept here, not on the user, because `accounts` sits below `games`. A player without a
    row has the defaults (`settings_of` in selectors.py).
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_settings"
    )
    vacation_days = models.PositiveSmallIntegerField(
        default=14, help_text="vacation days a calendar year"
    )
    forced_moves_correspondence = models.BooleanField(
        default=True, help_text="make a seat's only legal move at once in correspondence games"
    )
    forced_moves_live = models.BooleanField(default=False, help_text="the same in live games")

    def __str__(self) -> str:
        return f"game settings of user {self.user_id}"


class Vacation(models.Model):
    """A player's time away: the clocks of their correspondence seats stop until `ended`
    (their next move, ending it by hand, or `until`)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations"
    )
    started = models.DateTimeField()
    until = models.DateTimeField()
    ended = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["user_id", "-started"]
        constraints = [
            models.UniqueConstraint(
                fields=["user"], condition=Q(ended=None), name="one_running_vacation"
            ),
        ]
        indexes = [  # the sweeper's vacations that ran out: the running ones, by their end
            models.Index(fields=["until"], name="vacation_running_until", condition=Q(ended=None)),
        ]

    def __str__(self) -> str:
        return f"vacation of user {self.user_id} from {self.started:%Y-%m-%d}"


class Doghouse(models.Model):
    """Each seat's doghouse, kept in step with the state as rounds end, for stats and admin."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="doghouses")
    seat = models.PositiveSmallIntegerField()
    cards = models.JSONField(default=list)
    kinds = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["game_id", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="doghouse_per_seat"),
        ]

    def __str__(self) -> str:
        return f"doghouse of seat {self.seat} in game {self.game_id}"


class GameEvent(models.Model):
    """One row per applied change, append-only: replaying the moves rebuilds the game.

    `move` is private (a pass names its cards) and is never sent to clients before the
    game ends; `payload` holds the engine's public events.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events", db_index=False)
    version = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=16)
    actor = models.CharField(max_length=8, blank=True, help_text="player, ai, timeout or forced")
    move = models.JSONField(null=True, blank=True)
    payload = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game_id", "version"]
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="event_version_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} at version {self.version} of game {self.game_id}"


class IdempotentMove(models.Model):
    """The response to a move sent with an Idempotency-Key, replayed to retries."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, db_index=False)
    key = models.CharField(max_length=64)
    game = models.ForeignKey(Game, on_delete=models.CASCADE)
    version = models.PositiveIntegerField(help_text="the game's version the reply shows")
    response = models.TextField(help_text="the reply's JSON text, as it was sent")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="idempotency_key_unique"),
        ]

    def __str__(self) -> str:
        return f"idempotency key {self.key}"


class Analysis(models.Model):
    """The coach's analysis of one seat of an ended game (games/analyses.py).

    One row per game, seat and coach version: asked for again, it is the same analysis, so
    a change to the coach's judgement (a new version) is what makes new work. A person has
    at most one analysis queued or running at a time (`requested_by`)."""

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    BUSY = (Status.QUEUED, Status.RUNNING)

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="analyses")
    seat = models.PositiveSmallIntegerField()
    version = models.PositiveIntegerField(help_text="the coach's version (COACH_VERSION)")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=8, choices=Status, default=Status.QUEUED)
    result = models.JSONField(null=True, blank=True, help_text="the coach's marks, once done")
    created = models.DateTimeField(auto_now_add=True)
    requested = models.DateTimeField(help_text="when it was last queued")
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "seat", "version"], name="analysis_per_seat_and_version"
            ),
            # One at a time per person, held by the database against two requests at once.
            models.UniqueConstraint(
                fields=["requested_by"],
                condition=Q(status__in=["queued", "running"]),
                name="one_analysis_at_a_time",
            ),
        ]

    def __str__(self) -> str:
        return f"analysis of seat {self.seat} in game {self.game_id} ({self.status})"
