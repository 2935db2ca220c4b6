"""The user model. Custom from day one so fields can be added without a painful swap."""

from django.contrib.auth.models import AbstractUser
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

# Django's own sentence, so its catalogs and ours say the same.
USERNAME_TAKEN = _("A user with that username already exists.")

# ASCII only, so names read the same on every phone and can't impersonate each other
# with look-alike Unicode letters.
USERNAME_PATTERN = r"[A-Za-z0-9_-]{3,20}"
username_validator = RegexValidator(
    rf"\A{USERNAME_PATTERN}\Z",
    _("Use 3 to 20 characters: letters, digits, _ or -."),
    code="invalid_username",
)

# Guests' generated names (accounts/guests.py) begin with it, and nobody else's may.
GUEST_PREFIX = "guest-"


def is_guest_name(username: str) -> bool:
    return username.lower().startswith(GUEST_PREFIX)


class User(AbstractUser):
    username = models.CharField(
        "username",
        max_length=20,
        unique=True,
        validators=[username_validator],
        help_text="3 to 20 characters: letters, digits, _ or -. Unique regardless of case.",
        error_messages={"unique": USERNAME_TAKEN},
    )
    # A guest (played at once, no username or password chosen yet) is removed when this
    # passes; every request it makes moves it on (accounts/guests.py). None for everyone
    # else, and for a guest once it has claimed its account.
    guest_until = models.DateTimeField(null=True, blank=True, editable=False)

    @property
    def is_guest(self) -> bool:
        return self.guest_until is not None

    class Meta(AbstractUser.Meta):
        ordering = ["username"]
        constraints = [
            # "Alice" and "alice" would be two people the table can't tell apart.
            models.UniqueConstraint(
                Lower("username"),
                name="accounts_user_username_ci_unique",
                violation_error_message=USERNAME_TAKEN,
            ),
        ]
        indexes = [
            # The expiry task finds the guests due by this time, never by scanning everyone.
            models.Index(
                fields=["guest_until"],
                name="user_guest_until",
                condition=Q(guest_until__isnull=False),
            ),
        ]
