"""Malformed bodies get a 4xx in the one error shape, never a 500."""

import pytest

from tests.helpers import PASSWORD

pytestmark = pytest.mark.django_db

ENDPOINTS = ["/api/auth/register", "/api/auth/login", "/api/auth/password"]


@pytest.fixture
def client(alice_token_client):
    """Authenticated by token, so the password endpoint reaches its validation too."""
    return alice_token_client


def assert_error_shape(response, status, code):
    assert response.status_code == status
    body = response.json()
    assert set(body) >= {"code", "detail", "fields"}
    assert body["code"] == code
    return body


@pytest.mark.parametrize("url", ENDPOINTS)
def test_broken_json_is_malformed(client, url):
    response = client.post(url, "{not json", content_type="application/json")

    assert_error_shape(response, 400, "malformed")


@pytest.mark.parametrize("url", ENDPOINTS)
@pytest.mark.parametrize("body", ["[]", '"text"', "42", "null"])
def test_json_that_is_not_an_object_is_invalid(client, url, body):
    response = client.post(url, body, content_type="application/json")

    assert_error_shape(response, 400, "invalid")


@pytest.mark.parametrize("url", ENDPOINTS)
def test_plain_text_body_is_unsupported(client, url):
    response = client.post(url, "username=alice", content_type="text/plain")

    assert_error_shape(response, 415, "unsupported_media_type")


REQUIRED = {
    "/api/auth/register": {"username", "password"},
    "/api/auth/login": {"username", "password"},
    "/api/auth/password": {"old_password", "new_password"},
}


@pytest.mark.parametrize("url", ENDPOINTS)
def test_empty_object_names_the_missing_fields(client, url):
    body = assert_error_shape(client.post(url, {}, format="json"), 400, "invalid")

    assert body["fields"] == {name: ["This field is required."] for name in REQUIRED[url]}


def test_unknown_field_is_refused_by_name(client):
    response = client.post(
        "/api/auth/register",
        {"username": "carol", "password": PASSWORD, "is_staff": True},
        format="json",
    )

    body = assert_error_shape(response, 400, "invalid")
    assert body["fields"] == {"is_staff": ["Unknown field."]}


@pytest.mark.parametrize(
    ("url", "body", "field"),
    [
        ("/api/auth/register", {"username": 12345, "password": PASSWORD}, "username"),
        ("/api/auth/register", {"username": "carol", "password": ["a"]}, "password"),
        ("/api/auth/register", {"username": "carol", "password": PASSWORD, "email": 7}, "email"),
        ("/api/auth/login", {"username": {"a": 1}, "password": PASSWORD}, "username"),
        ("/api/auth/login", {"username": "alice", "password": None}, "password"),
        ("/api/auth/password", {"old_password": True, "new_password": PASSWORD}, "old_password"),
    ],
)
def test_wrong_types_are_refused_naming_the_field(client, url, body, field):
    response = client.post(url, body, format="json")

    assert field in assert_error_shape(response, 400, "invalid")["fields"]


def test_huge_username_on_login_is_refused_before_authenticating(client):
    response = client.post(
        "/api/auth/login", {"username": "a" * 10_000, "password": PASSWORD}, format="json"
    )

    assert "username" in assert_error_shape(response, 400, "invalid")["fields"]


def test_wrong_method_is_refused(client):
    assert_error_shape(client.get("/api/auth/login"), 405, "method_not_allowed")
