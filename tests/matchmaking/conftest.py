"""Matchmaking tests: real commits (seating runs on_commit work), eager Celery, an
in-memory channel layer, and a queue driven by an injectable clock."""

from datetime import UTC, datetime, timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from rest_framework.throttling import SimpleRateThrottle

from games.models import Game, Seat
from matchmaking.models import QueueEntry

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def eager(in_process_workers, settings):
    settings.MATCHMAKING_GAP_BASE = 100.0
    settings.MATCHMAKING_GAP_PER_SECOND = 10.0
    settings.MATCHMAKING_GAP_MAX = 1500.0
    settings.MATCHMAKING_AI_FILL_LIVE = 60.0
    settings.MATCHMAKING_AI_FILL_CORRESPONDENCE = 600.0


@pytest.fixture(autouse=True)
def unthrottled(monkeypatch):
    for scope in ("user", "anon", "moves"):
        monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, scope, "100000/min")


def queue(
    user, *, at=T0, sizes=(3, 4, 5, 6), time_per_move=60, rated=True, ai_fill=False, skill=1000.0
) -> QueueEntry:
    """A queue entry written directly, joined at `at` (the clock tests inject)."""
    return QueueEntry.objects.create(
        user=user,
        sizes=sorted(sizes),
        time_per_move=time_per_move,
        rated=rated,
        ai_fill=ai_fill,
        skill=skill,
        joined=at,
    )


def later(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def seated(user) -> list[int]:
    return list(Seat.objects.filter(user=user).values_list("game_id", flat=True))


def tables() -> list[Game]:
    return list(Game.objects.prefetch_related("seats").order_by("pk"))


class Inbox:
    """A socket's channel in a user's group on the in-memory layer: what /ws/me/ gets."""

    def __init__(self, user):
        self.layer = get_channel_layer()
        self.channel = async_to_sync(self.layer.new_channel)()
        async_to_sync(self.layer.group_add)(f"user-{user.pk}", self.channel)

    def messages(self) -> list[dict]:
        waiting = self.layer.channels.get(self.channel)
        received = []
        while waiting is not None and not waiting.empty():
            received.append(waiting.get_nowait()[1])
        return received


@pytest.fixture
def inbox():
    return Inbox
