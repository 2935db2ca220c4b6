"""Guests: play at once (POST /api/auth/guest), unrated only, claimed later with their
games, removed when idle, and limited like everyone else."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts import guests as account_guests
from barkside import error_texts
from games import guests, tasks
from games.models import Game, Seat
from matchmaking.models import QueueEntry
from tests.api.catalogs import catalog
from tests.api.test_flow import play_to_end
from tests.helpers import PASSWORD, client_for

User = get_user_model()
AI_TABLE = {"players": 3, "ai": ["random", "random"], "time_per_move": 300}


def guest_client() -> tuple[APIClient, dict]:
    """A new guest by the API: its token client and the answer."""
    client = APIClient()
    response = client.post("/api/auth/guest")
    assert response.status_code == 201, response.json()
    signed_in = response.json()
    token_client = APIClient()
    token_client.credentials(HTTP_AUTHORIZATION=f"Token {signed_in['token']}")
    return token_client, signed_in


def guest_user(signed_in) -> User:
    return User.objects.get(pk=signed_in["user"]["id"])


# Each refusal below is asked in one language: the detail is the catalog's sentence.
LANGUAGES = ["en", "fr", "de", "ko"]


def refused_as_guest(response, language: str) -> None:
    """403 `guest_not_allowed` in the one error shape, its detail in `language`."""
    assert response.status_code == 403, response.json()
    error = response.json()
    assert set(error) >= {"code", "detail", "fields"}
    assert error["code"] == "guest_not_allowed"
    sentence = error_texts.english("guest_not_allowed")
    expected = sentence if language == "en" else catalog(language)[sentence].string
    assert expected and error["detail"] == expected


def idle(user, hours=1) -> None:
    """The guest's removal time passed `hours` ago."""
    User.objects.filter(pk=user.pk).update(guest_until=timezone.now() - timedelta(hours=hours))


def test_a_guest_gets_a_generated_name_and_a_token(transactional_db):
    client, signed_in = guest_client()

    me = client.get("/api/auth/me").json()

    assert me["username"].startswith("guest-")
    assert me["guest"] is True
    assert me["username"] == signed_in["user"]["username"]


def test_guest_names_never_collide(transactional_db, monkeypatch):
    taken = iter(["guest-aaaaaaaa", "guest-aaaaaaaa", "guest-bbbbbbbb"])
    monkeypatch.setattr(account_guests, "_guest_name", lambda: next(taken))

    first, second = guest_client()[1], guest_client()[1]

    assert {first["user"]["username"], second["user"]["username"]} == {
        "guest-aaaaaaaa",
        "guest-bbbbbbbb",
    }


def test_nobody_may_register_a_guest_looking_name(transactional_db, api_client):
    body = {"username": "Guest-mine", "password": PASSWORD}

    response = api_client.post("/api/auth/register", body, format="json")

    assert response.status_code == 400
    assert "username" in response.json()["fields"]


def test_a_browser_guest_is_signed_in_by_its_session(transactional_db):
    browser = APIClient(enforce_csrf_checks=True)
    browser.get("/api/auth/csrf")
    csrf = browser.cookies["csrftoken"].value

    created = browser.post("/api/auth/guest", HTTP_X_CSRFTOKEN=csrf)

    assert created.status_code == 201
    assert browser.get("/api/auth/me").json()["id"] == created.json()["user"]["id"]


def test_a_guest_plays_a_whole_game_against_the_ai(transactional_db):
    client, _ = guest_client()

    game = client.post("/api/games", AI_TABLE, format="json")

    assert game.status_code == 201, game.json()
    assert play_to_end(client, game.json()["id"])["status"] == "finished"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_guest_may_not_open_a_rated_table(transactional_db, language):
    client, _ = guest_client()
    body = {"players": 3, "rated": True}

    response = client.post("/api/games", body, format="json", HTTP_ACCEPT_LANGUAGE=language)

    refused_as_guest(response, language)
    assert not Game.objects.exists()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_guest_may_not_join_a_rated_table(alice, language):
    rated = client_for(alice).post("/api/games", {"players": 3, "rated": True}, format="json")
    client, _ = guest_client()
    before = Game.objects.get(pk=rated.json()["id"])

    response = client.post(
        f"/api/games/{before.pk}/join", {}, format="json", HTTP_ACCEPT_LANGUAGE=language
    )

    refused_as_guest(response, language)
    after = Game.objects.get(pk=before.pk)
    assert (after.version, after.status) == (before.version, Game.Status.OPEN)
    assert list(after.seats.values_list("user_id", flat=True)) == [alice.pk]


def test_a_guest_joins_an_unrated_table(alice):
    table = client_for(alice).post("/api/games", {"players": 3}, format="json").json()
    client, _ = guest_client()

    assert client.post(f"/api/games/{table['id']}/join", {}, format="json").status_code == 200


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_guest_may_not_queue_for_rated_games(transactional_db, language):
    client, _ = guest_client()
    body = {"sizes": [3], "time_per_move": 60}

    rated = client.post(
        "/api/matchmaking/join",
        {**body, "rated": True},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )

    refused_as_guest(rated, language)
    assert not QueueEntry.objects.exists()
    casual = client.post("/api/matchmaking/join", {**body, "rated": False}, format="json")
    assert casual.status_code == 201, casual.json()


def test_a_guest_may_not_chat(alice):
    table = client_for(alice).post("/api/games", {"players": 3}, format="json").json()
    client, _ = guest_client()
    client.post(f"/api/games/{table['id']}/join", {}, format="json")

    response = client.post(f"/api/games/{table['id']}/chat", {"text": "hi"}, format="json")

    assert (response.status_code, response.json()["code"]) == (403, "guest_not_allowed")


def test_claiming_keeps_the_games_and_ends_the_guest(transactional_db):
    client, signed_in = guest_client()
    game = client.post("/api/games", AI_TABLE, format="json").json()
    body = {"username": "rex", "password": PASSWORD}

    claimed = client.post("/api/auth/claim", body, format="json")

    assert claimed.status_code == 200, claimed.json()
    assert claimed.json()["user"] == {**claimed.json()["user"], "username": "rex", "guest": False}
    user = User.objects.get(username="rex")
    assert user.pk == signed_in["user"]["id"] and user.guest_until is None
    assert Seat.objects.filter(game_id=game["id"], user=user).exists()
    old_token = client.get("/api/auth/me")
    assert old_token.status_code == 401  # the guest's token went with it
    assert APIClient().post("/api/auth/login", body, format="json").status_code == 200


def test_a_claimed_account_plays_rated(transactional_db):
    client, _ = guest_client()
    token = client.post(
        "/api/auth/claim", {"username": "rex", "password": PASSWORD}, format="json"
    ).json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")

    response = client.post("/api/games", {"players": 3, "rated": True}, format="json")

    assert response.status_code == 201, response.json()


@pytest.mark.parametrize(
    "body",
    [
        {"username": "alice", "password": PASSWORD},  # taken
        {"username": "ALICE", "password": PASSWORD},  # taken, in another case
        {"username": "guest-mine", "password": PASSWORD},  # a guest's kind of name
        {"username": "rex", "password": "123"},  # too weak
        {"username": "r\u00e9x", "password": PASSWORD},  # not ASCII
        {"username": "rex\x00", "password": PASSWORD},
        {"username": ["rex"], "password": PASSWORD},
        {"username": "rex", "password": PASSWORD, "is_staff": True},
        {"username": "x" * 500, "password": PASSWORD},
    ],
)
def test_a_bad_claim_is_refused_and_changes_nothing(alice, body):
    client, signed_in = guest_client()

    response = client.post("/api/auth/claim", body, format="json")

    assert response.status_code == 400, response.json()
    assert set(response.json()) >= {"code", "detail", "fields"}
    guest = guest_user(signed_in)
    assert guest.is_guest and guest.username == signed_in["user"]["username"]
    assert not guest.is_staff


def test_only_a_guest_claims(alice):
    response = client_for(alice).post(
        "/api/auth/claim", {"username": "rex", "password": PASSWORD}, format="json"
    )

    assert (response.status_code, response.json()["code"]) == (409, "not_a_guest")


def test_claiming_needs_a_sign_in(transactional_db, api_client):
    response = api_client.post(
        "/api/auth/claim", {"username": "rex", "password": PASSWORD}, format="json"
    )

    assert response.status_code == 401


def test_guests_are_made_a_few_per_address(transactional_db, throttle_rate):
    throttle_rate("guest", "2/min")
    client = APIClient()
    for _ in range(2):
        assert client.post("/api/auth/guest").status_code == 201
    client.credentials()  # signed in as the last guest: still the same address

    refused = client.post("/api/auth/guest")

    assert (refused.status_code, refused.json()["code"]) == (429, "throttled")
    assert User.objects.filter(guest_until__isnull=False).count() == 2


def test_a_guest_has_the_same_request_budget_as_everyone(transactional_db, throttle_rate):
    throttle_rate("user", "2/min")
    client, _ = guest_client()
    for _ in range(2):
        assert client.get("/api/auth/me").status_code == 200

    assert client.get("/api/auth/me").status_code == 429


def test_a_request_keeps_a_guest_from_expiring(transactional_db, settings):
    settings.GUEST_SEEN_STEP = 0
    client, signed_in = guest_client()
    idle(guest_user(signed_in), hours=-1)  # an hour left

    client.get("/api/auth/me")

    assert guest_user(signed_in).guest_until > timezone.now() + timedelta(hours=2)


def test_an_idle_guest_alone_with_the_ai_goes_with_its_games(transactional_db):
    client, signed_in = guest_client()
    finished = client.post("/api/games", AI_TABLE, format="json").json()
    play_to_end(client, finished["id"])
    running = client.post("/api/games", AI_TABLE, format="json").json()
    idle(guest_user(signed_in))

    assert guests.guests_expire() == {"removed": 1, "retired": 0}

    assert not User.objects.filter(pk=signed_in["user"]["id"]).exists()
    assert not Game.objects.filter(pk__in=[finished["id"], running["id"]]).exists()
    assert not Token.objects.filter(key=signed_in["token"]).exists()


def test_an_idle_guests_seat_at_a_shared_game_goes_to_the_ai(alice, bob):
    table = client_for(alice).post("/api/games", {"players": 4, "ai": ["random"]}, format="json")
    game_id = table.json()["id"]
    client_for(bob).post(f"/api/games/{game_id}/join", {}, format="json")
    client, signed_in = guest_client()
    assert client.post(f"/api/games/{game_id}/join", {}, format="json").status_code == 200
    guest = guest_user(signed_in)
    idle(guest)

    assert guests.guests_expire() == {"removed": 0, "retired": 1}

    assert Game.objects.get(pk=game_id).status == Game.Status.ACTIVE
    assert Seat.objects.get(game_id=game_id, user=guest).state == Seat.State.LEFT
    guest.refresh_from_db()
    assert not guest.is_active and not guest.is_guest  # shut out, and not found again
    assert client.get("/api/auth/me").status_code == 401


def test_an_idle_guest_leaves_the_tables_it_waits_at(alice):
    table = client_for(alice).post("/api/games", {"players": 4}, format="json").json()
    client, signed_in = guest_client()
    client.post(f"/api/games/{table['id']}/join", {}, format="json")
    idle(guest_user(signed_in))

    assert guests.guests_expire() == {"removed": 1, "retired": 0}

    assert Game.objects.get(pk=table["id"]).status == Game.Status.OPEN
    assert not Seat.objects.filter(game_id=table["id"], user_id=signed_in["user"]["id"]).exists()


def test_a_guest_still_in_its_time_and_people_are_never_removed(alice):
    _, signed_in = guest_client()

    assert guests.guests_expire() == {"removed": 0, "retired": 0}

    assert User.objects.filter(pk__in=[alice.pk, signed_in["user"]["id"]]).count() == 2


def test_a_guest_back_since_the_list_was_read_stays(transactional_db, monkeypatch):
    _, signed_in = guest_client()
    guest = guest_user(signed_in)
    idle(guest)
    read = account_guests.guests_due

    def back_meanwhile(now, limit):
        due = read(now, limit)
        User.objects.filter(pk=guest.pk).update(guest_until=now + timedelta(hours=1))
        return due

    monkeypatch.setattr(account_guests, "guests_due", back_meanwhile)

    assert guests.guests_expire() == {"removed": 0, "retired": 0}
    assert User.objects.filter(pk=guest.pk).exists()


def test_idle_guests_are_found_through_their_index(transactional_db):
    """The expiry's query reads the partial index on the removal time, whatever the
    planner would do on a table this small (PostgreSQL; SQLite names the index too)."""
    for _ in range(3):
        guest_client()
    due = account_guests.guests_idle(timezone.now())
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET LOCAL enable_seqscan = off")
        plan = due.values("pk").explain()

    assert "user_guest_until" in plan


def test_the_expiry_runs_on_beat(transactional_db, settings):
    _, signed_in = guest_client()
    idle(guest_user(signed_in))

    assert settings.CELERY_BEAT_SCHEDULE["guests-expire"]["task"] == "games.tasks.guests_expire"
    assert tasks.guests_expire() == {"removed": 1, "retired": 0}
