"""A listener on the two stacks' Redis: each person's views of a game in the order they
were published (games.realtime.player_group), which is the order every web process
subscribed to that group receives them in.

It tells a version a socket never got apart: published after a newer one (the newer
overtook it: two changes committed a few milliseconds apart by two threads, the second
published first), so that the socket, which never sends an older version than it has
sent (games/consumers.py), dropped it by design; or never published, or published in
order and still not delivered: lost.
"""

import asyncio
import re
from collections import defaultdict

import redis.asyncio
from channels_redis.pubsub import RedisPubSubChannelLayer

from barkside.adapters import channels_redis
from games import realtime

PLAYER_GROUP = re.compile(r"game-(\d+)-user-(\d+)")  # realtime.player_group's form


class Published:
    def __init__(self, redis_url: str):
        self.redis_url = redis_url
        # The stacks' layer as configured (barkside/settings.py): its channels and bytes.
        self.layer = RedisPubSubChannelLayer(hosts=[redis_url])
        self.prefix = channels_redis.group_channel_prefix(self.layer)
        self.order: dict[tuple[int, int], list[int]] = defaultdict(list)  # (game, user) ->
        self.listening = asyncio.Event()

    async def listen(self) -> None:
        """Until cancelled; `listening` is set once subscribed."""
        client = redis.asyncio.Redis.from_url(self.redis_url)
        pubsub = client.pubsub()
        try:
            await pubsub.psubscribe(self.prefix + realtime.player_group("*", "*"))
            self.listening.set()
            async for message in pubsub.listen():
                if message["type"] == "pmessage":
                    self._heard(message["channel"], message["data"])
        finally:
            await pubsub.aclose()
            await client.aclose()

    def _heard(self, channel: bytes, data: bytes) -> None:
        found = PLAYER_GROUP.fullmatch(channel.decode()[len(self.prefix) :])
        event = self.layer.deserialize(data)
        if found and event.get("type") == "game.view":
            self.order[(int(found[1]), int(found[2]))].append(event["version"])
