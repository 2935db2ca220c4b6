"""Many identical moves at once: exactly one is applied, the others are told it is stale.

Runs on the suite's database: SQLite in `make test` (a file database whose writers take
the lock with BEGIN IMMEDIATE) and PostgreSQL in CI (DATABASE_URL).
"""

import threading

from django.db import connection

from games.models import GameEvent
from tests.helpers import client_for

from .conftest import human_table, move, pass_all, state, version

THREADS = 50


def test_fifty_identical_moves_at_once_apply_exactly_once(alice, bob, carol):
    users = [alice, bob, carol]
    game_id, clients = human_table(users)
    pass_all(game_id, clients)
    s = state(game_id)
    leader = s["turn"]  # the only seat that may act: nobody else can move meanwhile
    card = s["hands"][leader][0]
    at = version(game_id)
    events = GameEvent.objects.filter(game_id=game_id).count()
    barrier = threading.Barrier(THREADS)
    responses = [None] * THREADS

    def submit(i):
        client = client_for(users[leader])
        try:
            barrier.wait()
            responses[i] = move(client, game_id, "play", [card], version=at)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200] + [409] * (THREADS - 1), statuses
    assert {r.json()["code"] for r in responses if r.status_code == 409} == {"stale_version"}
    assert {r.json()["version"] for r in responses if r.status_code == 409} == {at + 1}
    assert version(game_id) == at + 1
    assert GameEvent.objects.filter(game_id=game_id).count() == events + 1
    assert state(game_id)["hands"][leader].count(card) == s["hands"][leader].count(card) - 1
