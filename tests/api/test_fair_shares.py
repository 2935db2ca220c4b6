"""Fair shares (games/shares.py): running live games with AI seats and open public tables
per person, each refused beyond its setting with its own 409; open tables nobody joins
closed by the sweeper through their due time. The game limit is in test_game_limit.py;
the limits under concurrency, on PostgreSQL with 2 web processes, in
tests/realtime/test_fair_share_races.py."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.errors import GameError
from games.models import Game, GameDue, GameEvent
from games.tables import table_expire
from matchmaking import services as matchmaking
from tests.helpers import client_for

LIVE, DAY = 60, 86400


@pytest.fixture(autouse=True)
def limits(settings):
    settings.LIVE_AI_GAMES_PER_PERSON = 2
    settings.OPEN_TABLES_PER_PERSON = 2
    settings.OPEN_TABLE_EXPIRY_LIVE = 1800.0
    settings.OPEN_TABLE_EXPIRY_CORRESPONDENCE = 259200.0


def create(user, headers=None, **body):
    body = {"players": 3, "time_per_move": LIVE, **body}
    return client_for(user).post("/api/games", body, format="json", **(headers or {}))


def join(user, game_id):
    return client_for(user).post(f"/api/games/{game_id}/join", {}, format="json")


def refusal(response) -> tuple[int, str]:
    return response.status_code, response.json()["code"]


def lobby(user) -> list[int]:
    return [g["id"] for g in client_for(user).get("/api/games/open").json()["results"]]


# --- live games with AI seats -----------------------------------------------------------


@pytest.fixture
def alice_at_the_live_ai_limit(alice):
    """One live game of alice's with AI seats running, one open waiting for a person."""
    assert create(alice, ai=["random", "random"]).status_code == 201  # full: it starts
    assert create(alice, players=4, ai=["random"], private=True).status_code == 201


def test_a_live_game_with_ai_seats_beyond_the_limit_is_refused(alice_at_the_live_ai_limit, alice):
    response = create(alice, ai=["hard", "hard"])
    assert refusal(response) == (409, "live_ai_limit")
    assert (response.json()["running"], response.json()["limit"]) == (2, 2)
    assert "2 live games" in response.json()["detail"]


def test_the_live_ai_refusal_is_translated(alice_at_the_live_ai_limit, alice):
    response = create(alice, {"HTTP_ACCEPT_LANGUAGE": "fr"}, ai=["hard", "hard"])
    assert response.json()["detail"].startswith("Vous jouez déjà 2 parties en direct")


def test_joining_a_live_table_with_ai_seats_beyond_the_limit_is_refused(
    alice_at_the_live_ai_limit, alice, bob
):
    table = services.game_create(user=bob, players=4, ai=["normal"], time_per_move=LIVE)
    assert refusal(join(alice, table.pk)) == (409, "live_ai_limit")
    people_only = services.game_create(user=bob, players=4, time_per_move=LIVE)
    assert join(alice, people_only.pk).status_code == 200


def test_live_games_of_people_only_and_correspondence_games_with_ai_are_not_counted(
    alice_at_the_live_ai_limit, alice
):
    assert create(alice).status_code == 201
    assert create(alice, ai=["random", "random"], time_per_move=DAY).status_code == 201


def test_a_game_that_ended_frees_its_share(alice_at_the_live_ai_limit, alice):
    running = Game.objects.filter(status=Game.Status.ACTIVE, seats__user=alice).get()
    services.game_abort(game_id=running.pk, reason="test")
    assert create(alice, ai=["hard", "hard"]).status_code == 201


def test_queueing_live_with_ai_seats_beyond_the_limit_is_refused(alice_at_the_live_ai_limit, alice):
    wishes = {"sizes": [3], "time_per_move": LIVE, "rated": False}
    with pytest.raises(GameError) as refused:
        matchmaking.queue_join(user=alice, ai_fill=True, **wishes)
    assert refused.value.code == "live_ai_limit"
    assert matchmaking.queue_join(user=alice, ai_fill=False, **wishes)  # people only


# --- open public tables -----------------------------------------------------------------


@pytest.fixture
def alice_waits_at_two_tables(alice, bob):
    """alice opened one public table and sat down at bob's."""
    assert create(alice, players=4).status_code == 201
    bobs = services.game_create(user=bob, players=4, time_per_move=LIVE)
    assert join(alice, bobs.pk).status_code == 200


def test_a_public_table_beyond_the_limit_is_refused(alice_waits_at_two_tables, alice):
    response = create(alice, time_per_move=DAY)
    assert refusal(response) == (409, "open_table_limit")
    assert (response.json()["open"], response.json()["limit"]) == (2, 2)
    assert "2 open tables" in response.json()["detail"]


def test_private_tables_and_tables_that_start_at_once_are_not_counted(
    alice_waits_at_two_tables, alice
):
    assert create(alice, private=True).status_code == 201
    assert create(alice, ai=["random", "random"], time_per_move=DAY).status_code == 201


def test_joining_is_not_opening(alice_waits_at_two_tables, alice, carol):
    table = services.game_create(user=carol, players=4, time_per_move=LIVE)
    assert join(alice, table.pk).status_code == 200


def test_a_table_that_starts_frees_its_share(alice_waits_at_two_tables, alice, carol, dave):
    bobs = Game.objects.exclude(creator=alice).get()
    for person in (carol, dave):
        services.game_join(game_id=bobs.pk, user=person)
    assert Game.objects.get(pk=bobs.pk).status == Game.Status.ACTIVE
    assert create(alice).status_code == 201


# --- open tables expire -----------------------------------------------------------------


def due_at(game_id):
    return GameDue.objects.get(game_id=game_id).at


def test_an_open_tables_due_time_is_its_expiry(alice, settings):
    live, correspondence = create(alice).json(), create(alice, time_per_move=DAY).json()
    for table, seconds in ((live, 1800), (correspondence, 259200)):
        created = Game.objects.get(pk=table["id"]).created
        assert due_at(table["id"]) == created + timedelta(seconds=seconds)


def test_someone_sitting_down_restarts_the_wait(alice, bob):
    table = create(alice, players=4).json()["id"]
    opened = due_at(table)
    before = timezone.now()
    assert join(bob, table).status_code == 200
    assert due_at(table) >= before + timedelta(seconds=1800) > opened


def test_an_open_table_nobody_joins_is_closed_by_the_sweeper(alice, bob):
    table = create(alice).json()["id"]
    expiry = due_at(table)
    assert services.sweep(now=expiry - timedelta(seconds=1))["expired"] == 0
    assert lobby(bob) == [table]

    assert services.sweep(now=expiry)["expired"] == 1
    game = Game.objects.get(pk=table)
    assert (game.status, game.ended is not None) == (Game.Status.ABORTED, True)
    last = GameEvent.objects.filter(game=game).order_by("-version").first()
    assert (last.kind, last.payload) == ("aborted", [{"type": "aborted", "reason": "expired"}])
    assert due_at(table) is None  # due no more
    assert lobby(bob) == []
    assert refusal(join(bob, table)) == (409, "not_open")


def test_an_expired_table_frees_its_share(alice_waits_at_two_tables, alice):
    for table in Game.objects.filter(status=Game.Status.OPEN):
        services.sweep(now=due_at(table.pk))
    assert create(alice).status_code == 201


def test_a_table_someone_sat_down_at_meanwhile_stays_open(alice, bob):
    """The sweeper read the table as due, then bob sat down before it was closed: his
    change moved its due time on, which the close reads under the table's lock."""
    table = create(alice, players=4).json()["id"]
    expiry = due_at(table)
    assert join(bob, table).status_code == 200
    assert table_expire(game_id=table, now=expiry) is None
    assert Game.objects.get(pk=table).status == Game.Status.OPEN


def test_the_last_person_leaving_closes_the_table_due_no_more(alice):
    table = create(alice).json()["id"]
    assert client_for(alice).post(f"/api/games/{table}/leave").status_code == 204
    assert due_at(table) is None
