"""The user model. Custom from day one so fields can be added without a painful swap."""

from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    class Meta(AbstractUser.Meta):
        ordering = ["username"]
