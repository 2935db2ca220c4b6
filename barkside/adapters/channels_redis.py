"""channels_redis's pub/sub layer, as far as publishing a group message without it needs:
the Redis channel a group's messages go on, and which of the layer's hosts carries it.

The layer offers `group_send` only as a coroutine, run on an event loop; barkside/
broadcast.py publishes the same bytes with a plain Redis client from sync code, so it
must name the channel and pick the host exactly as the layer does.

Relies on (contract: tests/adapters/test_channels_redis.py): `RedisPubSubChannelLayer.
_kwargs` (the configuration it was given: `prefix`, `hosts`), the group channel's form
in `RedisPubSubLoopLayer._get_group_channel_name`, and `channels_redis.utils.
_consistent_hash`, with which `_get_shard` picks a host.
"""

from channels_redis.pubsub import RedisPubSubChannelLayer
from channels_redis.utils import _consistent_hash, decode_hosts


def group_channel_prefix(layer: RedisPubSubChannelLayer) -> str:
    """What the Redis channel of a group's messages is named, the group's name after it.
    The layer names it only on its per-loop layer, which needs a running event loop
    (`_get_group_channel_name`); its prefix is kept only in `_kwargs`."""
    return f"{layer._kwargs.get('prefix', 'asgi')}__group__"


def hosts(layer: RedisPubSubChannelLayer) -> list[dict]:
    """The layer's hosts, in its order, as keyword arguments of a Redis connection (an
    `address` URL among them, or not). The configuration is kept only in `_kwargs`."""
    return decode_hosts(layer._kwargs.get("hosts"))


# `shard(channel, number_of_hosts)`: the index in `hosts(layer)` of the host the layer
# publishes `channel` on. The very function the layer calls, not a wrapper: it runs once
# a message.
shard = _consistent_hash
