"""The `auth` throttle scope: register, login and password change share a tight budget."""

import time

import pytest

from barkside import throttling
from tests.accounts.conftest import log_in
from tests.conftest import use_redis_cache
from tests.helpers import PASSWORD

pytestmark = pytest.mark.django_db


def test_login_is_throttled_with_code_throttled(api_client, alice, throttle_rate):
    throttle_rate("auth", "2/min")
    log_in(api_client, "alice", "wrong-guess")
    log_in(api_client, "alice", "wrong-guess")

    response = log_in(api_client, "alice")

    assert response.status_code == 429
    assert response.json()["code"] == "throttled"
    assert response.json()["retry_after"] > 0


def test_register_is_throttled(api_client, throttle_rate):
    throttle_rate("auth", "1/min")
    body = {"username": "alice", "password": PASSWORD}
    api_client.post("/api/auth/register", body, format="json")
    api_client.cookies.clear()  # signed in, alice would be counted apart from her address

    response = api_client.post("/api/auth/register", {**body, "username": "bob"}, format="json")

    assert response.json()["code"] == "throttled"


def test_password_change_is_throttled(alice_token_client, throttle_rate):
    throttle_rate("auth", "1/min")
    body = {"old_password": "wrong-one-1", "new_password": "Doghouse-leader-83"}
    alice_token_client.post("/api/auth/password", body, format="json")

    response = alice_token_client.post("/api/auth/password", body, format="json")

    assert response.json()["code"] == "throttled"


def test_me_is_not_on_the_auth_budget(alice_token_client, throttle_rate):
    throttle_rate("auth", "1/min")

    for _ in range(3):
        assert alice_token_client.get("/api/auth/me").status_code == 200


def test_a_budget_takes_requests_again_once_its_window_has_slid(
    alice_token_client, throttle_rate, any_cache
):
    throttle_rate("user", "1/s")
    assert alice_token_client.get("/api/auth/me").status_code == 200

    refused = alice_token_client.get("/api/auth/me")
    assert refused.status_code == 429
    assert 0 < refused.json()["retry_after"] <= 1

    time.sleep(refused.json()["retry_after"])
    assert alice_token_client.get("/api/auth/me").status_code == 200


def test_every_process_draws_on_the_same_budget_in_redis(
    alice_token_client, throttle_rate, settings
):
    use_redis_cache(settings)
    throttle_rate("user", "2/min")
    for _ in range(2):
        assert alice_token_client.get("/api/auth/me").status_code == 200

    throttling._limiter.cache_clear()  # what another web process starts from

    assert alice_token_client.get("/api/auth/me").status_code == 429
