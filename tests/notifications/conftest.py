import pytest

from games import clocks, services
from notifications import push, tasks
from tests.helpers import eager_tasks

from .test_push import PushService
from .test_reminders import DAY, subscribe


@pytest.fixture
def push_service(settings):
    settings.PUSH_ALLOW_HTTP_ENDPOINTS = True
    settings.PUSH_ALLOW_LOCAL_ENDPOINTS = True  # the fake service is on 127.0.0.1
    service = PushService()
    with eager_tasks():
        yield service
    service.server.shutdown()


@pytest.fixture
def pushes(monkeypatch):
    """The pushes queued, as (user_id, game_id, kind), instead of sending them."""
    sent = []
    monkeypatch.setattr(
        tasks.send_pushes, "delay", lambda pushes: sent.extend(tuple(p[:3]) for p in pushes)
    )
    monkeypatch.setattr(tasks.push_notice, "delay", push.notify)  # the worker's decision, here
    return sent


@pytest.fixture
def no_reserve(monkeypatch):
    """Correspondence seats start with an empty time bank, so that a turn lasts exactly
    its day and the hours of the reminders' tests read plainly (the bank:
    tests/api/test_clocks.py)."""
    monkeypatch.setattr(clocks, "RESERVE_START", 0.0)


@pytest.fixture
def correspondence(alice, bob, carol, memory_layer, queued, pushes):
    """A day-per-move game of three subscribed people; it starts with everyone passing."""
    subscribe(alice, bob, carol)
    game = services.game_create(user=alice, players=3, time_per_move=DAY)
    services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    game.refresh_from_db()
    return game
