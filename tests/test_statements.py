"""The statements written once per process (barkside/statements.py) write the rows
Django's `create()` and `update()` write, on whichever database the tests run."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from barkside import statements
from games.models import Game, GameDue, GameEvent, IdempotentMove, Seat


def row(model, **where) -> dict:
    found = model.objects.get(**where)
    return {f.attname: getattr(found, f.attname) for f in model._meta.concrete_fields}


@pytest.fixture
def game(db):
    return Game.objects.create(players=3, time_per_move=60)


def test_an_insert_writes_the_row_create_writes(game):
    before = timezone.now()
    statements.insert(
        GameEvent(game=game, version=1, seat=2, kind="play", move={"cards": [3, 3]}, payload=[])
    )
    GameEvent.objects.create(
        game=game, version=2, seat=2, kind="play", move={"cards": [3, 3]}, payload=[]
    )
    inserted, created = row(GameEvent, version=1), row(GameEvent, version=2)
    assert inserted["created"] >= before  # auto_now_add, as save() fills it
    ignored = {"id", "version", "created"}
    assert {k: v for k, v in inserted.items() if k not in ignored} == {
        k: v for k, v in created.items() if k not in ignored
    }
    assert inserted["move"] == {"cards": [3, 3]} and inserted["actor"] == ""


def test_an_upsert_inserts_a_row_then_updates_it_in_place(game):
    due = timezone.now()
    statements.upsert(GameDue(game=game, at=due))
    assert GameDue.objects.get(game=game).at == due
    statements.upsert(GameDue(game=game, at=None))
    assert list(GameDue.objects.values_list("game_id", "at")) == [(game.pk, None)]


def test_an_insert_breaking_a_constraint_raises_djangos_integrity_error(game, django_user_model):
    user = django_user_model.objects.create(username="alice")
    statements.insert(
        IdempotentMove(user=user, key="k", game=game, version=1, response='{"version": 1}')
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        statements.insert(IdempotentMove(user=user, key="k", game=game, version=1, response="{}"))
    assert row(IdempotentMove, key="k")["response"] == '{"version": 1}'


def test_statements_together_write_their_rows_or_raise_what_broke(game, django_user_model):
    """Sent at once (PostgreSQL), answered at the end of the block: a statement's error
    comes out there at the latest, as Django's, and the transaction writes nothing."""
    user = django_user_model.objects.create(username="alice")
    with transaction.atomic(), statements.together():
        statements.insert(IdempotentMove(user=user, key="a", game=game, version=1, response="{}"))
        statements.insert(GameEvent(game=game, version=1, kind="play", payload=[]))
    assert row(IdempotentMove, key="a")["game_id"] == game.pk
    assert GameEvent.objects.filter(game=game, version=1).exists()
    with pytest.raises(IntegrityError), transaction.atomic(), statements.together():
        statements.insert(GameEvent(game=game, version=2, kind="play", payload=[]))
        statements.insert(IdempotentMove(user=user, key="a", game=game, version=1, response="{}"))
    assert not GameEvent.objects.filter(game=game, version=2).exists()


def test_an_update_is_a_compare_and_set(game):
    now = timezone.now()
    values = {"version": 1, "state": {"turn": 0}, "last_move": now, "turn_deadline": None}
    assert statements.update(Game, {"pk": game.pk, "version": 0}, values)() == 1
    assert statements.update(Game, {"pk": game.pk, "version": 0}, {"version": 9})() == 0
    stored = row(Game, pk=game.pk)
    assert stored["version"] == 1 and stored["state"] == {"turn": 0}
    assert stored["last_move"] == now and stored["turn_deadline"] is None


def test_an_update_in_a_pipeline_is_counted_after_it(game):
    """Inside `together()` the row count comes with the block's answers, at its end."""
    with transaction.atomic(), statements.together():
        moved = statements.update(Game, {"pk": game.pk, "version": 0}, {"version": 1})
        stale = statements.update(Game, {"pk": game.pk, "version": 0}, {"version": 2})
        statements.insert(GameEvent(game=game, version=1, kind="play", payload=[]))
    assert (moved(), stale()) == (1, 0)
    assert row(Game, pk=game.pk)["version"] == 1


def test_update_rows_writes_each_rows_own_values(game, django_user_model):
    user = django_user_model.objects.create(username="bob")
    seats = [
        Seat.objects.create(game=game, number=0, user=user),
        *(Seat.objects.create(game=game, number=n, ai_level="random") for n in (1, 2)),
    ]
    now = timezone.now()
    fields = ["to_act", "deadline", "expel_votes"]
    for votes in ([1], [1, 2]):  # the second time from the statement kept for its shape
        first, second, third = seats
        first.to_act, first.deadline, first.expel_votes = True, now, votes
        second.to_act, second.deadline, second.expel_votes = False, None, []
        third.to_act = True  # changed in memory, but not given: stays as stored
        with CaptureQueriesContext(connection) as queries:
            statements.update_rows([first, second], fields)
        if connection.vendor == "postgresql":  # other databases get bulk_update
            assert len(queries) == 1
        stored = [row(Seat, pk=s.pk) for s in seats]
        assert [stored[0][f] for f in ("to_act", "deadline", "expel_votes")] == [True, now, votes]
        assert [stored[1][f] for f in ("to_act", "deadline", "expel_votes")] == [False, None, []]
        assert stored[2]["to_act"] is False
