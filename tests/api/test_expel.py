"""The expel vote: once a seat's own deadline passed, the other people still playing may
hand it to the AI at once, when all of them agree; every vote is logged."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from games.models import GameEvent, Seat
from tests.helpers import client_for

from .conftest import get, human_table, move

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def clock():
    with time_machine.travel(T0, tick=False) as traveller:
        yield traveller


@pytest.fixture
def waiting_on_alice(clock, alice, bob, carol):
    """bob and carol passed at once; alice has not, and her deadline (2 days) passed."""
    game_id, clients = human_table([alice, bob, carol])
    for client in clients[1:]:
        legal = get(client, game_id)["view"]["legal_moves"]
        assert move(client, game_id, "pass", legal[0]["cards"]).status_code == 200
    clock.shift(timedelta(days=2, minutes=1))
    return game_id, clients


def expel(client, game_id, seat=0):
    return client.post(f"/api/games/{game_id}/expel", {"seat": seat}, format="json")


def test_when_everyone_else_votes_the_ai_takes_the_seat(waiting_on_alice):
    game_id, (_, bob, carol) = waiting_on_alice
    response = expel(bob, game_id)
    assert response.status_code == 200, response.json()
    assert response.json()["seats"][0]["expel_votes"] == [1]
    assert Seat.objects.get(game_id=game_id, number=0).state == Seat.State.PLAYING
    assert expel(carol, game_id).status_code == 200
    assert Seat.objects.get(game_id=game_id, number=0).state == Seat.State.LEFT
    logged = GameEvent.objects.filter(game_id=game_id, kind__in=["expel_vote", "expelled"])
    assert list(logged.values_list("kind", "seat")) == [
        ("expel_vote", 1),
        ("expel_vote", 2),
        ("expelled", 0),
    ]
    assert GameEvent.objects.filter(game_id=game_id, seat=0, actor="ai").exists()  # it passed


def test_no_vote_before_the_deadline_passed(clock, alice, bob, carol):
    game_id, (_, b, _) = human_table([alice, bob, carol])
    response = expel(b, game_id)
    assert (response.status_code, response.json()["code"]) == (409, "not_overdue")


def test_a_vote_counts_once(waiting_on_alice):
    game_id, (_, bob, _) = waiting_on_alice
    expel(bob, game_id)
    response = expel(bob, game_id)
    assert (response.status_code, response.json()["code"]) == (409, "already_voted")


def test_nobody_votes_on_their_own_seat(waiting_on_alice):
    game_id, (alice, _, _) = waiting_on_alice
    response = expel(alice, game_id)
    assert (response.status_code, response.json()["code"]) == (403, "cannot_vote")


def test_people_not_at_the_table_have_no_vote(waiting_on_alice, outsider):
    game_id, _ = waiting_on_alice
    response = expel(client_for(outsider), game_id)
    assert (response.status_code, response.json()["code"]) == (403, "not_a_player")


def test_a_seat_away_on_vacation_cannot_be_expelled(waiting_on_alice, alice):
    game_id, (_, bob, _) = waiting_on_alice
    Seat.objects.filter(game_id=game_id, number=0).update(away_since=T0)
    response = expel(bob, game_id)
    assert (response.status_code, response.json()["code"]) == (409, "not_overdue")
