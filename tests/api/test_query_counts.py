"""The database work of the busiest requests, pinned: a change that adds a query fails here.

Counted from the client's side, as a phone app talks: `Authorization: Token`, the whole
request and what runs after its commit (notices and the AI queued for their workers).
Speed itself is measured by `manage.py bench load`, never here.
"""

import contextlib
import itertools
import os
import tempfile

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts import socket_auth
from games import consumers, engine
from games.models import Game, GameEvent
from notifications.tasks import push_notice
from tests.api.conftest import (
    forced_position,
    get,
    human_table,
    move,
    pass_all,
    round_end_position,
    state,
)

# Statements, as Django runs them, BEGIN and COMMIT included. A move: the game row locked
# with its seats and their people (one statement), the compare-and-set UPDATE, the event,
# the seats to act, the game's due time for the sweeper.
MOVE_QUERIES = 7
GAME_GET_QUERIES = 1  # the game with its seats and their people
TOKEN_LOOKUP = 1  # when this process's cache does not know the token yet
IDEMPOTENCY_KEY = 1  # stored with the reply (looked up only when a move is refused)
DOGHOUSE = 1  # the move that ends a round: the loser's doghouse, one upsert
SINCE = 1  # a move on an older version: whether what came since bears on it
FORCED = 1  # each forced move the change leads to: its event, in the same round trip
# Round trips to PostgreSQL, each a wait for its answer (under a crowd, for the CPU too):
# the BEGIN, the locked read, the compare-and-set with the event and the seats' clocks
# (barkside/statements.py, `together`), the COMMIT.
MOVE_ROUND_TRIPS = 4


@pytest.fixture(autouse=True)
def push_queued(monkeypatch):
    """Web Push is the push worker's business (devices, settings, reminders): the notices
    are queued here, never looked into in the request."""
    queued = []
    monkeypatch.setattr(push_notice, "delay", lambda *args, **kwargs: queued.append(args))
    return queued


@pytest.fixture
def table(alice, bob, carol):
    """A running table, and each seat's client signing in with its API token."""
    game_id, _ = human_table([alice, bob, carol])
    clients = []
    for user in (alice, bob, carol):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
        clients.append(client)
    return game_id, clients


def counted(call):
    with CaptureQueriesContext(connection) as queries:
        response = call()
    print(*(q["sql"][:150] for q in queries), sep="\n")  # shown when a test fails
    return response, len(queries)


@contextlib.contextmanager
def round_trips():
    """`[n]`: how often the connection waited for PostgreSQL's answers in the block, from
    libpq's trace of the protocol (each run of the server's messages that follows the
    client's is one round trip)."""
    from psycopg import pq

    connection.ensure_connection()
    pgconn = connection.connection.pgconn
    counted = []
    with tempfile.TemporaryFile() as trace:
        pgconn.trace(os.dup(trace.fileno()))  # libpq writes through a stream of its own
        pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)
        try:
            yield counted
        finally:
            pgconn.untrace()  # flushes what it wrote
        trace.seek(0)
        sides = [line.split(b"\t", 1)[0] for line in trace.read().splitlines()]
    counted.append(sum(1 for pair in itertools.pairwise(sides) if pair == (b"F", b"B")))


postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="PostgreSQL's protocol, traced by libpq"
)


def first_legal(client, game_id) -> dict:
    game = get(client, game_id)
    return game["view"]["legal_moves"][0] | {"version": game["version"]}


def test_a_game_get_reads_the_game_and_its_seats_once(table):
    game_id, clients = table
    response, queries = counted(lambda: clients[0].get(f"/api/games/{game_id}"))
    assert response.status_code == 200
    assert queries <= GAME_GET_QUERIES + TOKEN_LOOKUP
    response, queries = counted(lambda: clients[0].get(f"/api/games/{game_id}"))
    assert queries <= GAME_GET_QUERIES  # the token is known now


def test_the_finished_rounds_of_a_game_cost_one_query(table):
    game_id, clients = table
    get(clients[0], game_id)  # the token is known now
    response, queries = counted(lambda: clients[0].get(f"/api/games/{game_id}/rounds"))
    assert response.status_code == 200
    assert queries <= GAME_GET_QUERIES


def test_a_pass_by_rest_with_a_token_stays_within_its_queries(table):
    game_id, clients = table
    legal = first_legal(clients[0], game_id)
    response, queries = counted(
        lambda: move(clients[0], game_id, "pass", legal["cards"], version=legal["version"])
    )
    assert response.status_code == 200, response.json()
    assert queries <= MOVE_QUERIES


def test_a_play_by_rest_stays_within_its_queries_and_answers_the_new_view(table):
    game_id, clients = table
    pass_all(game_id, clients)
    seat = engine.to_act(state(game_id))[0]
    legal = first_legal(clients[seat], game_id)
    response, queries = counted(
        lambda: move(
            clients[seat], game_id, legal["kind"], legal["cards"], version=legal["version"]
        )
    )
    assert response.status_code == 200, response.json()
    assert queries <= MOVE_QUERIES
    # The reply is the mover's new view: no second request needed.
    assert response.json() == get(clients[seat], game_id)


def test_a_pass_on_a_view_others_passes_superseded_adds_one_check(table):
    """Passes are blind: a pass made while another landed is applied, after one look at
    what came since."""
    game_id, clients = table
    alice, bob = (first_legal(client, game_id) for client in clients[:2])
    assert move(clients[0], game_id, "pass", alice["cards"]).status_code == 200
    response, queries = counted(
        lambda: move(clients[1], game_id, "pass", bob["cards"], version=bob["version"])
    )
    assert response.status_code == 200, response.json()
    assert response.json()["version"] == bob["version"] + 2
    assert queries <= MOVE_QUERIES + SINCE


def test_a_move_with_a_token_not_seen_yet_adds_its_lookup(table):
    game_id, clients = table
    legal = first_legal(clients[0], game_id)
    cache.clear()  # as on another web process, or once the token's entry expired
    response, queries = counted(
        lambda: move(clients[0], game_id, "pass", legal["cards"], version=legal["version"])
    )
    assert response.status_code == 200, response.json()
    assert queries <= MOVE_QUERIES + TOKEN_LOOKUP


def test_a_socket_move_with_its_request_id_stays_within_its_queries(table, alice):
    """The consumer's work for a `move` message, in one thread call: the sign-in check,
    then the move with its idempotency key (stored with the reply)."""
    game_id, clients = table
    legal = first_legal(clients[0], game_id)
    key = Token.objects.filter(user=alice).last().key
    scope = {"user": alice, "token_digest": socket_auth.digest(key)}
    fields = {"kind": "pass", "cards": legal["cards"], "version": legal["version"]}

    reply, queries = counted(lambda: consumers._play(scope, game_id, fields, "move-1"))
    assert reply.version == legal["version"] + 1
    assert queries <= MOVE_QUERIES + IDEMPOTENCY_KEY


def position(game_id, clients, table_state: dict) -> int:
    """Put the table in `table_state` (a live table) and GET it with each seat's client,
    whose tokens are known from then on (as in `first_legal`): its version."""
    Game.objects.filter(pk=game_id).update(state=table_state, time_per_move=60)
    (version,) = {get(client, game_id)["version"] for client in clients}
    return version


def test_a_move_leaving_a_single_legal_move_reads_no_settings(table):
    """Forced moves are asked about whenever a seat is left one legal move (off here, a
    live game's default): the mover's settings come with the seats, not in a query."""
    game_id, clients = table
    before, option = forced_position()
    version = position(game_id, clients, before)
    response, queries = counted(
        lambda: move(clients[1], game_id, option["kind"], option["cards"], version=version)
    )
    assert response.status_code == 200, response.json()
    assert len(response.json()["view"]["legal_moves"]) == 0  # bob's turn is over
    assert len(get(clients[0], game_id)["view"]["legal_moves"]) == 1  # alice has one
    assert queries <= MOVE_QUERIES


def test_a_forced_move_costs_its_event_and_no_round_trip(table):
    """A correspondence table (forced moves on by default): the move that leaves alice one
    legal move makes it in its own transaction, each forced move one statement more (its
    event) and no wait for PostgreSQL more; its reply is the table after them all."""
    game_id, clients = table
    before, option = forced_position()
    version = position(game_id, clients, before)
    Game.objects.filter(pk=game_id).update(time_per_move=86400)
    with round_trips() if connection.vendor == "postgresql" else contextlib.nullcontext() as waited:
        response, queries = counted(
            lambda: move(clients[1], game_id, option["kind"], option["cards"], version=version)
        )
    assert response.status_code == 200, response.json()
    forced = GameEvent.objects.filter(game_id=game_id, actor="forced").values_list(
        "version", flat=True
    )
    assert min(forced) == version + 2  # bob's move, then alice's forced one (and any after)
    assert response.json()["version"] == version + 1 + len(forced)
    assert queries <= MOVE_QUERIES + FORCED * len(forced)
    if connection.vendor == "postgresql":
        assert waited == [MOVE_ROUND_TRIPS]


def test_the_move_that_ends_a_round_adds_only_its_doghouse(table):
    game_id, clients = table
    before, option = round_end_position()
    seat = engine.to_act(before)[0]
    version = position(game_id, clients, before)
    response, queries = counted(
        lambda: move(clients[seat], game_id, option["kind"], option["cards"], version=version)
    )
    assert response.status_code == 200, response.json()
    assert state(game_id)["doghouses"] != before["doghouses"]
    assert queries <= MOVE_QUERIES + DOGHOUSE


@postgresql_only
def test_a_move_waits_for_postgresql_four_times(table):
    game_id, clients = table
    legal = first_legal(clients[0], game_id)
    with round_trips() as waited:
        response = move(clients[0], game_id, "pass", legal["cards"], version=legal["version"])
    assert response.status_code == 200, response.json()
    assert waited == [MOVE_ROUND_TRIPS]


@postgresql_only
def test_a_socket_move_adds_one_round_trip_for_its_key(table, alice):
    game_id, clients = table
    legal = first_legal(clients[0], game_id)
    key = Token.objects.filter(user=alice).last().key
    scope = {"user": alice, "token_digest": socket_auth.digest(key)}
    fields = {"kind": "pass", "cards": legal["cards"], "version": legal["version"]}
    with round_trips() as waited:
        consumers._play(scope, game_id, fields, "move-1")
    assert waited == [MOVE_ROUND_TRIPS + IDEMPOTENCY_KEY]
