"""The contract of barkside/adapters/channels_redis.py: the pub/sub layer still publishes a
group's messages on the channel, and the host, the adapter names. The layer's own
`group_send` is run with each host's publish recorded, so no Redis is needed."""

import asyncio

from channels_redis.pubsub import RedisPubSubChannelLayer

from barkside.adapters import channels_redis

HOSTS = [
    "redis://127.0.0.1:1/0",
    {"address": "redis://127.0.0.1:2/0", "socket_timeout": 3},
    "redis://127.0.0.1:3/0",
]
GROUPS = [f"game-{n}" for n in range(40)] + [f"user-{n}" for n in range(40)]


def published_by_the_layer(layer, group_messages) -> list[tuple[int, str, bytes]]:
    """(host index, Redis channel, bytes) of each PUBLISH the layer sends for them."""
    published = []

    async def scenario():
        loop_layer = layer._get_layer()
        for index, host in enumerate(loop_layer._shards):

            async def publish(channel, data, index=index):
                published.append((index, channel, data))

            host.publish = publish
        for group, message in group_messages:
            await layer.group_send(group, message)

    asyncio.run(scenario())
    return published


def test_each_group_goes_on_the_channel_and_host_the_adapter_names():
    layer = RedisPubSubChannelLayer(hosts=HOSTS, prefix="barkside")
    messages = [(group, {"type": "game.changed", "group": group}) for group in GROUPS]
    published = published_by_the_layer(layer, messages)
    prefix = channels_redis.group_channel_prefix(layer)
    assert published == [
        (channels_redis.shard(prefix + group, len(HOSTS)), prefix + group, layer.serialize(m))
        for group, m in messages
    ]
    assert {index for index, _, _ in published} == {0, 1, 2}  # every host used


def test_the_prefix_defaults_as_the_layers_does():
    layer = RedisPubSubChannelLayer(hosts=HOSTS[:1])
    ((_, channel, _),) = published_by_the_layer(layer, [("game-1", {"type": "x"})])
    assert channel == channels_redis.group_channel_prefix(layer) + "game-1"


def test_the_hosts_are_the_layers_in_its_order():
    for hosts in (HOSTS, HOSTS[1:2], None):
        layer = RedisPubSubChannelLayer(hosts=hosts)

        async def of_the_layer(layer=layer):
            return [shard.host for shard in layer._get_layer()._shards]

        assert channels_redis.hosts(layer) == asyncio.run(of_the_layer())
