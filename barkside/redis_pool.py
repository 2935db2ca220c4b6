"""One Redis connection pool per process for the cache, not one per thread.

Django keeps a cache object per thread, and its Redis client a pool per object; under
ASGI every request runs its sync code in a thread of its own, so each request would open
(and health-check, and later drop) a new connection to Redis. This pool class hands every
cache object of a process the same pool for the same server. redis-py resets a pool in a
forked child (it checks the pid), so Celery's prefork workers get their own.
"""

import threading

from redis import ConnectionPool


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
