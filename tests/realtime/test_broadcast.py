"""Group messages from sync code (barkside/broadcast.py) reach the layer's consumers.

With the pub/sub layer they are published by a plain Redis client from the calling
thread, on the group's Redis channel as the layer names it and serialized as it
serializes: if channels_redis changed either, these tests would fail.
"""

import asyncio

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer

from barkside import broadcast

from .sockets import run

PUBSUB = "channels_redis.pubsub.RedisPubSubChannelLayer"
CORE = "channels_redis.core.RedisChannelLayer"


@pytest.fixture(params=[PUBSUB, CORE])
def layer_on_redis(request, redis_url, settings):
    settings.CHANNEL_LAYERS = {
        "default": {"BACKEND": request.param, "CONFIG": {"hosts": [redis_url]}}
    }
    return request.param


def received_from_sync(messages, groups) -> dict[str, list[dict]]:
    """What a channel in each of `groups` receives when sync code sends `messages`."""
    got = {}

    async def scenario():
        layer = get_channel_layer()
        channels = {group: await layer.new_channel() for group in groups}
        for group, channel in channels.items():
            await layer.group_add(group, channel)
        await asyncio.sleep(0.1)  # the subscriptions reach Redis
        await sync_to_async(broadcast.group_send, thread_sensitive=False)(messages)
        for group, channel in channels.items():
            expected = sum(1 for g, _ in messages if g == group)
            got[group] = [
                await asyncio.wait_for(layer.receive(channel), 5) for _ in range(expected)
            ]
        await layer.flush()

    run(scenario)
    return got


@pytest.mark.django_db(transaction=True)
def test_sync_code_reaches_each_group_in_order(layer_on_redis):
    messages = [
        ("game-1", {"type": "game.changed", "game": 1, "version": 7}),
        ("user-5", {"type": "user.notice", "notice": "your_turn", "game": 1, "version": 7}),
        ("game-1", {"type": "game.changed", "game": 1, "version": 8}),
    ]
    got = received_from_sync(messages, ["game-1", "user-5"])
    assert got == {
        "game-1": [messages[0][1], messages[2][1]],
        "user-5": [messages[1][1]],
    }


def test_no_messages_send_nothing(settings):
    settings.CHANNEL_LAYERS = {
        "default": {"BACKEND": PUBSUB, "CONFIG": {"hosts": ["redis://127.0.0.1:1/0"]}}
    }
    broadcast.group_send([])  # no connection is even tried
