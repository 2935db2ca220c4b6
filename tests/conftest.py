"""Shared pytest fixtures. pytest-django reads DJANGO_SETTINGS_MODULE from pyproject.toml."""

import pytest
from django.core.cache import cache
from django.db.backends.signals import connection_created
from django.dispatch import receiver
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

PASSWORD = "Tail-tuck-7-doghouse"


@receiver(connection_created)
def _sqlite_without_fsync(sender, connection, **kwargs):
    """Tests commit for real hundreds of times: on SQLite, skip the fsyncs.

    Test data need not survive a power cut; locking (BEGIN IMMEDIATE) is unchanged, so
    concurrent writers still queue exactly as they do in production.
    """
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA synchronous = OFF")


@pytest.fixture(autouse=True)
def _clear_cache():
    """Throttle counters live in the cache: every test starts with a full budget."""
    cache.clear()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """The real hasher is slow on purpose; tests check behaviour, not hashing strength."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def api_client() -> APIClient:
    """An anonymous client; CSRF is not enforced (use `APIClient(enforce_csrf_checks=True)`)."""
    return APIClient()


@pytest.fixture
def alice(db, django_user_model):
    return django_user_model.objects.create_user(
        username="alice", password=PASSWORD, email="alice@example.com"
    )


@pytest.fixture
def bob(db, django_user_model):
    return django_user_model.objects.create_user(
        username="bob", password=PASSWORD, email="bob@example.com"
    )


@pytest.fixture
def throttle_rate(monkeypatch):
    """`throttle_rate("auth", "2/min")` for one test.

    DRF's throttles copy DEFAULT_THROTTLE_RATES when first imported, so the `settings`
    fixture can't change them; patching the copy they read can.
    """

    def set_rate(scope: str, rate: str | None) -> None:
        monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, scope, rate)

    return set_rate
