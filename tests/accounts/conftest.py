"""Helpers for the auth API tests."""

import pytest
from rest_framework.test import APIClient

from tests.helpers import PASSWORD


def log_in(client: APIClient, username: str, password: str = PASSWORD):
    return client.post(
        "/api/auth/login", {"username": username, "password": password}, format="json"
    )


def browser_log_in(client: APIClient, username: str, password: str = PASSWORD):
    """Log in as the web app does: the CSRF token from `GET csrf` goes with the login."""
    client.get("/api/auth/csrf")
    token = client.cookies["csrftoken"].value
    return client.post(
        "/api/auth/login",
        {"username": username, "password": password},
        format="json",
        HTTP_X_CSRFTOKEN=token,
    )


@pytest.fixture
def csrf_client() -> APIClient:
    """A browser-like client: unsafe requests on a signed-in session need the CSRF token."""
    return APIClient(enforce_csrf_checks=True)


@pytest.fixture
def alice_session(alice, csrf_client) -> APIClient:
    """alice signed in by session cookie, sending the CSRF token the login handed out."""
    assert browser_log_in(csrf_client, "alice").status_code == 200
    csrf_client.credentials(HTTP_X_CSRFTOKEN=csrf_client.cookies["csrftoken"].value)
    return csrf_client


@pytest.fixture
def alice_token(alice, api_client) -> str:
    return log_in(api_client, "alice").json()["token"]


@pytest.fixture
def alice_token_client(alice_token) -> APIClient:
    client = APIClient(enforce_csrf_checks=True)
    client.credentials(HTTP_AUTHORIZATION=f"Token {alice_token}")
    return client
