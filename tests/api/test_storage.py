"""How a move's writes sit in the database: what makes them cheap for PostgreSQL."""

import re

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
