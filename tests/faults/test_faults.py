"""Faults injected while six games run on a whole stack. Once the faulty part is back
(Redis started again, the storm of terminated connections over, the worker or the server
started again by the stack, with no manual action), every game moves again within 10 s,
no move is lost or applied twice, and a retried move gets its first answer. Run with `-s`
for the figures (lines starting `FAULT`)."""

import contextlib
import json
import time

import pytest
from django.db import connection
from websockets.sync.client import connect

from games import tasks
from tests.realtime.processes import AI_WORKER, http_ok, wait_until

from .checks import (
    RECOVERY,
    check_games,
    retries_get_the_first_answer,
    seconds_until_all_moved,
    versions,
)
from .tables import Players

WARM_UP = 60.0  # seconds for every game to make its first move on a freshly started stack
REDIS_DOWN = 2.0  # seconds Redis stays down at least
DB_FAULT = 2.0  # seconds during which every connection of the app is terminated at once
BACK = 60.0  # seconds for the stack to start a killed child again (a loaded machine is slow)


def test_redis_stopped_and_started_again_mid_game(stack, tables, fault_redis):
    with Players(stack.base, tables) as players, watching(stack.base, tables) as ws:
        seconds_until_all_moved(tables, time.monotonic(), WARM_UP)
        worker, beat = stack.child(AI_WORKER), stack.child("beat")
        # A task waiting for its countdown is held unacknowledged by the worker, as AI
        # turns are: losing the broker with such a message used to end the worker.
        held = tasks.sweep.apply_async(countdown=300)
        wait_until(lambda: held.id in stack.output(), 20, what="the worker to hold the task")
        start = time.monotonic()
        fault_redis.stop()
        wait_until(lambda: "Connection to broker lost" in stack.output(), 20, what="the loss")

        def outage_over() -> bool:  # a restart's worth of time, and moves sent meanwhile
            now = time.monotonic()
            return now - start >= REDIS_DOWN and bool(players.sent_between(start, now))

        wait_until(outage_over, 20, what="a person's move sent while Redis is down")
        fault_redis.start()
        back = time.monotonic()
        seconds = seconds_until_all_moved(tables, back)
        # The server's subscriptions outlive the restart: a socket opened before it gets
        # the versions made after it (a channel layer that lost them would send nothing).
        stored = versions(tables)[ws.table.game_id][0]
        assert _sent_version_above(ws, stored), "a socket lost its broadcasts to the restart"
    assert stack.child(AI_WORKER) == worker, "the worker did not survive the broker restart"
    assert stack.child("beat") == beat, "beat did not survive the broker restart"
    _no_move_lost_or_twice("redis restarted", start, back, seconds, stack, players, tables)


def test_the_worker_killed_and_started_again_by_the_stack(stack, tables):
    with Players(stack.base, tables) as players:
        seconds_until_all_moved(tables, time.monotonic(), WARM_UP)
        ready = stack.output().count(" ready.")
        start = time.monotonic()
        killed = stack.kill(AI_WORKER)
        wait_until(lambda: stack.output().count(" ready.") > ready, BACK, what="a new worker")
        back = time.monotonic()
        seconds = seconds_until_all_moved(tables, back)
    assert stack.restarted(AI_WORKER, killed)
    _no_move_lost_or_twice("worker killed", start, back, seconds, stack, players, tables)


# SQLite (`make test` with nothing configured) has no server whose connections could be
# terminated; CI runs this on PostgreSQL, and refuses any skipped test.
@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="a PostgreSQL fault: set DATABASE_URL to run it"
)
def test_the_apps_database_connections_terminated(stack, tables):
    with Players(stack.base, tables) as players:
        seconds_until_all_moved(tables, time.monotonic(), WARM_UP)
        start = time.monotonic()
        terminated = 0
        while time.monotonic() - start < DB_FAULT:
            terminated += _terminate_the_apps_connections()
            time.sleep(0.05)
        back = time.monotonic()
        seconds = seconds_until_all_moved(tables, back)
    assert terminated, "no connection of the app was terminated"
    fault = "database connections terminated"
    _no_move_lost_or_twice(fault, start, back, seconds, stack, players, tables)


def test_the_server_killed_with_moves_in_flight_and_started_again(stack, tables):
    with Players(stack.base, tables) as players:
        seconds_until_all_moved(tables, time.monotonic(), WARM_UP)
        players.posting.clear()
        assert players.posting.wait(10), "no move was sent"
        start = time.monotonic()
        killed = stack.kill("uvicorn")

        def serving() -> bool:
            return stack.restarted("uvicorn", killed) and http_ok(stack.base + "/")

        wait_until(serving, BACK, what="a new server")
        back = time.monotonic()
        seconds = seconds_until_all_moved(tables, back)
    _no_move_lost_or_twice("server killed", start, back, seconds, stack, players, tables)


@contextlib.contextmanager
def watching(base: str, tables):
    """The game socket of a person at a people table, its greeting read."""
    table = next(t for t in tables if t.kind == "people")
    with connect(
        base.replace("http", "ws", 1) + f"/ws/games/{table.game_id}/",
        origin=base,
        subprotocols=["token", table.tokens[0]],
        open_timeout=10,
    ) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "game"
        ws.table = table
        yield ws


def _sent_version_above(ws, version: int) -> bool:
    """Whether the socket sends a version above `version` within RECOVERY seconds."""
    deadline = time.monotonic() + RECOVERY
    while (left := deadline - time.monotonic()) > 0:
        try:
            message = json.loads(ws.recv(timeout=left))
        except TimeoutError:
            return False
        if message["type"] == "game" and message["version"] > version:
            return True
    return False


def _terminate_the_apps_connections() -> int:
    """Terminates the connections to this test's database only, except this process's."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


def _no_move_lost_or_twice(fault, start, back, seconds, stack, players, tables) -> None:
    """Sends the moves around the fault again, stops the stack, checks every game."""
    retried = retries_get_the_first_answer(players, start - 2, time.monotonic())
    stack.stop()  # the games are checked at rest, not while the AI plays on
    lost, unaccounted = check_games(tables, players.moves)
    print(
        f"\nFAULT {fault}: back {back - start:.1f}s after the fault began; every game moved "
        f"again {seconds:.1f}s later ({back - start + seconds:.1f}s after the fault began); "
        f"{len(players.moves)} moves sent by people, {retried} sent again with the same key "
        f"got their first answer; lost {len(lost)}, applied without their answer "
        f"{len(unaccounted)}"
    )
    assert not lost, f"moves answered 200 but not in the log: {lost}"
    assert not unaccounted, f"moves applied but not answered 200: {unaccounted}"
