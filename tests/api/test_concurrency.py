"""Many identical moves at once: exactly one is applied, the others are told it is stale.

Runs on the suite's database: SQLite in `make test` (a file database whose writers take
the lock with BEGIN IMMEDIATE) and PostgreSQL in CI (DATABASE_URL).
"""

from games.models import GameEvent
from tests.helpers import at_once, client_for

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

    def submit():  # a client per request: test clients are not shared between threads
        return move(client_for(users[leader]), game_id, "play", [card], version=at)

    responses = at_once(*[submit] * THREADS)

    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200] + [409] * (THREADS - 1), statuses
    assert {r.json()["code"] for r in responses if r.status_code == 409} == {"stale_version"}
    assert {r.json()["version"] for r in responses if r.status_code == 409} == {at + 1}
    assert version(game_id) == at + 1
    assert GameEvent.objects.filter(game_id=game_id).count() == events + 1
    assert state(game_id)["hands"][leader].count(card) == s["hands"][leader].count(card) - 1
