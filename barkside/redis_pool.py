"""One Redis connection pool per process for the cache, not one per thread, and one client.

Django keeps a cache object per thread, and its Redis client a pool per object; under
ASGI every request runs its sync code in a thread of its own, so each request would open
(and health-check, and later drop) a new connection to Redis. This pool class hands every
cache object of a process the same pool for the same server. redis-py resets a pool in a
forked child (it checks the pid), so Celery's prefork workers get their own.

Django's cache also makes a new `redis.Redis` for every call (get, set, incr...), each
building its table of reply callbacks; `RedisCache` here keeps one per pool (a
`redis.Redis` is safe to share between threads: each command takes a connection of the
pool).
"""

import threading

from django.core.cache.backends import redis as django_redis
from redis import ConnectionPool, Redis


class SharedConnectionPool(ConnectionPool):
    _pools: dict[tuple, ConnectionPool] = {}
    _lock = threading.Lock()

    @classmethod
    def from_url(cls, url, **kwargs):
        key = (url, tuple(sorted(kwargs.items())))
        with cls._lock:
            pool = cls._pools.get(key)
            if pool is None:
                pool = cls._pools[key] = super().from_url(url, **kwargs)
            return pool


class _Client(django_redis.RedisCacheClient):
    _clients: dict[int, tuple[ConnectionPool, Redis]] = {}  # id(pool) -> (pool, its client)

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        kept = self._clients.get(id(pool))
        if kept is None or kept[0] is not pool:
            kept = self._clients[id(pool)] = (pool, self._client(connection_pool=pool))
        return kept[1]


class RedisCache(django_redis.RedisCache):
    """Django's Redis cache with one client per pool (see above)."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = _Client

    @property
    def connection_pool(self) -> ConnectionPool:
        """The pool of the server this cache writes to, for what shares it (throttles)."""
        return self._cache.get_client(write=True).connection_pool
