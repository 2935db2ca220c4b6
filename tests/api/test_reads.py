"""The one-statement read of a game with its seats (games/reads.py) gives what the
queryset it replaces gives: the same rows, objects and relations, on any database."""

import gc
import weakref

import pytest
from django.db import connection, transaction
from django.forms.models import model_to_dict
from django.test.utils import CaptureQueriesContext

from games import selectors
from games.models import Game, Seat
from games.reads import game_with_seats
from games.snapshots import Snapshot


def as_queryset(game_id) -> Game:
    return selectors.with_seats(Game.objects.filter(pk=game_id)).get()


def fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def test_the_game_its_seats_by_number_and_their_people_as_the_queryset_reads_them(alice, bob):
    game = Game.objects.create(players=3, time_per_move=60, state={"turn": 1, "hands": [[1]]})
    # Created out of order, one seat without a person: numbers order them, not ids.
    Seat.objects.create(game=game, number=2, user=bob)
    Seat.objects.create(game=game, number=0, ai_level="normal")
    Seat.objects.create(game=game, number=1, user=alice)
    other = Game.objects.create(players=3, time_per_move=60)
    Seat.objects.create(game=other, number=0, user=alice)

    expected, read = as_queryset(game.pk), game_with_seats(game.pk)

    assert fields(read) == fields(expected)
    assert read.state == {"turn": 1, "hands": [[1]]} and read.created.tzinfo is not None
    seats = list(read.seats.all())
    assert [s.number for s in seats] == [0, 1, 2]
    assert [fields(s) for s in seats] == [fields(s) for s in expected.seats.all()]
    assert [s.user and model_to_dict(s.user) for s in seats] == [
        s.user and model_to_dict(s.user) for s in expected.seats.all()
    ]
    assert all(s.game_id == read.pk for s in seats)
    with CaptureQueriesContext(connection) as queries:  # all of it already in memory
        assert [s.user for s in read.seats.all()][0] is None
    assert len(queries) == 0
    # A query from the seats still asks about this game's seats only.
    assert list(read.seats.exclude(user=None).values_list("number", flat=True)) == [1, 2]


def test_a_game_read_is_freed_at_once_not_left_to_the_collector(table, alice):
    """No reference cycle between a game and its seats: the game, and its state with every
    round's moves, go as soon as the move or view that read it is done. Left to the cyclic
    garbage collector, they made a busy web process collect twice as often."""
    read = Snapshot(game_with_seats(table.pk))
    read.view_json(read.seat_of(alice))  # kept with the snapshot
    gone = weakref.ref(read.game)
    gc.disable()
    try:
        del read
        assert gone() is None
    finally:
        gc.enable()


def test_a_game_without_seats_and_a_missing_game(alice):
    game = Game.objects.create(players=3, time_per_move=60)
    read = game_with_seats(game.pk)
    assert read.pk == game.pk and list(read.seats.all()) == []
    assert game_with_seats(game.pk + 1000) is None


def test_the_lock_is_on_the_game_row_where_the_database_locks(alice):
    game = Game.objects.create(players=3, time_per_move=60)
    Seat.objects.create(game=game, number=0, user=alice)
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        read = game_with_seats(game.pk, lock=True)
    assert [s.user_id for s in read.seats.all()] == [alice.pk]
    (sql,) = [q["sql"] for q in queries if q["sql"].startswith("SELECT")]
    if connection.features.has_select_for_update:
        assert sql.endswith("FOR UPDATE OF g")
    else:
        assert "FOR UPDATE" not in sql


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's prepared statements")
def test_a_game_read_again_and_again_is_prepared_on_the_server_once(alice):
    """A move's locked read is planned once per connection, not once per move: planning
    was most of its cost on the server (docs/performance.md, prepared statements)."""
    game = Game.objects.create(players=3, time_per_move=60)
    Seat.objects.create(game=game, number=0, user=alice)
    for _ in range(connection.settings_dict["OPTIONS"]["prepare_threshold"] + 1):
        with transaction.atomic():
            assert game_with_seats(game.pk, lock=True).pk == game.pk
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    assert any("FOR UPDATE OF g" in sql for sql in prepared), prepared
