"""Chat, mutes, blocks, reports, the moderation log, and which warnings were read.

A user's standing (suspended, banned, chat-muted) is read from the log itself
(`ModerationAction` rows with their `until`): there is no second copy to drift.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q

from games.models import Game

CHAT_MAX_LENGTH = 280


class ChatMessage(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat_messages")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages"
    )
    text = models.CharField(max_length=CHAT_MAX_LENGTH)
    created = models.DateTimeField(auto_now_add=True, db_index=True)
    hidden = models.BooleanField(default=False, help_text="hidden by a moderator")

    class Meta:
        ordering = ["created", "pk"]

    def __str__(self) -> str:
        return f"{self.user} in game {self.game_id}: {self.text[:40]}"


class Mute(models.Model):
    """`muter` no longer sees `muted`'s chat."""

    muter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["muter", "muted"], name="mute_once")]

    def __str__(self) -> str:
        return f"{self.muter} mutes {self.muted}"


class Block(models.Model):
    """`blocker` is never seated with `blocked` by matchmaking, and doesn't see their chat."""

    blocker = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["blocker", "blocked"], name="block_once")]

    def __str__(self) -> str:
        return f"{self.blocker} blocks {self.blocked}"


class Report(models.Model):
    class Reason(models.TextChoices):
        ABUSIVE_CHAT = "abusive_chat"
        OFFENSIVE_NAME = "offensive_name"
        STALLING = "stalling"
        CHEATING = "cheating"
        OTHER = "other"

    class Status(models.TextChoices):
        OPEN = "open"
        DISMISSED = "dismissed"
        ACTIONED = "actioned"

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_made"
    )
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_against"
    )
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL)
    message = models.ForeignKey(
        ChatMessage, null=True, blank=True, on_delete=models.SET_NULL, related_name="reports"
    )
    reason = models.CharField(max_length=16, choices=Reason)
    comment = models.TextField(blank=True, max_length=1000)
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN, db_index=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "pk"]  # the oldest waits longest: first in the queue

    def __str__(self) -> str:
        return f"report #{self.pk}: {self.reported} ({self.reason})"


class ModerationAction(models.Model):
    """One moderator's action, append-only: the admin shows it and never edits it."""

    class Kind(models.TextChoices):
        DISMISS = "dismiss"
        WARN = "warn"
        MUTE_CHAT = "mute_chat"
        SUSPEND = "suspend"
        BAN = "ban"
        RENAME = "rename"
        HIDE_MESSAGE = "hide_message"
        ABORT_GAME = "abort_game"
        LIFT = "lift"  # a suspension's end, written when the account is active again

    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="moderation_done",
    )
    action = models.CharField(max_length=16, choices=Kind)
    target = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="moderation_received",
    )
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL)
    report = models.ForeignKey(Report, null=True, blank=True, on_delete=models.SET_NULL)
    message = models.ForeignKey(ChatMessage, null=True, blank=True, on_delete=models.SET_NULL)
    reason = models.TextField()
    note = models.CharField(max_length=200, blank=True, help_text="e.g. the old username")
    until = models.DateTimeField(null=True, blank=True, help_text="end of a mute or suspension")
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created", "-pk"]
        permissions = [("moderate", "Can moderate: act on reports and users")]
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="moderation_needs_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.action} {self.target} by {self.moderator}"


class WarningSeen(models.Model):
    """The warned user has read a warning and said so.

    Beside the log rather than in it: `ModerationAction` rows are never edited. Kept on
    the server, so a warning acknowledged on one device is not shown on another.
    """

    warning = models.OneToOneField(
        ModerationAction,
        on_delete=models.CASCADE,
        related_name="warning_seen",
        limit_choices_to={"action": ModerationAction.Kind.WARN},
    )
    seen = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"warning #{self.warning_id} seen {self.seen:%Y-%m-%d %H:%M}"
