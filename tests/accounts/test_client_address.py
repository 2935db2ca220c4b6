"""Whose address the lockout and the sign-in throttle count: the one TRUSTED_PROXY_COUNT
trusted proxies saw, never an `X-Forwarded-For` the client wrote itself."""

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from rest_framework.test import APIClient

from tests.accounts.conftest import log_in

LIMIT = settings.AXES_FAILURE_LIMIT


def forwarded(address: str) -> APIClient:
    return APIClient(HTTP_X_FORWARDED_FOR=address)


def test_a_new_forwarded_for_each_time_does_not_escape_the_lockout(alice, throttle_rate):
    throttle_rate("auth", "1000/min")  # the lockout is under test, not the throttle
    for n in range(40):
        response = log_in(forwarded(f"198.51.100.{n}"), "alice", "wrong-guess")
    assert response.json()["code"] == "locked_out"
    assert log_in(forwarded("198.51.100.99"), "alice").json()["code"] == "locked_out"
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"127.0.0.1"}


def test_a_new_forwarded_for_does_not_reset_the_sign_in_throttle(alice, throttle_rate):
    throttle_rate("auth", "3/min")
    for n in range(3):
        log_in(forwarded(f"198.51.100.{n}"), "alice", "wrong-guess")

    response = log_in(forwarded("198.51.100.200"), "alice")

    assert response.status_code == 429
    assert response.json()["code"] == "throttled"


@pytest.fixture
def one_trusted_proxy(settings):
    """Behind one proxy: it appends the address it saw to X-Forwarded-For."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}


def via_proxy(claimed: str, seen: str) -> APIClient:
    return APIClient(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=f"{claimed}, {seen}")


def test_behind_one_trusted_proxy_the_address_it_saw_is_locked_out(alice, one_trusted_proxy):
    for n in range(LIMIT):
        response = log_in(via_proxy(f"198.51.100.{n}", "203.0.113.7"), "alice", "wrong-guess")

    assert response.json()["code"] == "locked_out"
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["203.0.113.7"]
    # alice on her own phone, seen by the proxy at another address, is not locked out.
    assert log_in(via_proxy("203.0.113.7", "203.0.113.8"), "alice").status_code == 200


def test_behind_one_trusted_proxy_the_throttle_counts_the_address_it_saw(
    alice, one_trusted_proxy, throttle_rate
):
    throttle_rate("auth", "2/min")
    for n in range(2):
        log_in(via_proxy(f"198.51.100.{n}", "203.0.113.7"), "alice", "wrong-guess")

    assert log_in(via_proxy("1.2.3.4", "203.0.113.7"), "alice").status_code == 429
    assert log_in(via_proxy("1.2.3.4", "203.0.113.8"), "alice").status_code == 200
