"""Moderation fixtures: a running table, moderators, and the in-memory channel layer."""

import pytest
from django.contrib.auth.models import Permission

from games import services, tasks


@pytest.fixture
def memory_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    settings.AI_MOVE_DELAY = 0


@pytest.fixture
def queued(monkeypatch) -> list:
    """AI tasks recorded instead of sent to a broker."""
    calls = []
    monkeypatch.setattr(
        tasks.ai_move, "apply_async", lambda args, **kwargs: calls.append(tuple(args))
    )
    monkeypatch.setattr(tasks.ai_move, "delay", lambda *args: calls.append(tuple(args)))
    return calls


@pytest.fixture
def table(alice, bob, carol, memory_layer, queued):
    """A running public game: alice in seat 0, bob 1, carol 2."""
    game = services.game_create(user=alice, players=3, time_per_move=300)
    services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    game.refresh_from_db()
    return game


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
