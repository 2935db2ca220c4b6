"""How a move's writes sit in the database: what makes them cheap for PostgreSQL."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import engine
from games.models import Game
from tests.api.conftest import get, human_table, move, pass_all, state


def _indexed_columns(table: str) -> dict[str, set[str]]:
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, table)
    return {
        name: set(details["columns"])
        for name, details in constraints.items()
        if details["index"] or details["unique"] or details["primary_key"]
    }


def test_a_move_changes_no_indexed_column_of_its_game(alice, bob, carol):
    """So PostgreSQL updates the game's row in place (HOT): an indexed column changed makes
    it add an entry to each of the table's indexes, on every move."""
    game_id, clients = human_table([alice, bob, carol])
    pass_all(game_id, clients)
    seat = engine.to_act(state(game_id))[0]
    legal = get(clients[seat], game_id)["view"]["legal_moves"][0]
    with CaptureQueriesContext(connection) as queries:
        response = move(clients[seat], game_id, legal["kind"], legal["cards"])
    assert response.status_code == 200, response.json()
    table = Game._meta.db_table
    (update,) = [q["sql"] for q in queries if q["sql"].startswith(f'UPDATE "{table}" SET')]
    written = set(re.findall(r'"(\w+)" = ', update.split(" WHERE ")[0]))
    assert {"version", "state", "turn_deadline"} <= written
    for index, columns in _indexed_columns(table).items():
        assert not columns & written, f"{index} indexes {columns & written}"


@pytest.mark.skipif(connection.vendor != "postgresql", reason="column compression is PostgreSQL's")
def test_the_state_and_a_keyed_reply_are_compressed_by_lz4_where_the_server_has_it(db):
    """The two large values a move writes (migration games/0009)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'"
        )
        found = cursor.fetchone()
        cursor.execute(
            "SELECT attrelid::regclass::text, attname, attcompression FROM pg_attribute"
            " WHERE (attrelid, attname) IN"
            " (('games_game'::regclass, 'state'), ('games_idempotentmove'::regclass, 'response'))"
        )
        compression = {(table, column): method for table, column, method in cursor.fetchall()}
    expected = "l" if found and found[0] else ""  # "": the server's default
    assert compression == {
        ("games_game", "state"): expected,
        ("games_idempotentmove", "response"): expected,
    }
