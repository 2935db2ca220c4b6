"""A database or Redis that cannot serve a request now (the pool out of connections, a
connection lost, a restart) is answered `unavailable` (503) with when to try again, never
a 500; nothing of the move is applied. The game socket: tests/realtime/test_consumers.py."""

import pytest
from django.db import OperationalError
from redis.exceptions import TimeoutError as RedisTimeout

from games import reads

from .conftest import human_table, move, version


@pytest.fixture
def table(alice, bob, carol):
    return human_table([alice, bob, carol])


@pytest.fixture(
    params=[OperationalError("couldn't get a connection after 10.00 sec"), RedisTimeout()]
)
def out_of_service(request, monkeypatch):
    """The move's first read fails as the pool or Redis would fail it."""

    def fails(*args, **kwargs):
        raise request.param

    monkeypatch.setattr(reads, "game_with_seats", fails)


def test_a_rest_move_is_answered_503_and_changes_nothing(table, out_of_service):
    game_id, clients = table
    at = version(game_id)
    response = move(clients[0], game_id, "pass", [1, 2, 3], version=at)
    assert response.status_code == 503
    assert response["Retry-After"] == "1"
    body = response.json()
    assert (body["code"], body["retry_after"], body["fields"]) == ("unavailable", 1, {})
    assert version(game_id) == at
