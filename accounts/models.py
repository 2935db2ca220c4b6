"""The user model. Custom from day one so fields can be added without a painful swap."""

from django.contrib.auth.models import AbstractUser
from django.core.validators import RegexValidator
from django.db import models
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


class User(AbstractUser):
    username = models.CharField(
        "username",
        max_length=20,
        unique=True,
        validators=[username_validator],
        help_text="3 to 20 characters: letters, digits, _ or -. Unique regardless of case.",
        error_messages={"unique": USERNAME_TAKEN},
    )

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
