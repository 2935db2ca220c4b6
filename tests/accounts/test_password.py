"""POST /api/auth/password: old password checked, new one validated, token rotated."""

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from tests.accounts.conftest import browser_log_in, log_in
from tests.helpers import PASSWORD

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "Doghouse-leader-83"


def change(client, old=PASSWORD, new=NEW_PASSWORD):
    return client.post(
        "/api/auth/password", {"old_password": old, "new_password": new}, format="json"
    )


def test_change_over_session_keeps_the_session_signed_in(alice, alice_session):
    response = change(alice_session)

    assert response.status_code == 200
    assert response.json()["user"]["username"] == "alice"
    assert alice_session.get("/api/auth/me").status_code == 200
    alice.refresh_from_db()
    assert alice.check_password(NEW_PASSWORD)


def test_change_rotates_the_token(alice_token, alice_token_client):
    new_token = change(alice_token_client).json()["token"]

    assert new_token != alice_token
    assert alice_token_client.get("/api/auth/me").json()["code"] == "authentication_failed"
    alice_token_client.credentials(HTTP_AUTHORIZATION=f"Token {new_token}")
    assert alice_token_client.get("/api/auth/me").status_code == 200


def test_change_signs_out_other_sessions(alice, alice_session):
    other_browser = APIClient()
    log_in(other_browser, "alice")

    change(alice_session)

    assert other_browser.get("/api/auth/me").status_code == 401


def test_only_the_new_password_logs_in_afterwards(alice, alice_session):
    change(alice_session)

    assert log_in(APIClient(), "alice").json()["code"] == "invalid_credentials"
    assert log_in(APIClient(), "alice", NEW_PASSWORD).status_code == 200


def test_wrong_old_password_is_refused(alice, alice_session):
    response = change(alice_session, old="not-my-password")

    assert response.status_code == 400
    assert response.json()["fields"] == {"old_password": ["Wrong password."]}
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)


@pytest.mark.parametrize("weak", ["short7", "password123", "98765432101"])
def test_weak_new_password_is_refused(alice, alice_session, weak):
    response = change(alice_session, new=weak)

    assert response.status_code == 400
    assert response.json()["fields"]["new_password"]
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)


def test_change_needs_csrf_over_session(alice, csrf_client):
    browser_log_in(csrf_client, "alice")

    assert change(csrf_client).json()["code"] == "permission_denied"


def test_change_needs_authentication(api_client):
    assert change(api_client).status_code == 401


def guess_until_locked(client):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert change(client, old="wrong-guess").status_code == 400
    return change(client, old="wrong-guess")


def test_wrong_old_passwords_lock_out_like_failed_logins(alice, alice_token_client):
    response = guess_until_locked(alice_token_client)

    assert response.status_code == 429
    assert response.json()["code"] == "locked_out"
    assert response.json()["retry_after"] == settings.AXES_COOLOFF_TIME.total_seconds()
    assert change(alice_token_client).json()["code"] == "locked_out"  # the right one too
    assert log_in(APIClient(), "alice").json()["code"] == "locked_out"
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)


def test_failed_logins_count_toward_the_password_change_lockout(alice, alice_token_client):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        log_in(APIClient(), "alice", "wrong-guess")

    assert change(alice_token_client, old="wrong-guess").json()["code"] == "locked_out"
