"""Session and token authentication: me, logout, and CSRF on session requests."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.services import user_set_active, username_change
from tests.accounts.conftest import browser_log_in, log_in

pytestmark = pytest.mark.django_db


def test_me_over_session(alice_session):
    response = alice_session.get("/api/auth/me")

    assert response.status_code == 200
    assert response.json()["username"] == "alice"
    assert set(response.json()) == {"id", "username", "email", "date_joined", "guest"}


def test_me_over_token(alice, alice_token_client):
    assert alice_token_client.get("/api/auth/me").json()["id"] == alice.id


def test_me_needs_authentication(api_client):
    response = api_client.get("/api/auth/me")

    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


def test_bad_token_is_refused(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")

    response = api_client.get("/api/auth/me")

    assert response.json()["code"] == "authentication_failed"


def test_csrf_endpoint_sets_the_cookie(csrf_client):
    response = csrf_client.get("/api/auth/csrf")

    assert response.status_code == 200
    assert csrf_client.cookies["csrftoken"].value
    assert response.json() == {"signed_in": False}


def test_csrf_says_a_signed_in_session_is(alice_session):
    assert alice_session.get("/api/auth/csrf").json() == {"signed_in": True}


def test_session_post_without_csrf_token_is_refused(alice, csrf_client):
    browser_log_in(csrf_client, "alice")

    response = csrf_client.post("/api/auth/logout")

    assert response.status_code == 403
    assert response.json()["code"] == "permission_denied"
    assert "CSRF" in response.json()["detail"]
    assert csrf_client.get("/api/auth/me").status_code == 200


def test_session_post_with_token_from_csrf_endpoint_is_accepted(alice, csrf_client):
    browser_log_in(csrf_client, "alice")
    csrf_client.get("/api/auth/csrf")

    token = csrf_client.cookies["csrftoken"].value
    response = csrf_client.post("/api/auth/logout", HTTP_X_CSRFTOKEN=token)

    assert response.status_code == 204


def test_token_requests_need_no_csrf_token(alice_token_client):
    assert alice_token_client.post("/api/auth/logout").status_code == 204


def test_logout_ends_the_session_and_revokes_the_token(alice, alice_session):
    response = alice_session.post("/api/auth/logout")

    assert response.status_code == 204
    assert alice_session.get("/api/auth/me").status_code == 401
    assert not Token.objects.filter(user=alice).exists()


def test_logout_over_token_revokes_it(alice, alice_token, alice_token_client):
    alice_token_client.post("/api/auth/logout")

    assert alice_token_client.get("/api/auth/me").json()["code"] == "authentication_failed"


def test_logout_needs_authentication(api_client):
    assert api_client.post("/api/auth/logout").status_code == 401


def test_login_after_logout_issues_a_new_token(alice, alice_token, alice_token_client):
    alice_token_client.post("/api/auth/logout")

    assert log_in(APIClient(), "alice").json()["token"] != alice_token


def test_a_deactivated_accounts_known_token_is_refused(alice, alice_token_client):
    assert alice_token_client.get("/api/auth/me").status_code == 200  # the token is cached
    user_set_active(user=alice, active=False)  # a suspension or a ban
    assert alice_token_client.get("/api/auth/me").status_code == 401


def test_a_renamed_accounts_known_token_signs_in_the_new_name(alice, alice_token_client):
    assert alice_token_client.get("/api/auth/me").json()["username"] == "alice"
    username_change(user=alice, username="alicia")
    assert alice_token_client.get("/api/auth/me").json()["username"] == "alicia"
