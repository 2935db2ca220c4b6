"""Realtime tests: consumers on the in-memory layer, and real processes on real Redis.

Every test here uses a transactional database: broadcasts and AI turns are scheduled with
`transaction.on_commit`, and worker and server processes must see committed rows.
"""

import pytest

from barkside.celery import sending_to

from .processes import (
    DatabaseSwitch,
    Processes,
    database_url_for_tests,
    redis_for_tests,
)

# --- real processes -----------------------------------------------------------------------


@pytest.fixture(scope="session")
def redis_base_url():
    """REDIS_URL when set, else a private redis-server for the session."""
    with redis_for_tests() as url:
        yield url


@pytest.fixture
def redis_url(redis_base_url):
    """The tests' Redis database, emptied first: REDIS_URL's own database number.

    Not a fixed number: test sessions sharing one Redis server (developers side by side,
    parallel CI jobs) would empty each other's database and their workers would take
    each other's tasks. Each session names its own database in REDIS_URL.
    """
    import redis

    redis.Redis.from_url(redis_base_url).flushdb()
    return redis_base_url


@pytest.fixture
def stack_env(transactional_db, redis_url, settings):
    """Environment for worker and server processes, sharing this test's DB and Redis.

    This process sends its broadcasts and tasks there too.
    """
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [redis_url]},
        }
    }
    settings.AI_MOVE_DELAY = 0
    with sending_to(redis_url):
        yield {
            "DATABASE_URL": database_url_for_tests(),
            "REDIS_URL": redis_url,
            "CHANNEL_LAYER": "redis",
            "AI_MOVE_DELAY": "0",
            "CACHE": "locmem",
        }


@pytest.fixture
def processes(transactional_db, tmp_path):
    """Child processes, stopped before the test database is flushed: a worker still
    playing an AI game would hold locks that the flush's TRUNCATE deadlocks on."""
    with Processes(tmp_path) as procs:
        yield procs


@pytest.fixture
def worker(processes, stack_env):
    """One Celery worker (solo pool) on the test database and Redis."""
    return processes.worker(stack_env)


@pytest.fixture
def server(processes, stack_env):
    """`server(**env)` starts a daphne process on a free port and returns its base URL."""

    def start(**env):
        return processes.server({**stack_env, **env})

    return start


@pytest.fixture
def database_switch(transactional_db, tmp_path) -> DatabaseSwitch:
    """`database_switch.url` for child processes; `with database_switch.off():` refuses them."""
    return DatabaseSwitch(tmp_path)
