"""A device's push subscription, and the server's VAPID key pair."""

from django.conf import settings
from django.db import models

from barkside import notices
from games.models import Game

MAX_SUBSCRIPTIONS_PER_USER = 5


class PushSubscription(models.Model):
    """What the browser's PushManager gave us: where to post, and the keys to encrypt for."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    lang = models.CharField(max_length=8, default="en", help_text="language of the texts")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"push subscription {self.pk} of user {self.user_id}"

    def info(self) -> dict:
        """The subscription in the shape pywebpush takes."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class VapidKey(models.Model):
    """The key pair generated on first use when VAPID_PRIVATE_KEY is not configured."""

    private_pem = models.TextField()
    public_key = models.CharField(max_length=200, help_text="uncompressed P-256 point, base64url")
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"VAPID key {self.public_key[:12]}…"


class NotificationSettings(models.Model):
    """What a person wants to be told, and when not; absent means every default.

    Quiet hours are local times in `time_zone` (an IANA name); no push goes out in them
    (schedule.py says what happens to one that falls there).
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_settings"
    )
    time_zone = models.CharField(max_length=64, default="UTC", help_text="IANA name")
    quiet_start = models.TimeField(null=True, blank=True, help_text="local time; none: no quiet")
    quiet_end = models.TimeField(null=True, blank=True, help_text="local time")
    lang = models.CharField(max_length=8, default="en", help_text="language of the emails")
    # The push switches the person changed, by setting name; the others read as their
    # default. The kinds and their settings are barkside/notices.py's, so a new kind needs
    # no column.
    switches = models.JSONField(
        default=dict, blank=True, help_text="changed push switches: {setting: on}"
    )
    email_digest = models.BooleanField(
        default=True, help_text="a daily email of the games waiting, without a push subscription"
    )
    digest_sent = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        verbose_name_plural = "notification settings"

    def __str__(self) -> str:
        return f"notification settings of user {self.user_id}"

    def wants(self, switch: notices.Switch) -> bool:
        """Whether the person has `switch` on."""
        return bool(self.switches.get(switch.name, switch.default))


class ReminderSent(models.Model):
    """A turn's push slot that has been settled (sent, or skipped because the player was
    watching or turned the kind off): one row per slot, so nothing goes out twice, even
    from two beat runs at once or after a worker restart. A turn is a seat's deadline."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    deadline = models.DateTimeField(db_index=True)
    slot = models.CharField(max_length=10)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game", "deadline", "slot"], name="reminder_once_per_slot"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.slot} reminder of game {self.game_id} for user {self.user_id}"


class PlannedReminder(models.Model):
    """A correspondence turn whose pushes are not all settled: when the next one is due.
    Written when the turn begins (reminders.py); a beat run reads only the rows due,
    through the index on `due`, however many turns wait. A turn is a seat's deadline, as
    for ReminderSent: a move, a vacation or the game's end leave the row behind, and the
    run that finds it due drops it."""

    # The unique index below begins with the user: no index of its own to write.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    started = models.DateTimeField(help_text="when the turn began")
    deadline = models.DateTimeField()
    due = models.DateTimeField(db_index=True, help_text="the turn's next push")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game", "deadline"], name="reminders_planned_once_per_turn"
            ),
        ]

    def __str__(self) -> str:
        return f"reminders of game {self.game_id} for user {self.user_id}, next {self.due}"


class DigestPlans(models.Manager):
    def plan(self, user_ids, due) -> None:
        """Have the run at `due` look at these people; a person planned already keeps
        their time (a day away at most)."""
        rows = [self.model(user_id=u, due=due) for u in user_ids]
        self.bulk_create(rows, batch_size=1000, ignore_conflicts=True)


class PlannedDigest(models.Model):
    """A person who may be due an email digest: when a run should look at them.

    Planned when a turn of theirs begins while they have no device (tasks.plan_digest,
    at most once an hour a person, receivers.py), when their last device goes, when they
    turn the digest on, and for every turn waiting when a worker connects to the broker;
    a beat run reads only the rows due, through the index on `due`, however many games
    wait (digest.py)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    due = models.DateTimeField(db_index=True)

    objects = DigestPlans()

    def __str__(self) -> str:
        return f"digest of user {self.user_id}, next look {self.due}"
