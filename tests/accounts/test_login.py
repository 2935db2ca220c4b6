"""POST /api/auth/login and the django-axes lockout after repeated failures."""

import pytest
from django.conf import settings
from rest_framework.authtoken.models import Token

from tests.accounts.conftest import log_in

pytestmark = pytest.mark.django_db


def test_login_returns_the_user_and_token(api_client, alice):
    response = log_in(api_client, "alice")

    assert response.status_code == 200
    assert response.json()["user"]["username"] == "alice"
    assert response.json()["token"] == Token.objects.get(user=alice).key


def test_login_twice_returns_the_same_token(api_client, alice):
    assert (
        log_in(api_client, "alice").json()["token"] == log_in(api_client, "alice").json()["token"]
    )


def test_login_signs_the_session_in(api_client, alice):
    log_in(api_client, "alice")

    assert api_client.get("/api/auth/me").json()["username"] == "alice"


def test_login_ignores_username_case(api_client, alice):
    response = log_in(api_client, "ALICE")

    assert response.status_code == 200
    assert response.json()["user"]["username"] == "alice"


def test_wrong_password_is_refused(api_client, alice):
    response = log_in(api_client, "alice", "not-her-password")

    assert response.status_code == 400
    assert response.json()["code"] == "invalid_credentials"
    assert api_client.get("/api/auth/me").status_code == 401


def test_unknown_user_gets_the_same_answer_as_a_wrong_password(api_client):
    response = log_in(api_client, "nobody", "whatever-it-is")

    assert response.status_code == 400
    assert response.json()["code"] == "invalid_credentials"


def test_inactive_user_cannot_log_in(api_client, alice):
    alice.is_active = False
    alice.save()

    assert log_in(api_client, "alice").json()["code"] == "invalid_credentials"


def test_stale_token_header_does_not_block_logging_in(api_client, alice):
    api_client.credentials(HTTP_AUTHORIZATION="Token revoked-long-ago")

    assert log_in(api_client, "alice").status_code == 200


def fail_until_locked(client, username):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert log_in(client, username, "wrong-guess").json()["code"] == "invalid_credentials"
    return log_in(client, username, "wrong-guess")


def test_the_failure_reaching_the_limit_locks_out(api_client, alice):
    response = fail_until_locked(api_client, "alice")

    assert response.status_code == 429
    assert response.json()["code"] == "locked_out"
    assert response.json()["retry_after"] == settings.AXES_COOLOFF_TIME.total_seconds()
    assert set(response.json()) >= {"code", "detail", "fields"}


def test_locked_out_even_with_the_right_password(api_client, alice):
    fail_until_locked(api_client, "alice")

    response = log_in(api_client, "alice")

    assert response.status_code == 429
    assert response.json()["code"] == "locked_out"
    assert "token" not in response.json()
    assert api_client.get("/api/auth/me").status_code == 401


def test_lockout_counts_every_spelling_of_a_username(api_client, alice):
    for name in ["alice", "ALICE", "Alice", "aLiCe"][: settings.AXES_FAILURE_LIMIT - 1]:
        log_in(api_client, name, "wrong-guess")
    log_in(api_client, "alicE", "wrong-guess")

    assert log_in(api_client, "alice").json()["code"] == "locked_out"


def test_lockout_is_per_username_and_address(api_client, alice, bob):
    fail_until_locked(api_client, "alice")

    assert log_in(api_client, "bob").status_code == 200
    other_phone = api_client.__class__(REMOTE_ADDR="203.0.113.9")
    assert log_in(other_phone, "alice").status_code == 200


def test_success_before_the_limit_resets_the_count(api_client, alice):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        log_in(api_client, "alice", "wrong-guess")
    assert log_in(api_client, "alice").status_code == 200

    assert log_in(api_client, "alice", "wrong-guess").json()["code"] == "invalid_credentials"
