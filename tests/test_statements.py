"""The statements written once per process (barkside/statements.py) write the rows
Django's `create()` and `update()` write, on whichever database the tests run."""

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from barkside import statements
from games.models import Game, GameEvent, IdempotentMove


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


def test_an_insert_breaking_a_constraint_raises_djangos_integrity_error(game, django_user_model):
    user = django_user_model.objects.create(username="alice")
    statements.insert(IdempotentMove(user=user, key="k", game=game, response='{"version": 1}'))
    with pytest.raises(IntegrityError), transaction.atomic():
        statements.insert(IdempotentMove(user=user, key="k", game=game, response="{}"))
    assert row(IdempotentMove, key="k")["response"] == '{"version": 1}'


def test_an_update_is_a_compare_and_set(game):
    now = timezone.now()
    values = {"version": 1, "state": {"turn": 0}, "last_move": now, "turn_deadline": None}
    assert statements.update(Game, {"pk": game.pk, "version": 0}, values) == 1
    assert statements.update(Game, {"pk": game.pk, "version": 0}, {"version": 9}) == 0
    stored = row(Game, pk=game.pk)
    assert stored["version"] == 1 and stored["state"] == {"turn": 0}
    assert stored["last_move"] == now and stored["turn_deadline"] is None
