"""DRF's throttles, each check one atomic round trip to Redis (the `limits` library).

DRF's `SimpleRateThrottle` keeps a client's request times as a list in the cache, read
and written whole (pickled) for every request and budget: two round trips, and two
requests at once may both read the same list and count as one. Here each budget is a
sliding window counter (`limits`' `SlidingWindowCounterRateLimiter`): a Lua script that
weighs the previous window's count by how much of it still falls within the rate's
duration, then counts the request if it fits. A refused request does not count.

The counters live where the cache does: with the Redis cache, in its server (through its
connection pool, so a process keeps one), shared by every process, and emptied by
`cache.clear()`; with the local-memory cache, in this process (`reset` empties them).
"""

import functools
import time

from django.core.cache import caches
from django.core.signals import setting_changed
from django.dispatch import receiver
from limits import RateLimitItemPerSecond, storage, strategies
from rest_framework import throttling

from barkside.redis_pool import RedisCache


@functools.cache
def _limiter() -> strategies.SlidingWindowCounterRateLimiter:
    backend = caches["default"]
    if isinstance(backend, RedisCache):
        prefix = f"{backend.key_prefix}:budget" if backend.key_prefix else "budget"
        pool = backend.connection_pool
        counters = storage.RedisStorage("redis://", connection_pool=pool, key_prefix=prefix)
    else:
        counters = storage.MemoryStorage()
    return strategies.SlidingWindowCounterRateLimiter(counters)


@receiver(setting_changed)
def _cache_changed(setting, **kwargs) -> None:
    if setting == "CACHES":  # tests: the counters follow the cache
        _limiter.cache_clear()


def reset() -> None:
    """Every budget full again (tests; the Redis counters also go with `cache.clear()`)."""
    _limiter().storage.reset()


class SlidingWindow(throttling.SimpleRateThrottle):
    """A `SimpleRateThrottle` counted by `limits` rather than by a list of times. DRF's
    own throttles come first in the classes below: the scoped one picks its rate in its
    `allow_request`, then hands over to this one."""

    def allow_request(self, request, view) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.item = RateLimitItemPerSecond(self.num_requests, self.duration)
        return _limiter().hit(self.item, self.key)

    def wait(self) -> float:
        """Seconds until the budget takes a request again: at least one, as Retry-After
        counts whole seconds and `limits`' estimate may have passed already when it is
        read (the window slid between the refusal and this call): a refused client must
        never be told to come back at once."""
        reset_at = _limiter().get_window_stats(self.item, self.key).reset_time
        return max(1.0, reset_at - time.time())


class AnonRateThrottle(throttling.AnonRateThrottle, SlidingWindow):
    pass


class UserRateThrottle(throttling.UserRateThrottle, SlidingWindow):
    pass


class ScopedRateThrottle(throttling.ScopedRateThrottle, SlidingWindow):
    pass
