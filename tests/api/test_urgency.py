"""GET /api/games by urgency: games waiting on you, soonest deadline first, then the rest,
most recent move first; each line with your deadline, the last move as the viewer may
know it (a pass's cards only for its passer and receiver) and whom the table waits for."""

from datetime import timedelta

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Seat
from tests.helpers import client_for

from .conftest import create, get, human_table, move, pass_first


def mine(user) -> list[dict]:
    response = client_for(user).get("/api/games")
    assert response.status_code == 200, response.json()
    return response.json()["results"]


def test_games_waiting_on_you_come_first_soonest_deadline_first(clock, alice, bob, carol):
    later, _ = human_table([alice, bob, carol])  # a day a move: deadline T0 + 2 days
    clock.shift(timedelta(hours=1))
    sooner = create(client_for(alice), time_per_move=3600, ai=["random", "random"])["id"]
    clock.shift(timedelta(hours=1))
    done, clients = human_table([alice, bob, carol])
    pass_first(clients[0], done)  # alice passed here: it waits on the others
    assert [g["id"] for g in mine(alice)] == [sooner, later, done]
    lines = {g["id"]: g for g in mine(alice)}
    assert lines[sooner]["your_deadline"] is not None
    assert lines[done]["your_deadline"] is None
    assert lines[done]["waiting_for"] == ["bob", "carol"]


def test_the_rest_are_ordered_by_their_last_move(clock, alice, bob, carol):
    first, c1 = human_table([alice, bob, carol])
    second, c2 = human_table([alice, bob, carol])
    pass_first(c2[0], second)
    clock.shift(timedelta(minutes=5))
    pass_first(c1[0], first)
    assert [g["id"] for g in mine(alice)] == [first, second]


def test_a_pass_shows_its_cards_to_the_passer_only(clock, alice, bob, carol):
    game_id, clients = human_table([alice, bob, carol])
    pass_first(clients[1], game_id)
    passed = Seat.objects.get(game_id=game_id, number=1)
    assert passed.to_act is False
    seen_by = {u.username: mine(u)[0]["last_action"] for u in (alice, bob, carol)}
    assert seen_by["bob"]["cards"] is not None
    assert seen_by["alice"]["cards"] is None  # she will receive them once all passed
    assert seen_by["carol"]["cards"] is None
    assert {a["name"] for a in seen_by.values()} == {"bob"}
    assert {a["kind"] for a in seen_by.values()} == {"pass"}


def test_after_the_exchange_the_receiver_sees_the_cards_passed_to_them(clock, alice, bob, carol):
    game_id, clients = human_table([alice, bob, carol])
    for client in (clients[0], clients[2], clients[1]):  # bob passes last, to alice
        pass_first(client, game_id)
    seen_by = {u.username: mine(u)[0]["last_action"] for u in (alice, bob, carol)}
    assert seen_by["alice"]["cards"] == seen_by["bob"]["cards"] is not None
    assert seen_by["carol"]["cards"] is None


def test_a_play_shows_its_cards_to_everyone(clock, alice, bob, carol):
    game_id, clients = human_table([alice, bob, carol])
    for client in clients:
        pass_first(client, game_id)
    leader = get(clients[0], game_id)["view"]["to_act"][0]
    lead = get(clients[leader], game_id)["view"]["legal_moves"][0]
    assert move(clients[leader], game_id, lead["kind"], lead["cards"]).status_code == 200
    action = mine(carol)[0]["last_action"]
    assert (action["kind"], action["cards"], action["seat"]) == ("play", lead["cards"], leader)


def test_the_list_reads_the_same_number_of_queries_for_one_game_or_many(alice, bob, carol):
    human_table([alice, bob, carol])
    with CaptureQueriesContext(connection) as one:
        mine(alice)
    for _ in range(3):
        human_table([alice, bob, carol])
    with CaptureQueriesContext(connection) as four:
        assert len(mine(alice)) == 4
    assert len(four) == len(one)
