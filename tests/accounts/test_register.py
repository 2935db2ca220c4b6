"""POST /api/auth/register: username rules, password validators, the signed-in result."""

import pytest
from rest_framework.authtoken.models import Token

from accounts.models import User
from tests.helpers import PASSWORD

pytestmark = pytest.mark.django_db


def register(client, **body):
    return client.post("/api/auth/register", {"password": PASSWORD, **body}, format="json")


def test_register_returns_the_user_and_a_token(api_client):
    response = register(api_client, username="alice", email="alice@example.com")

    assert response.status_code == 201
    body = response.json()
    assert body["user"]["username"] == "alice"
    assert body["user"]["email"] == "alice@example.com"
    assert set(body["user"]) == {"id", "username", "email", "date_joined", "guest"}
    assert body["token"] == Token.objects.get(user__username="alice").key


def test_register_without_email(api_client):
    response = register(api_client, username="alice")

    assert response.status_code == 201
    assert response.json()["user"]["email"] == ""


def test_register_signs_the_session_in(api_client):
    register(api_client, username="alice")

    assert api_client.get("/api/auth/me").json()["username"] == "alice"


def test_registered_token_authenticates(api_client):
    token = register(api_client, username="alice").json()["token"]
    api_client.cookies.clear()

    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api_client.get("/api/auth/me").json()["username"] == "alice"


def test_password_is_stored_hashed(api_client):
    register(api_client, username="alice")

    user = User.objects.get(username="alice")
    assert user.password != PASSWORD
    assert user.check_password(PASSWORD)


@pytest.mark.parametrize(
    "username",
    ["al", "a" * 21, "alice smith", "alice!", "al.ice", "älice", "ali\nce", ""],
    ids=["too-short", "too-long", "space", "bang", "dot", "non-ascii", "newline", "empty"],
)
def test_bad_usernames_are_refused_naming_the_field(api_client, username):
    response = register(api_client, username=username)

    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert "username" in response.json()["fields"]
    assert not User.objects.exists()


def test_surrounding_spaces_are_trimmed(api_client):
    assert register(api_client, username=" alice ").json()["user"]["username"] == "alice"


@pytest.mark.parametrize("username", ["abc", "a" * 20, "Alice_B-2", "___"])
def test_good_usernames_are_accepted(api_client, username):
    assert register(api_client, username=username).status_code == 201


def test_duplicate_username_differing_only_in_case_is_refused(api_client, alice):
    response = register(api_client, username="ALICE")

    assert response.status_code == 400
    assert response.json()["fields"] == {"username": ["A user with that username already exists."]}


def test_database_refuses_usernames_differing_only_in_case(alice):
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user(username="Alice", password=PASSWORD)


@pytest.mark.parametrize(
    "password",
    ["short7", "password123", "1234567890123", "alice-the-great"],
    ids=["too-short", "common", "numeric", "like-username"],
)
def test_weak_passwords_are_refused(api_client, password):
    response = api_client.post(
        "/api/auth/register",
        {"username": "alice-the-great", "password": password},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert response.json()["fields"]["password"]
    assert not User.objects.exists()


def test_username_and_password_problems_are_reported_together(api_client, alice):
    response = api_client.post(
        "/api/auth/register", {"username": "Alice", "password": "123"}, format="json"
    )

    assert set(response.json()["fields"]) == {"username", "password"}


def test_bad_email_is_refused(api_client):
    response = register(api_client, username="alice", email="not-an-email")

    assert response.status_code == 400
    assert "email" in response.json()["fields"]
