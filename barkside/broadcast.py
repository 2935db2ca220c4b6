"""Channel-layer group messages sent from sync code: a request's, a socket move's or a
task's thread.

`async_to_sync(layer.group_send)` in such a thread runs the send on the server's event
loop and waits for it. Under load that loop serves every socket of the process, so the
thread (still holding its database connection, its answer not yet sent) waits for a
turn of it for each group. With channels_redis's pub/sub layer a group message is one
Redis `PUBLISH` of the serialized message on the group's Redis channel, which a plain
Redis client does from the thread itself: all of a change's messages in one round trip,
without the loop. Other layers still go through the loop.

The group's Redis channel name and the serializer are the layer's own (`serialize`, the
prefix and the host ring of its configuration, read through barkside/adapters/
channels_redis.py); tests/realtime/test_broadcast.py checks that a consumer of the layer
receives what is published here.
"""

import threading

import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer

from barkside.adapters import channels_redis

Messages = list[tuple[str, dict]]  # (group, message)

# Per configuration of hosts (a test may change it): one client per host of the ring.
_clients: dict[str, list[redis.Redis]] = {}
_lock = threading.Lock()


def group_send(messages: Messages) -> None:
    """Send each message to its group, in order; raises what the layer raises."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    if isinstance(layer, RedisPubSubChannelLayer):
        _publish(layer, messages)
    else:
        async_to_sync(_send_all)(layer, messages)


async def _send_all(layer, messages: Messages) -> None:
    for group, message in messages:
        await layer.group_send(group, message)


def _publish(layer: RedisPubSubChannelLayer, messages: Messages) -> None:
    prefix = channels_redis.group_channel_prefix(layer)
    clients = _clients_of(layer)
    pipes = {}
    for group, message in messages:
        channel = f"{prefix}{group}"
        shard = channels_redis.shard(channel, len(clients))
        if shard not in pipes:
            pipes[shard] = clients[shard].pipeline(transaction=False)
        pipes[shard].publish(channel, layer.serialize(message))
    for pipe in pipes.values():
        pipe.execute()


def _clients_of(layer: RedisPubSubChannelLayer) -> list[redis.Redis]:
    hosts = channels_redis.hosts(layer)
    key = repr(hosts)
    clients = _clients.get(key)
    if clients is None:
        with _lock:
            clients = _clients.setdefault(key, [_client(host) for host in hosts])
    return clients


def _client(host: dict) -> redis.Redis:
    host = dict(host)
    if "address" in host:
        return redis.Redis.from_url(host.pop("address"), **host)
    return redis.Redis(**host)
