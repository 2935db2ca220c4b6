"""Shared pytest fixtures. pytest-django reads DJANGO_SETTINGS_MODULE from pyproject.toml."""

import gc
import math
import secrets
import time

import pytest
import time_machine
from django.contrib.auth.models import Permission
from django.core.cache import cache
from django.db.backends.signals import connection_created
from django.dispatch import receiver
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from barkside import database_threads, throttling
from games import fanout, services, tasks
from tests.helpers import PASSWORD, eager_tasks


@receiver(connection_created)
def _sqlite_without_fsync(sender, connection, **kwargs):
    """Tests commit for real hundreds of times: on SQLite, skip the fsyncs.

    Test data need not survive a power cut; locking (BEGIN IMMEDIATE) is unchanged, so
    concurrent writers still queue exactly as they do in production.
    """
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA synchronous = OFF")


@pytest.fixture(scope="session", autouse=True)
def _connections_closed_before_the_database_is_dropped(django_db_setup):
    """Every connection to the test database is closed before it is dropped (else
    PostgreSQL refuses: "being accessed by other users"): the database threads'
    (barkside/database_threads.py) end, and those of threads that ended with a
    connection open (each connection is a cycle of objects, collected only by the
    collector) are collected."""
    yield
    database_threads.shut()
    gc.collect()


@pytest.fixture(autouse=True)
def _clear_cache():
    """Throttle counters live in the cache (or, with the local-memory cache, beside it):
    every test starts with a full budget."""
    cache.clear()
    throttling.reset()


@pytest.fixture(autouse=True)
def _fresh_fanout():
    """Games the sockets' views remember (games/fanout.py) are this test's only: another
    test's game may have had the same id (SQLite reuses them)."""
    fanout.forget_all()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """The real hasher is slow on purpose; tests check behaviour, not hashing strength."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def api_client() -> APIClient:
    """An anonymous client; CSRF is not enforced (use `APIClient(enforce_csrf_checks=True)`)."""
    return APIClient()


@pytest.fixture
def make_user(transactional_db, django_user_model):
    """`make_user(name)`: a person who can sign in with PASSWORD.

    The database is transactional (real commits): AI turns, broadcasts and pushes are
    scheduled with `transaction.on_commit`, and threads and worker processes must see
    the rows.
    """

    def make(username: str, **fields):
        fields.setdefault("email", f"{username}@example.com")
        return django_user_model.objects.create_user(username=username, password=PASSWORD, **fields)

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def carol(make_user):
    return make_user("carol")


@pytest.fixture
def dave(make_user):
    return make_user("dave")


@pytest.fixture
def outsider(make_user):
    return make_user("outsider")


@pytest.fixture
def moderator(make_user):
    """Staff with the `moderation.moderate` permission."""
    user = make_user("mod", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="moderate"))
    return user


@pytest.fixture
def superuser(make_user):
    return make_user("root", is_staff=True, is_superuser=True)


@pytest.fixture
def staff(make_user):
    """Staff without the moderation permission."""
    return make_user("clerk", is_staff=True)


@pytest.fixture
def people(make_user):
    """`people(n)`: n fresh users (player0, player1, ...), for tables of any size."""

    def make(n, start=0):
        return [make_user(f"player{i}") for i in range(start, start + n)]

    return make


@pytest.fixture
def throttle_rate(monkeypatch):
    """`throttle_rate("auth", "2/min")` for one test.

    DRF's throttles copy DEFAULT_THROTTLE_RATES when first imported, so the `settings`
    fixture can't change them; patching the copy they read can.

    The test runs from the start of the next minute, the clock still ticking. The
    local-memory counters' windows begin on the clock's whole seconds and minutes, and a
    sliding window counter rounds the last window's weighted count down: a request just
    after a window turns finds room for one more. Its budget is exact within a window,
    which is what these tests count on.
    """
    with time_machine.travel(math.ceil(time.time() / 60) * 60, tick=True):

        def set_rate(scope: str, rate: str | None) -> None:
            monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, scope, rate)

        yield set_rate


def use_redis_cache(settings) -> None:
    """The Redis cache of a deployment, under a key prefix of this test's own."""
    settings.CACHES = {
        "default": {
            "BACKEND": "barkside.redis_pool.RedisCache",
            "LOCATION": settings.REDIS_URL,
            "KEY_PREFIX": f"test-{secrets.token_hex(4)}",
        }
    }


@pytest.fixture(params=["locmem", "redis"])
def any_cache(request, settings):
    """The cache of `make run` (locmem) and of a deployment (Redis, which stores ints and
    booleans alike as plain numbers, and holds the throttles' counters in its server)."""
    if request.param == "redis":
        use_redis_cache(settings)


# --- games without workers -------------------------------------------------------------


@pytest.fixture
def memory_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    settings.AI_MOVE_DELAY = 0


@pytest.fixture
def in_process_workers(memory_layer):
    """AI turns run eagerly inside the committing request, with no Celery worker."""
    with eager_tasks():
        yield


class Queued(list):
    """AI tasks that would have been sent to the broker: `(game_id, version)` pairs."""


@pytest.fixture
def queued(monkeypatch) -> Queued:
    """Record AI tasks instead of sending them, so unit tests drive the AI themselves."""
    calls = Queued()
    monkeypatch.setattr(
        tasks.ai_move, "apply_async", lambda args, **kwargs: calls.append(tuple(args))
    )
    monkeypatch.setattr(tasks.ai_move, "delay", lambda *args: calls.append(tuple(args)))
    return calls


@pytest.fixture
def table(alice, bob, carol, memory_layer, queued):
    """A running public game of three people: alice in seat 0, bob 1, carol 2."""
    game = services.game_create(user=alice, players=3, time_per_move=300)
    services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    game.refresh_from_db()
    return game
