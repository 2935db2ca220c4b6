"""The matchmaking queue and the ratings (OpenSkill, one per user and speed class)."""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from games.models import Game


class Speed(models.TextChoices):
    LIVE = "live"
    CORRESPONDENCE = "correspondence"


class QueueEntry(models.Model):
    """A player waiting for a table, with their wishes; at most one per user.

    Seating a table deletes its entries in the transaction that creates the game, so an
    entry is either still waiting or seated, never both and never lost.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_entry"
    )
    sizes = models.JSONField(help_text="acceptable table sizes, a subset of 3-6")
    time_per_move = models.PositiveIntegerField(db_index=True)
    rated = models.BooleanField()
    ai_fill = models.BooleanField(help_text="AI seats may complete the table after a wait")
    skill = models.FloatField(help_text="matching skill when joining (ratings.skill)")
    min_reputation = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(100)],
        help_text="seat only with players who finished at least this % of their games",
    )
    joined = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["joined", "pk"]
        verbose_name_plural = "queue entries"

    def __str__(self) -> str:
        return f"{self.user} waiting since {self.joined:%H:%M:%S}"


class Rating(models.Model):
    """A user's OpenSkill rating for one speed class; absent until their first rated game."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    speed = models.CharField(max_length=16, choices=Speed)
    mu = models.FloatField()
    sigma = models.FloatField(validators=[MinValueValidator(0)])
    games = models.PositiveIntegerField(default=0, help_text="rated games finished")
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["user_id", "speed"]
        constraints = [
            models.UniqueConstraint(fields=["user", "speed"], name="rating_per_user_and_speed"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.speed} mu={self.mu:.2f} sigma={self.sigma:.2f}"


class RatingChange(models.Model):
    """One rated game's effect on one player: the rating history, and what makes rating
    a game idempotent (one row per game and user)."""

    class Finish(models.TextChoices):
        """How the player's seat finished the game, said beside the change."""

        PLAYED = "played"  # the person played to the end (single timeouts included)
        RESIGNED = "resigned"  # rated last (RULES: the AI finished the seat)
        TIMED_OUT = "timed_out"  # three timeouts in a row: the AI finished it, rated last
        AUTOPILOT = "autopilot"  # a moderator handed the seat to the AI (suspension)

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    speed = models.CharField(max_length=16, choices=Speed)
    place = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(7)],
        help_text="1 = best; a seat that left counts last",
    )
    finish = models.CharField(max_length=10, choices=Finish, default=Finish.PLAYED)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="rating_change_per_game_user"),
        ]
        indexes = [models.Index(fields=["user", "-created"], name="rating_history")]

    def __str__(self) -> str:
        return f"{self.user} in game {self.game_id}: {self.mu_before:.2f} -> {self.mu_after:.2f}"
