"""The contract of barkside/adapters/django_orm.py: Django still has, and still uses, the
internals it relies on. Each test fails if Django drops or renames one of them (setting a
renamed private attribute would raise nothing: these tests look at what it does)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from barkside.adapters import django_orm
from games.models import Game, PlayerSettings, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob):
    """A game with alice in seat 0, bob in seat 1, and an AI in seat 2; and another game
    whose seats have the same numbers."""
    game = Game.objects.create(players=3, time_per_move=60, state={"turn": 1, "hands": [[1]]})
    Seat.objects.create(game=game, number=0, user=alice)
    Seat.objects.create(game=game, number=1, user=bob)
    Seat.objects.create(game=game, number=2, ai_level="normal")
    other = Game.objects.create(players=3, time_per_move=60)
    Seat.objects.create(game=other, number=1, user=alice)
    return game


def seats_of(game) -> list[Seat]:
    return list(Seat.objects.filter(game=game).order_by("number"))


def queries(action) -> int:
    with CaptureQueriesContext(connection) as captured:
        action()
    return len(captured)


def test_row_converters_read_raw_columns_as_a_queryset_does(game):
    fields = Game._meta.concrete_fields
    converters = django_orm.row_converters(Game, fields, "g", connection.alias)
    columns = ", ".join(f"g.{connection.ops.quote_name(f.column)}" for f in fields)
    table = connection.ops.quote_name(Game._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns} FROM {table} g WHERE g.id = %s", [game.pk])
        values = list(cursor.fetchone())
    for position, (functions, expression) in converters:
        for function in functions:
            values[position] = function(values[position], expression, connection)
    read, expected = Game.from_db(connection.alias, None, values), Game.objects.get(pk=game.pk)
    assert converters  # the game's state is JSON text, converted on reading
    assert {f.attname: getattr(read, f.attname) for f in fields} == {
        f.attname: getattr(expected, f.attname) for f in fields
    }
    assert read.state == {"turn": 1, "hands": [[1]]}


def test_a_related_setter_keeps_a_seats_person_in_memory(game, alice):
    seat = Seat.objects.get(game=game, number=0)
    django_orm.related_setter(Seat.user.field)(seat, alice)
    assert queries(lambda: seat.user) == 0
    assert seat.user is alice


def test_a_related_setter_keeps_a_persons_game_settings_or_none_in_memory(alice, bob):
    keep = django_orm.related_setter(PlayerSettings.user.field.remote_field)
    chosen = PlayerSettings(user=alice)
    alice = type(alice).objects.get(pk=alice.pk)
    bob = type(bob).objects.get(pk=bob.pk)
    keep(alice, chosen)
    keep(bob, None)
    assert queries(lambda: alice.game_settings) == 0
    assert alice.game_settings is chosen

    def settings_of_bob():
        with pytest.raises(PlayerSettings.DoesNotExist):
            _ = bob.game_settings

    assert queries(settings_of_bob) == 0


def test_prefetched_seats_come_back_without_a_query(game):
    rows, read = seats_of(game), Game.objects.get(pk=game.pk)
    django_orm.set_prefetched(read, "seats", Seat.objects.all(), rows, game_id=game.pk)
    assert django_orm.prefetched(read, "seats")
    got = []
    assert queries(lambda: got.extend([*read.seats.all(), read.seats.count()])) == 0
    assert got[:3] == rows and all(a is b for a, b in zip(got, rows, strict=False))
    assert got[3] == 3


def test_prefetched_seats_keep_their_filter_deferred_until_narrowed(game, alice):
    read = Game.objects.get(pk=game.pk)
    django_orm.set_prefetched(read, "seats", Seat.objects.all(), seats_of(game), game_id=game.pk)
    kept = read.seats.all()
    assert kept._deferred_filter is not None and not kept._query.where  # not compiled yet
    # Narrowed, it asks the database, about this game's seats only.
    assert [s.number for s in read.seats.filter(user=alice)] == [0]


def test_prefetched_seats_do_not_prefetch_again(game):
    """`_prefetch_done`: a queryset with lookups to prefetch, its results set, asks nothing."""
    rows, read = seats_of(game), Game.objects.get(pk=game.pk)
    prefetching = Seat.objects.prefetch_related("user")
    django_orm.set_prefetched(read, "seats", prefetching, rows, game_id=game.pk)
    assert queries(lambda: list(read.seats.all())) == 0


def test_prefetched_sees_what_prefetch_related_leaves(game):
    assert django_orm.prefetched(Game.objects.prefetch_related("seats").get(pk=game.pk), "seats")
    assert not django_orm.prefetched(Game.objects.get(pk=game.pk), "seats")


def test_forgotten_seats_are_read_again(game):
    read = Game.objects.prefetch_related("seats").get(pk=game.pk)
    django_orm.forget_prefetched(read, "seats")
    assert not django_orm.prefetched(read, "seats")
    assert queries(lambda: list(read.seats.all())) == 1
    django_orm.forget_prefetched(Game.objects.get(pk=game.pk), "seats")  # none: nothing to do


def test_insert_missing_inserts_what_a_query_selects_and_leaves_what_conflicts(game, alice):
    from notifications.models import PlannedDigest

    PlannedDigest.objects.create(user=alice, due=game.created)
    seats = Seat.objects.filter(user__isnull=False).values_list("user_id", "game__created")
    assert django_orm.insert_missing(PlannedDigest, ["user", "due"], seats.distinct()) == 1
    planned = dict(PlannedDigest.objects.values_list("user_id", "due"))
    assert len(planned) == 2 and planned[alice.pk] == game.created  # alice's kept, bob's in
    assert queries(lambda: django_orm.insert_missing(PlannedDigest, ["user", "due"], seats)) == 1


def test_insert_new_tells_which_rows_it_wrote(game, alice, bob):
    from notifications.models import ReminderSent

    def sent(user, slot):
        return ReminderSent(user=user, game=game, deadline=game.created, slot=slot)

    ReminderSent.objects.create(user=alice, game=game, deadline=game.created, slot="half")
    wrote = django_orm.insert_new(
        [sent(alice, "start"), sent(alice, "half"), sent(bob, "half")], ["user", "slot"]
    )
    assert sorted(wrote) == [(alice.pk, "start"), (bob.pk, "half")]
    assert ReminderSent.objects.filter(game=game).count() == 3
    assert django_orm.insert_new([sent(bob, "half")], ["user", "slot"]) == []
    assert django_orm.insert_new([sent(bob, "last")], ["user", "slot"]) == [(bob.pk, "last")]
    assert django_orm.insert_new([], ["slot"]) == []
