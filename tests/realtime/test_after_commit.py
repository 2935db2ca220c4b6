"""Work scheduled after a commit (broadcast, AI task) never changes the committed answer.

The failures are real: the broker and the channel layer point at a port where nothing
listens, so every publish is refused, as when Redis is down.
"""

import asyncio
import contextlib
import logging
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.utils import timezone

from barkside.celery import sending_to
from barkside.stack import free_port
from games import engine, realtime, services
from games.models import Game, GameEvent
from notifications.models import PushSubscription
from tests.helpers import client_for, person_move

from .processes import wait_until

GAMES_LOG = "games"


@contextlib.contextmanager
def redis_down(settings):
    """The broker and the channel layer on a Redis that refuses every connection."""
    url = f"redis://127.0.0.1:{free_port()}/0"
    layers = settings.CHANNEL_LAYERS
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [url]},
        }
    }
    try:
        with sending_to(url):
            yield
    finally:
        settings.CHANNEL_LAYERS = layers


def alices_pass(client, game_id, **headers):
    game = client.get(f"/api/games/{game_id}").json()
    move = game["view"]["legal_moves"][0]
    body = {**move, "version": game["version"]}
    return client.post(f"/api/games/{game_id}/moves", body, format="json", **headers)


def failures(caplog, what: str) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.name.startswith(f"{GAMES_LOG}.") and what in r.message
    ]


@pytest.fixture
def logged(caplog):
    caplog.set_level(logging.ERROR, logger=GAMES_LOG)
    return caplog


def test_a_move_whose_broadcast_and_ai_task_cannot_be_sent_answers_200_and_is_applied(
    alice, settings, logged
):
    client = client_for(alice)
    with redis_down(settings):
        created = client.post("/api/games", {"players": 3, "ai": ["random"] * 2}, format="json")
        assert created.status_code == 201, created.json()
        game_id = created.json()["id"]
        at = Game.objects.get(pk=game_id).version
        moved = alices_pass(client, game_id, HTTP_IDEMPOTENCY_KEY="pass-1")
        assert moved.status_code == 200, moved.json()
        assert moved.json()["version"] == at + 1
        assert GameEvent.objects.filter(game_id=game_id, version=at + 1, seat=0).exists()
        retry = client.post(
            f"/api/games/{game_id}/moves",
            {**created.json()["view"]["legal_moves"][0], "version": at},
            format="json",
            HTTP_IDEMPOTENCY_KEY="pass-1",
        )
        assert (retry.status_code, retry.json()) == (200, moved.json())
    assert len(failures(logged, f"queueing the AI turn of game {game_id}")) == 2
    assert len(failures(logged, f"broadcast of game {game_id}")) == 2


def test_the_sweeper_queues_the_lost_ai_turn_again_once_redis_is_back(alice, settings, worker):
    client = client_for(alice)
    with redis_down(settings):
        created = client.post("/api/games", {"players": 3, "ai": ["random"] * 2}, format="json")
        game_id = created.json()["id"]
        assert alices_pass(client, game_id).status_code == 200
    passed = Game.objects.get(pk=game_id).version
    assert services.sweep()["ai_requeued"] == 0  # not yet: a queued turn may still come
    later = timezone.now() + services.AI_STALL + timedelta(seconds=1)
    assert services.sweep(now=later)["ai_requeued"] == 1

    def ai_passed():
        return GameEvent.objects.filter(game_id=game_id, actor="ai", kind="pass").count() == 2

    wait_until(ai_passed, 60, what="the AI seats to pass")
    assert Game.objects.get(pk=game_id).version >= passed + 2


def test_a_push_that_cannot_be_queued_costs_nobody_the_broadcast(
    alice, bob, carol, memory_layer, logged
):
    """Web Push goes through the broker, the broadcast through the (working) layer."""
    PushSubscription.objects.create(
        user=bob, endpoint="https://push.example/bob", p256dh="k", auth="a"
    )
    game = services.game_create(user=alice, players=3, time_per_move=300)
    services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    game.refresh_from_db()
    layer = get_channel_layer()
    listener = async_to_sync(layer.new_channel)()
    for group in (realtime.spectators_group(game.pk), realtime.user_group(bob.pk)):
        async_to_sync(layer.group_add)(group, listener)
    move = engine.view(game.state, 0)["legal_moves"][0]
    with sending_to(f"redis://127.0.0.1:{free_port()}/0"):
        person_move(
            game_id=game.pk, user=alice, version=game.version, kind="pass", cards=move["cards"]
        )
    got = [async_to_sync(asyncio.wait_for)(layer.receive(listener), 10) for _ in range(2)]
    assert [(m["type"], m["version"]) for m in got] == [
        ("game.changed", game.version + 1),
        ("user.notice", game.version + 1),
    ]
    assert failures(logged, f"the your_turn notices of game {game.pk} failed")
