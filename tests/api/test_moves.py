"""Moves through the API: every refusal has its code and status, and changes nothing.

Positions are reached with people at every seat (each with their own client) and a
deal chosen by `seed_where`, so the move that triggers a given rule is always there.
"""

import json

import pytest

from games import engine
from tests.helpers import client_for

from .conftest import (
    finished_table,
    get,
    human_table,
    move,
    open_table,
    pass_all,
    seed_where,
    snapshot,
    state,
    version,
)


def assert_error_shape(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content
    error = response.json()
    assert {"code", "detail", "fields"} <= set(error), error
    assert error["code"] == code, error
    assert isinstance(error["detail"], str) and error["detail"]
    assert isinstance(error["fields"], dict)
    return error


def assert_refused(game_id, clients, client, body: dict, code: str, status: int = 400):
    """POST `body` as a move: refused with `code`, and nobody sees anything change."""
    before = snapshot(game_id, clients)
    response = client.post(f"/api/games/{game_id}/moves", body, format="json")
    assert_error_shape(response, status, code)
    assert snapshot(game_id, clients) == before


def at(game_id) -> int:
    return version(game_id)


@pytest.fixture
def trio(alice, bob, carol):
    return [alice, bob, carol]


def tricks_table(trio, predicate=lambda s: True):
    """A 3-seat human table past its passes, on a deal where `predicate(state)` holds."""
    game_id, clients = human_table(trio, seed=seed_where(3, predicate, after_passes=True))
    pass_all(game_id, clients)
    s = state(game_id)
    leader = s["turn"]
    return game_id, clients, leader, (leader + 1) % 3, s["hands"]


def has_pair(hand) -> bool:
    return any(hand.count(c) >= 2 for c in hand)


# --- the rules' refusals ---------------------------------------------------------------


def test_playing_below_the_trick_is_too_low(trio):
    def next_seat_holds_lower(s):
        leader = s["turn"]
        return min(s["hands"][(leader + 1) % 3]) < max(s["hands"][leader])

    game_id, clients, leader, nxt, hands = tricks_table(trio, next_seat_holds_lower)
    assert move(clients[leader], game_id, "play", [max(hands[leader])]).status_code == 200
    body = {"kind": "play", "cards": [min(hands[nxt])], "version": at(game_id)}
    assert_refused(game_id, clients, clients[nxt], body, "too_low")


def test_leading_a_set_before_the_first_tail_tuck_is_sets_locked(trio):
    game_id, clients, leader, _, hands = tricks_table(
        trio, lambda s: has_pair(s["hands"][s["turn"]])
    )
    pair = next([c, c] for c in hands[leader] if hands[leader].count(c) >= 2)
    body = {"kind": "play", "cards": pair, "version": at(game_id)}
    assert_refused(game_id, clients, clients[leader], body, "sets_locked")


def test_tucking_other_than_the_lowest_cards_is_tuck_not_lowest(trio):
    def next_seat_has_two_strengths(s):
        hand = s["hands"][(s["turn"] + 1) % 3]
        return min(hand) != max(hand)

    game_id, clients, leader, nxt, hands = tricks_table(trio, next_seat_has_two_strengths)
    assert move(clients[leader], game_id, "play", [min(hands[leader])]).status_code == 200
    body = {"kind": "tuck", "cards": [max(hands[nxt])], "version": at(game_id)}
    assert_refused(game_id, clients, clients[nxt], body, "tuck_not_lowest")


def test_passing_three_cards_is_wrong_count(trio):
    game_id, clients = human_table(trio)
    hand = state(game_id)["hands"][0]
    body = {"kind": "pass", "cards": hand[:3], "version": at(game_id)}
    assert_refused(game_id, clients, clients[0], body, "wrong_count")


def test_following_a_single_with_a_pair_is_wrong_count(trio):
    game_id, clients, leader, nxt, hands = tricks_table(
        trio, lambda s: has_pair(s["hands"][(s["turn"] + 1) % 3])
    )
    assert move(clients[leader], game_id, "play", [min(hands[leader])]).status_code == 200
    pair = next([c, c] for c in hands[nxt] if hands[nxt].count(c) >= 2)
    body = {"kind": "play", "cards": pair, "version": at(game_id)}
    assert_refused(game_id, clients, clients[nxt], body, "wrong_count")


def test_playing_no_card_is_invalid_as_the_schema_says(trio):
    game_id, clients, leader, _, _ = tricks_table(trio)
    body = {"kind": "play", "cards": [], "version": at(game_id)}
    assert_refused(game_id, clients, clients[leader], body, "invalid")


def test_passing_cards_one_was_not_dealt_is_cards_not_in_hand(trio):
    def seat_0_lacks_a_strength(s):
        return len(set(s["hands"][0])) < s["max_strength"]

    game_id, clients = human_table(trio, seed=seed_where(3, seat_0_lacks_a_strength))
    s = state(game_id)
    missing = next(c for c in range(1, s["max_strength"] + 1) if c not in s["hands"][0])
    body = {"kind": "pass", "cards": [missing, missing], "version": at(game_id)}
    assert_refused(game_id, clients, clients[0], body, "cards_not_in_hand")


def test_playing_a_card_one_does_not_hold_is_cards_not_in_hand(trio):
    game_id, clients, leader, _, hands = tricks_table(
        trio, lambda s: len(set(s["hands"][s["turn"]])) < s["max_strength"]
    )
    missing = next(c for c in range(1, 11) if c not in hands[leader])
    body = {"kind": "play", "cards": [missing], "version": at(game_id)}
    assert_refused(game_id, clients, clients[leader], body, "cards_not_in_hand")


def test_playing_out_of_turn_is_not_your_turn(trio):
    game_id, clients, leader, nxt, hands = tricks_table(trio)
    body = {"kind": "play", "cards": [min(hands[nxt])], "version": at(game_id)}
    assert_refused(game_id, clients, clients[nxt], body, "not_your_turn")


def test_the_leader_tucking_is_leader_cannot_tuck(trio):
    game_id, clients, leader, _, _ = tricks_table(trio)
    body = {"kind": "tuck", "version": at(game_id)}
    assert_refused(game_id, clients, clients[leader], body, "leader_cannot_tuck")


def test_playing_two_strengths_at_once_is_mixed_strengths(trio):
    game_id, clients, leader, _, hands = tricks_table(
        trio, lambda s: len(set(s["hands"][s["turn"]])) >= 2
    )
    cards = sorted(set(hands[leader]))[:2]
    body = {"kind": "play", "cards": cards, "version": at(game_id)}
    assert_refused(game_id, clients, clients[leader], body, "mixed_strengths")


def test_passing_twice_in_a_round_is_already_passed(trio):
    game_id, clients = human_table(trio)
    legal = get(clients[0], game_id)["view"]["legal_moves"]
    assert move(clients[0], game_id, "pass", legal[0]["cards"]).status_code == 200
    body = {"kind": "pass", "cards": legal[1]["cards"], "version": at(game_id)}
    assert_refused(game_id, clients, clients[0], body, "already_passed")


def test_playing_while_passing_is_wrong_phase(trio):
    game_id, clients = human_table(trio)
    card = state(game_id)["hands"][0][0]
    body = {"kind": "play", "cards": [card], "version": at(game_id)}
    assert_refused(game_id, clients, clients[0], body, "wrong_phase")


def test_passing_during_the_tricks_is_wrong_phase(trio):
    game_id, clients, leader, _, hands = tricks_table(trio)
    body = {"kind": "pass", "cards": hands[leader][:2], "version": at(game_id)}
    assert_refused(game_id, clients, clients[leader], body, "wrong_phase")


def test_a_move_in_a_finished_game_is_game_over(trio):
    game_id, clients = finished_table(trio)
    body = {"kind": "tuck", "version": at(game_id)}
    assert_refused(game_id, clients, clients[0], body, "game_over")


def test_a_move_at_a_table_that_has_not_started_is_not_active(alice):
    game_id = open_table(alice)
    client = client_for(alice)
    assert_refused(game_id, [client], client, {"kind": "tuck", "version": 0}, "not_active")


# --- versions and who may move ---------------------------------------------------------


def test_a_stale_version_is_a_conflict_naming_the_current_version(trio):
    game_id, clients, leader, follower, hands = tricks_table(trio)
    stale = at(game_id)
    assert move(clients[leader], game_id, "play", [max(hands[leader])]).status_code == 200
    before = snapshot(game_id, clients)
    response = move(clients[follower], game_id, "play", [max(hands[follower])], version=stale)
    error = assert_error_shape(response, 409, "stale_version")
    assert error["version"] == stale + 1 == at(game_id)
    assert snapshot(game_id, clients) == before


def test_a_version_from_the_future_is_a_conflict(trio):
    game_id, clients = human_table(trio)
    legal = get(clients[0], game_id)["view"]["legal_moves"]
    body = {**legal[0], "version": at(game_id) + 1}
    assert_refused(game_id, clients, clients[0], body, "stale_version", status=409)


def test_a_version_beyond_any_integer_column_is_a_conflict(trio):
    game_id, clients = human_table(trio)
    legal = get(clients[0], game_id)["view"]["legal_moves"]
    body = {**legal[0], "version": 2**70}
    assert_refused(game_id, clients, clients[0], body, "stale_version", status=409)


def test_a_non_player_moving_in_a_public_game_is_not_a_player(trio, outsider):
    game_id, clients = human_table(trio)
    body = {"kind": "pass", "cards": state(game_id)["hands"][0][:2], "version": at(game_id)}
    assert_refused(game_id, clients, client_for(outsider), body, "not_a_player", status=403)


def test_a_non_player_moving_in_a_private_game_is_not_found(trio, outsider):
    game_id, clients = human_table(trio, private=True)
    body = {"kind": "pass", "cards": state(game_id)["hands"][0][:2], "version": at(game_id)}
    assert_refused(game_id, clients, client_for(outsider), body, "not_found", status=404)


def test_a_move_in_a_game_that_does_not_exist_is_not_found(alice):
    response = client_for(alice).post(
        "/api/games/999999/moves", {"kind": "tuck", "version": 0}, format="json"
    )
    assert_error_shape(response, 404, "not_found")


def test_a_legal_move_is_applied_once_and_bumps_the_version(trio):
    game_id, clients = human_table(trio)
    before = at(game_id)
    legal = get(clients[2], game_id)["view"]["legal_moves"]
    response = move(clients[2], game_id, "pass", legal[-1]["cards"])
    assert response.status_code == 200
    game = response.json()
    assert game["version"] == game["view"]["version"] == before + 1 == at(game_id)
    assert game["view"]["passed_cards"] == legal[-1]["cards"]
    assert game["view"]["passed"] == [False, False, True]


# --- bodies that are not moves ---------------------------------------------------------

MOVE = {"kind": "pass", "cards": [1, 2], "version": 1}


MALFORMED = {
    "not-json": ("not json", "malformed"),
    "truncated-json": ('{"kind": "pass", "cards": [1, 2], "version": 1', "malformed"),
    "nan": ('{"kind": "pass", "cards": [1, 2], "version": NaN}', "malformed"),
    "5000-digit-int": ('{"kind": "pass", "version": 1' + "0" * 5000 + "}", "malformed"),
    "not-utf8": (b'{"kind": "pass\xff\xfe"}', "malformed"),
    "nested-100k-deep": ("[" * 100_000 + "]" * 100_000, "malformed"),
    "empty": ("", "invalid"),
    "null": ("null", "invalid"),
    "a-number": ("5", "invalid"),
    "a-string": ('"pass"', "invalid"),
    "a-list": (json.dumps([MOVE]), "invalid"),
    "version-string": (json.dumps({**MOVE, "version": "1"}), "invalid"),
    "version-float": (json.dumps({**MOVE, "version": 1.0}), "invalid"),
    "version-bool": (json.dumps({**MOVE, "version": True}), "invalid"),
    "version-negative": (json.dumps({**MOVE, "version": -1}), "invalid"),
    "version-null": (json.dumps({**MOVE, "version": None}), "invalid"),
    "cards-strings": (json.dumps({**MOVE, "cards": ["1", "2"]}), "invalid"),
    "cards-bools": (json.dumps({**MOVE, "cards": [True, False]}), "invalid"),
    "cards-floats": (json.dumps({**MOVE, "cards": [1.0, 2.0]}), "invalid"),
    "cards-negative": (json.dumps({**MOVE, "cards": [-1, 2]}), "invalid"),
    "cards-zero": (json.dumps({**MOVE, "cards": [0, 2]}), "invalid"),
    "cards-above-12": (json.dumps({**MOVE, "cards": [13, 2]}), "invalid"),
    "cards-huge-int": (json.dumps({**MOVE, "cards": [2**70, 2]}), "invalid"),
    "cards-11": (json.dumps({**MOVE, "cards": [1] * 11}), "invalid"),
    "cards-100k": (json.dumps({**MOVE, "cards": [1] * 100_000}), "invalid"),
    "cards-nested": (json.dumps({**MOVE, "cards": [[1, 2]]}), "invalid"),
    "cards-object": (json.dumps({**MOVE, "cards": {"a": 1}}), "invalid"),
    "cards-string": (json.dumps({**MOVE, "cards": "1,2"}), "invalid"),
    "cards-null": (json.dumps({**MOVE, "cards": None}), "invalid"),
    "kind-unknown": (json.dumps({**MOVE, "kind": "fold"}), "invalid"),
    "kind-list": (json.dumps({**MOVE, "kind": ["pass"]}), "invalid"),
    "unknown-field": (json.dumps({**MOVE, "seat": 1}), "invalid"),
    "unknown-field-case": (json.dumps({**MOVE, "Kind": "pass"}), "invalid"),
    "missing-version": (json.dumps({"kind": "pass", "cards": [1, 2]}), "invalid"),
    "play-without-cards": (json.dumps({"kind": "play", "version": 1}), "invalid"),
    "missing-kind": (json.dumps({"cards": [1, 2], "version": 1}), "invalid"),
    "empty-object": (json.dumps({}), "invalid"),
}


@pytest.mark.parametrize(("body", "code"), MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_body_is_refused_with_the_error_shape(requester, body, code):
    game_id = open_table(requester, players=4)
    clients = [client_for(requester)]
    before = snapshot(game_id, clients)
    response = clients[0].generic(
        "POST", f"/api/games/{game_id}/moves", body, content_type="application/json"
    )
    assert_error_shape(response, 400, code)
    assert snapshot(game_id, clients) == before


def test_unknown_fields_are_named_in_fields(trio):
    game_id, clients = human_table(trio)
    response = clients[0].post(
        f"/api/games/{game_id}/moves", {**MOVE, "seat": 0, "hand": []}, format="json"
    )
    error = assert_error_shape(response, 400, "invalid")
    assert set(error["fields"]) == {"seat", "hand"}


def test_a_form_encoded_move_is_refused_for_its_text_numbers(trio):
    game_id, clients = human_table(trio)
    response = clients[0].post(
        f"/api/games/{game_id}/moves", {"kind": "tuck", "version": str(at(game_id))}
    )
    error = assert_error_shape(response, 400, "invalid")
    assert "version" in error["fields"]


def test_a_body_that_is_not_json_or_a_form_is_unsupported(trio):
    game_id, clients = human_table(trio)
    response = clients[0].generic(
        "POST", f"/api/games/{game_id}/moves", "kind=tuck", content_type="text/plain"
    )
    assert_error_shape(response, 415, "unsupported_media_type")


def test_stateful_moves_keep_working_after_refusals(trio):
    """A refused move leaves no lock or half-written row behind: the next one goes through."""
    game_id, clients = human_table(trio)
    hand = state(game_id)["hands"][0]
    assert move(clients[0], game_id, "pass", hand[:3]).status_code == 400
    assert move(clients[0], game_id, "pass", hand[:2], version=at(game_id) + 5).status_code == 409
    assert move(clients[0], game_id, "pass", hand[:2]).status_code == 200
    assert engine.to_act(state(game_id)) == [1, 2]
