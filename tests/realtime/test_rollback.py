"""A change that rolls back tells nobody: no broadcast, no AI task."""

import asyncio

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from games import engine, realtime, services
from games.models import Game
from games.services import Actor


class Rollback(Exception):
    pass


@pytest.fixture
def vs_ai(alice, memory_layer, queued) -> Game:
    """alice to pass while the two AI seats have yet to: any commit would wake the AI."""
    game = services.game_create(user=alice, players=3, ai=["random", "random"], time_per_move=300)
    queued.clear()
    return game


def listen(game_id) -> str:
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(realtime.spectators_group(game_id), channel)
    return channel


def received(channel, game_id) -> list[dict]:
    """Every message the layer holds for `channel`: those before a fence sent now."""
    layer = get_channel_layer()
    fence = {"type": "fence"}

    async def drain():
        await layer.group_send(realtime.spectators_group(game_id), fence)
        messages = []
        while (message := await asyncio.wait_for(layer.receive(channel), 10)) != fence:
            messages.append(message)
        return messages

    return async_to_sync(drain)()


def alices_pass(game: Game) -> dict:
    move = engine.view(game.state, 0)["legal_moves"][0]
    return {"kind": move["kind"], "cards": move["cards"]}


def test_a_rolled_back_move_sends_no_broadcast_and_queues_no_task(vs_ai, queued):
    channel = listen(vs_ai.pk)
    with pytest.raises(Rollback), transaction.atomic():
        services.apply_move(vs_ai.pk, Actor("player", 0), alices_pass(vs_ai), vs_ai.version)
        raise Rollback
    assert received(channel, vs_ai.pk) == []
    assert queued == []
    assert Game.objects.get(pk=vs_ai.pk).version == vs_ai.version


def test_the_same_move_committed_broadcasts_and_wakes_the_ai(vs_ai, queued):
    channel = listen(vs_ai.pk)
    services.apply_move(vs_ai.pk, Actor("player", 0), alices_pass(vs_ai), vs_ai.version)
    version = vs_ai.version + 1
    assert received(channel, vs_ai.pk) == [
        {"type": "game.changed", "game": vs_ai.pk, "version": version}
    ]
    assert queued == [(vs_ai.pk, version)]
