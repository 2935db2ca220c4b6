"""What each seat (and a spectator) may see: RULES.md, "What each player may see"."""

import json

import pytest

from games.engine import legal_moves, new_game, past_rounds, seed_commitment, standings, view
from tests.engine.positions import (
    ALICE,
    BOB,
    CAROL,
    HIGH_PAIRS,
    LOW_PAIRS,
    ONE_TO_TEN,
    dealt_position,
    pass_,
    play,
    run,
    trick_position,
    tuck,
)

PRIVATE_KEYS = {"seat", "hand", "passed_cards", "received_cards", "legal_moves"}
HIDDEN_KEYS = {"hands", "aside", "passes"}


def keys_in(value) -> set:
    """Every dict key anywhere inside `value`."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_in(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_in(v)}
    return set()


@pytest.fixture
def dealt() -> dict:
    return dealt_position([LOW_PAIRS, HIGH_PAIRS, ONE_TO_TEN])


def test_a_seat_sees_its_own_hand(running_game):
    for seat in range(running_game["players"]):
        assert view(running_game, seat)["hand"] == running_game["hands"][seat]


def test_a_seat_sees_its_own_legal_moves(running_game):
    for seat in range(running_game["players"]):
        assert view(running_game, seat)["legal_moves"] == legal_moves(running_game, seat)


def test_a_seat_sees_the_two_cards_it_passed(dealt):
    state = run(dealt, pass_(ALICE, 1, 2))
    assert view(state, ALICE)["passed_cards"] == [1, 2]
    assert view(state, BOB)["passed_cards"] is None


def test_while_waiting_for_the_others_a_hand_is_the_dealt_hand_minus_the_pass(dealt):
    state = run(dealt, pass_(ALICE, 1, 2))
    assert view(state, ALICE)["hand"] == [1, 2, 3, 3, 4, 4, 5, 5]
    assert view(state, BOB)["hand"] == HIGH_PAIRS


def test_received_cards_are_seen_only_once_every_seat_has_passed(dealt):
    state = run(dealt, pass_(BOB, 9, 10), pass_(ALICE, 1, 2))
    assert view(state, ALICE)["received_cards"] is None
    assert 9 not in view(state, ALICE)["hand"]
    state = run(state, pass_(CAROL, 5, 6))
    assert view(state, ALICE)["received_cards"] == [9, 10]  # from Bob, on her left
    assert view(state, ALICE)["passed_cards"] == [1, 2]
    assert view(state, CAROL)["received_cards"] == [1, 2]


def test_a_seat_never_sees_another_seats_pass(dealt):
    def alice_sees(carol_pass):
        state = run(dealt, pass_(ALICE, 1, 2), pass_(CAROL, *carol_pass))
        before = view(state, ALICE)
        after = view(run(state, pass_(BOB, 9, 10)), ALICE)
        return before, after

    assert alice_sees([5, 6]) == alice_sees([7, 8])


def test_a_seat_never_sees_another_seats_hand():
    mine = view(dealt_position([LOW_PAIRS, HIGH_PAIRS, ONE_TO_TEN]), ALICE)
    swapped = view(dealt_position([LOW_PAIRS, ONE_TO_TEN, HIGH_PAIRS]), ALICE)
    assert mine == swapped


def test_a_seat_never_sees_the_set_aside_cards():
    mine = view(dealt_position([LOW_PAIRS, HIGH_PAIRS, ONE_TO_TEN]), ALICE)
    bob = [1, 6, 6, 7, 7, 8, 8, 9, 9, 10]  # a 1 from the set-aside cards for a 10
    other = view(dealt_position([LOW_PAIRS, bob, ONE_TO_TEN]), ALICE)
    assert mine == other
    assert mine["aside_count"] == 20


def test_views_hold_no_hidden_fields(running_game):
    for seat in [None, *range(running_game["players"])]:
        assert not keys_in(view(running_game, seat)) & HIDDEN_KEYS


def test_a_spectator_sees_no_hand(running_game):
    public = view(running_game, None)
    assert not set(public) & PRIVATE_KEYS


def test_a_spectator_sees_what_every_seat_sees_in_public(running_game):
    public = view(running_game)
    for seat in range(running_game["players"]):
        seen = view(running_game, seat)
        assert {k: v for k, v in seen.items() if k not in PRIVATE_KEYS} == public


def test_the_public_view_shows_the_table(running_game):
    public = view(running_game)
    rnd = running_game["rounds"][-1]
    assert public["hand_sizes"] == [len(h) for h in running_game["hands"]]
    assert public["doghouses"] == running_game["doghouses"]
    assert public["kinds"] == [len(set(d)) for d in running_game["doghouses"]]
    assert public["aside_count"] == len(rnd["aside"])
    assert public["to_act"] == [running_game["turn"]]
    assert public["sets_unlocked"] == running_game["sets_unlocked"]
    assert public["moves"] == rnd["moves"]
    assert public["round"] == 2
    assert public["starter"] == rnd["starter"]
    assert public["last_round"]["loser"] == running_game["rounds"][0]["loser"]


def test_tucked_cards_are_seen_by_everybody():
    """Decision: tucked cards are discarded face up."""
    state = trick_position([LOW_PAIRS, HIGH_PAIRS, ONE_TO_TEN])
    state = run(state, play(ALICE, 1), tuck(BOB, 6))
    for seat in (None, ALICE, CAROL):
        assert view(state, seat)["trick"]["moves"] == [
            {"seat": ALICE, "play": [1]},
            {"seat": BOB, "tuck": [6]},
        ]


def test_a_finished_round_holds_only_public_fields(running_game):
    (past,) = past_rounds(running_game)
    assert set(past) == {"number", "starter", "moves", "last", "loser", "caught"}
    assert view(running_game)["last_round"] == past


def test_a_view_holds_the_newest_finished_round_only(finished_game):
    rounds = past_rounds(finished_game)
    assert len(rounds) > 1
    assert view(finished_game, 0)["last_round"] == rounds[-1]
    assert "history" not in view(finished_game, 0)


def test_before_the_first_round_ends_there_is_no_last_round():
    state = new_game(3, "no-round-over-yet")
    assert view(state)["last_round"] is None
    assert past_rounds(state) == []


def test_the_seed_is_hidden_while_the_game_runs(running_game):
    for seat in [None, *range(running_game["players"])]:
        seen = view(running_game, seat)
        assert seen["seed"] is None
        assert running_game["seed"] not in json.dumps(seen)
        assert seen["seed_sha256"] == seed_commitment(running_game["seed"])


def test_the_seed_is_shown_once_the_game_is_over(finished_game):
    for seat in [None, *range(finished_game["players"])]:
        assert view(finished_game, seat)["seed"] == finished_game["seed"]


def test_a_finished_game_shows_result_and_standings(finished_game):
    seen = view(finished_game)
    assert seen["result"] == finished_game["result"]
    assert seen["standings"] == standings(finished_game["result"])


def test_a_running_game_shows_no_result(running_game):
    seen = view(running_game)
    assert seen["result"] is None
    assert seen["standings"] is None


def test_a_view_is_plain_json(running_game, finished_game, dealt):
    for state in (running_game, finished_game, dealt):
        for seat in [None, *range(state["players"])]:
            seen = view(state, seat)
            assert json.loads(json.dumps(seen)) == seen


@pytest.mark.parametrize("seat", [-1, 5, True, "0"])
def test_a_seat_outside_the_table_sees_nothing(running_game, seat):
    with pytest.raises(ValueError):
        view(running_game, seat)
    with pytest.raises(ValueError):
        legal_moves(running_game, seat)
