"""Which moves are stale: only those made before a change that bears on the mover's choice.

Passing is blind and simultaneous, so other seats' passes never make a pass stale; a
play, a tuck, a deal or the seat's own move does. Threads run on the suite's real
database (PostgreSQL in CI), each with its own connection.
"""

import threading

import pytest
from django.db import connection

from games import engine, services
from games.models import Game
from games.services import Actor
from tests.helpers import client_for

from .conftest import create, get, human_table, move, state, version


@pytest.fixture
def trio(alice, bob, carol):
    return [alice, bob, carol]


def at_once(*calls) -> list:
    """Run every call in its own thread, released together; their results in order."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(i):
        try:
            barrier.wait()
            results[i] = calls[i]()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def first_pass(game_id, seat) -> dict:
    return engine.legal_moves(state(game_id), seat)[0]


def test_three_people_passing_at_the_same_instant_are_all_accepted(trio):
    game_id, clients = human_table(trio)
    dealt = version(game_id)
    passes = [first_pass(game_id, seat) for seat in range(3)]

    responses = at_once(
        *[
            lambda c=c, p=p: move(c, game_id, "pass", p["cards"], version=dealt)
            for c, p in zip(clients, passes, strict=True)
        ]
    )

    assert [r.status_code for r in responses] == [200, 200, 200], [r.json() for r in responses]
    assert version(game_id) == dealt + 3
    s = state(game_id)
    assert s["phase"] == engine.TRICKS
    assert s["rounds"][-1]["passes"] == [p["cards"] for p in passes]


def test_a_person_passing_while_the_ais_pass_is_accepted(alice, queued):
    game_id = create(client_for(alice), players=4, ai=["normal"] * 3)["id"]
    dealt = version(game_id)
    passes = [first_pass(game_id, seat) for seat in range(4)]

    def ai_pass(seat):
        return lambda: services.apply_move(game_id, Actor("ai", seat), passes[seat], dealt)

    results = at_once(
        lambda: move(client_for(alice), game_id, "pass", passes[0]["cards"], version=dealt),
        *(ai_pass(seat) for seat in (1, 2, 3)),
    )

    assert results[0].status_code == 200, results[0].json()
    assert all(isinstance(game, Game) for game in results[1:])
    assert state(game_id)["rounds"][-1]["passes"] == [p["cards"] for p in passes]
    assert version(game_id) == dealt + 4


def test_a_pass_made_before_others_passed_is_applied_to_the_current_state(trio):
    game_id, clients = human_table(trio)
    dealt = version(game_id)
    mine = get(clients[0], game_id)["view"]["legal_moves"][0]
    bobs = get(clients[1], game_id)["view"]["legal_moves"][0]
    assert move(clients[1], game_id, "pass", bobs["cards"]).status_code == 200

    response = move(clients[0], game_id, "pass", mine["cards"], version=dealt)

    assert response.status_code == 200, response.json()
    assert response.json()["version"] == dealt + 2
    assert state(game_id)["rounds"][-1]["passes"][:2] == [mine["cards"], bobs["cards"]]


def test_a_seat_repeating_its_pass_from_the_same_view_is_stale(trio):
    game_id, clients = human_table(trio)
    dealt = version(game_id)
    first, second = get(clients[0], game_id)["view"]["legal_moves"][:2]
    assert move(clients[0], game_id, "pass", first["cards"], version=dealt).status_code == 200

    response = move(clients[0], game_id, "pass", second["cards"], version=dealt)

    assert response.status_code == 409
    assert (response.json()["code"], response.json()["version"]) == ("stale_version", dealt + 1)
    assert state(game_id)["rounds"][-1]["passes"][0] == first["cards"]
