"""Whose device a push subscription is: posting someone else's endpoint takes nothing."""

import pytest

from barkside import error_texts
from notifications.models import PushSubscription
from tests.helpers import client_for

ENDPOINT = "https://127.0.0.1/send/alice-phone"


@pytest.fixture(autouse=True)
def _local_endpoints(settings):
    settings.PUSH_ALLOW_LOCAL_ENDPOINTS = True  # who owns an endpoint is under test here


def subscription(p256dh: str, auth: str, endpoint: str = ENDPOINT) -> dict:
    return {"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}}


def subscribe(user, body):
    return client_for(user).post("/api/push/subscriptions", body, format="json")


def test_posting_another_users_endpoint_is_refused_and_moves_nothing(alice, bob):
    assert subscribe(alice, subscription("alice-key", "alice-secret")).status_code == 201

    response = subscribe(bob, subscription("bob-key", "bob-secret"))

    assert response.status_code == 409
    assert response.json() == {
        "code": "endpoint_taken",
        "detail": error_texts.DETAILS["endpoint_taken"],
        "fields": {},
    }
    row = PushSubscription.objects.get(endpoint=ENDPOINT)
    assert (row.user, row.p256dh, row.auth) == (alice, "alice-key", "alice-secret")


def test_the_same_browser_subscription_follows_whoever_signs_in_on_it(alice, bob):
    """A shared phone: the browser keeps its subscription (same endpoint, same keys)."""
    device = subscription("shared-key", "shared-secret")
    subscribe(alice, device)

    assert subscribe(bob, device).status_code == 201

    assert PushSubscription.objects.get(endpoint=ENDPOINT).user == bob


def test_a_user_may_renew_their_own_subscription_with_new_keys(alice):
    subscribe(alice, subscription("old-key", "old-secret"))

    assert subscribe(alice, subscription("new-key", "new-secret")).status_code == 201

    row = PushSubscription.objects.get(endpoint=ENDPOINT)
    assert (row.user, row.p256dh) == (alice, "new-key")
