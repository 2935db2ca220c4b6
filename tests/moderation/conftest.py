"""Moderation fixtures: a running table, moderators, and the in-memory channel layer."""

import pytest
from django.contrib.auth.models import Permission


@pytest.fixture
def moderator(make_user):
    """Staff with the `moderation.moderate` permission."""
    user = make_user("mod", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="moderate"))
    return user


@pytest.fixture
def superuser(make_user):
    return make_user("root", is_staff=True, is_superuser=True)


@pytest.fixture
def staff(make_user):
    """Staff without the moderation permission."""
    return make_user("clerk", is_staff=True)
