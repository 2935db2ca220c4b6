"""What each ASGI request's thread of its own must not make anew: under ASGI every request
runs its sync code in a new thread, so anything kept per thread is rebuilt per request."""

import threading

from django.conf import settings

from barkside.celery import app as celery_app
from barkside.redis_pool import RedisCache
from games.serializers import MoveSerializer


def in_threads(make, n=3) -> list:
    """`make()` in n new threads, one after the other, as requests come."""
    made = []
    for _ in range(n):
        thread = threading.Thread(target=lambda: made.append(make()))
        thread.start()
        thread.join()
    return made


def test_the_caches_of_every_thread_share_one_redis_pool():
    """Django keeps a cache object per thread; they share the process's Redis pool."""

    def cache_pool():
        cache = RedisCache(
            settings.REDIS_URL,
            {"OPTIONS": {"pool_class": "barkside.redis_pool.SharedConnectionPool"}},
        )
        cache.set("per-thread-check", 1, timeout=5)  # a real round trip through the pool
        return cache._cache.get_client(write=True).connection_pool

    pools = in_threads(cache_pool)
    assert len({id(pool) for pool in pools}) == 1
    assert len(pools) == 3


def test_the_caches_of_every_thread_share_one_redis_client():
    """Django makes a `redis.Redis` per cache call; here each pool keeps one."""

    def cache_client():
        cache = RedisCache(
            settings.REDIS_URL,
            {"OPTIONS": {"pool_class": "barkside.redis_pool.SharedConnectionPool"}},
        )
        cache.get("per-thread-check")
        return cache._cache.get_client(write=True), cache._cache.get_client()

    clients = [c for pair in in_threads(cache_client) for c in pair]
    assert len({id(client) for client in clients}) == 1
    assert len(clients) == 6


def test_celery_makes_its_result_backend_once_per_process():
    """A task sent from a new thread must not build a backend (an entry-point scan)."""
    backends = in_threads(lambda: celery_app.backend)
    assert len({id(backend) for backend in backends}) == 1


def test_a_request_bodys_fields_are_built_once_per_process():
    """DRF deep-copies a serializer's fields for every body; a move's are built once."""
    fields = in_threads(lambda: MoveSerializer(data={}).fields)
    assert len({id(f) for f in fields}) == 1
    assert list(fields[0]) == ["kind", "cards", "version"]


def test_bodies_checked_at_once_by_the_shared_fields_keep_their_own_errors():
    """The fields are shared; each body's data and errors stay its own."""
    bodies = [
        {"kind": "play", "cards": [3, 3], "version": 7},
        {"kind": "play", "cards": [13], "version": 7},
        {"kind": "jump", "version": -1},
        {"kind": "tuck", "version": 2},
    ] * 50
    start = threading.Barrier(len(bodies))

    def check(body):
        start.wait()
        serializer = MoveSerializer(data=body)
        serializer.is_valid()
        return serializer.validated_data if not serializer.errors else dict(serializer.errors)

    results = [None] * len(bodies)
    threads = [
        threading.Thread(target=lambda i=i: results.__setitem__(i, check(bodies[i])))
        for i in range(len(bodies))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results[:4] == [
        {"kind": "play", "cards": [3, 3], "version": 7},
        {"cards": {0: ["Ensure this value is less than or equal to 12."]}},
        {
            "kind": ['"jump" is not a valid choice.'],
            "version": ["Ensure this value is greater than or equal to 0."],
        },
        {"kind": "tuck", "version": 2},
    ]
    assert results == results[:4] * 50
