"""Idempotency-Key: a retried move answers what the first answered, and is applied once."""

import pytest

from games import engine
from games.models import GameEvent

from .conftest import get, human_table, move, pass_all, state, version


def pass_with_key(client, game_id, key, cards, at):
    return move(client, game_id, "pass", cards, version=at, HTTP_IDEMPOTENCY_KEY=key)


@pytest.fixture
def table(alice, bob, carol):
    return human_table([alice, bob, carol])


def first_pass(client, game_id) -> list[int]:
    return get(client, game_id)["view"]["legal_moves"][0]["cards"]


def test_a_retried_move_returns_the_first_response_and_applies_once(table):
    game_id, clients = table
    at, cards = version(game_id), first_pass(clients[0], game_id)
    first = pass_with_key(clients[0], game_id, "move-1", cards, at)
    assert first.status_code == 200, first.json()
    retry = pass_with_key(clients[0], game_id, "move-1", cards, at)
    assert retry.status_code == 200, retry.json()
    assert retry.json() == first.json()
    assert version(game_id) == at + 1
    assert GameEvent.objects.filter(game_id=game_id, version__gt=at).count() == 1


def test_a_retry_after_the_game_moved_on_still_returns_the_first_response(table):
    game_id, clients = table
    at, cards = version(game_id), first_pass(clients[0], game_id)
    first = pass_with_key(clients[0], game_id, "move-1", cards, at)
    assert move(clients[1], game_id, "pass", first_pass(clients[1], game_id)).status_code == 200
    retry = pass_with_key(clients[0], game_id, "move-1", cards, at)
    assert retry.status_code == 200
    assert retry.json() == first.json()
    assert version(game_id) == at + 2


def test_a_key_is_only_shared_by_the_same_person(table):
    game_id, clients = table
    at = version(game_id)
    mine = pass_with_key(clients[0], game_id, "k", first_pass(clients[0], game_id), at)
    assert mine.status_code == 200, mine.json()
    theirs = pass_with_key(clients[1], game_id, "k", first_pass(clients[1], game_id), at + 1)
    assert theirs.status_code == 200, theirs.json()
    assert theirs.json()["your_seat"] == 1
    assert version(game_id) == at + 2


def test_the_same_key_for_another_game_is_refused(alice, bob, carol):
    game_id, clients = human_table([alice, bob, carol])
    other_id, others = human_table([alice, bob, carol])
    at = version(game_id)
    first = pass_with_key(clients[0], game_id, "k", first_pass(clients[0], game_id), at)
    assert first.status_code == 200
    at = version(other_id)
    response = pass_with_key(others[0], other_id, "k", first_pass(others[0], other_id), at)
    assert response.status_code == 422
    error = response.json()
    assert error["code"] == "idempotency_key_reused"
    assert {"code", "detail", "fields"} <= set(error)
    assert version(other_id) == at


def test_a_taken_key_on_a_new_legal_move_answers_the_first_and_changes_nothing(table):
    """The key is looked up only once a move fails or its key is found taken: a legal move
    under a key that already holds an answer is rolled back and gets that answer."""
    game_id, clients = table
    pass_all(game_id, clients)
    seat = engine.to_act(state(game_id))[0]
    legal = get(clients[seat], game_id)["view"]["legal_moves"][0]
    first = move(clients[seat], game_id, legal["kind"], legal["cards"], HTTP_IDEMPOTENCY_KEY="k")
    assert first.status_code == 200, first.json()
    while engine.to_act(state(game_id)) != [seat]:  # round the table to this seat again
        mover = engine.to_act(state(game_id))[0]
        other = get(clients[mover], game_id)["view"]["legal_moves"][0]
        assert move(clients[mover], game_id, other["kind"], other["cards"]).status_code == 200
    at, events = version(game_id), GameEvent.objects.filter(game_id=game_id).count()
    legal = get(clients[seat], game_id)["view"]["legal_moves"][0]
    again = move(clients[seat], game_id, legal["kind"], legal["cards"], HTTP_IDEMPOTENCY_KEY="k")
    assert again.status_code == 200, again.json()
    assert again.json() == first.json()
    assert version(game_id) == at
    assert GameEvent.objects.filter(game_id=game_id).count() == events


@pytest.mark.parametrize("key", ["", "k" * 65, "k" * 1000])
def test_a_key_of_the_wrong_length_is_refused(table, key):
    game_id, clients = table
    at = version(game_id)
    response = pass_with_key(clients[0], game_id, key, first_pass(clients[0], game_id), at)
    assert response.status_code == 400
    assert response.json()["code"] == "bad_idempotency_key"
    assert version(game_id) == at


def test_a_key_of_64_characters_is_accepted(table):
    game_id, clients = table
    at = version(game_id)
    response = pass_with_key(clients[0], game_id, "k" * 64, first_pass(clients[0], game_id), at)
    assert response.status_code == 200, response.json()


def test_a_refused_move_is_not_remembered_under_its_key(table):
    game_id, clients = table
    at, cards = version(game_id), first_pass(clients[0], game_id)
    refused = pass_with_key(clients[0], game_id, "k", cards + cards[:1], at)
    assert refused.status_code == 400
    accepted = pass_with_key(clients[0], game_id, "k", cards, at)
    assert accepted.status_code == 200, accepted.json()
    assert version(game_id) == at + 1
