"""Game records (`barkside-record/1`): export, import, and every way a record can be wrong."""

import copy
import json

import pytest

from games.engine import RECORD_FORMAT, RecordError, apply, from_record, replay, to_act, to_record
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


def rejected(record) -> RecordError:
    with pytest.raises(RecordError) as caught:
        from_record(record)
    return caught.value


def card_lists(value):
    """Every list of ints inside `value`."""
    if isinstance(value, dict):
        for v in value.values():
            yield from card_lists(v)
    elif isinstance(value, list):
        if value and all(type(c) is int for c in value):
            yield value
        for v in value:
            yield from card_lists(v)


@pytest.fixture
def finished(finished_game) -> dict:
    """The record of a finished four-player game, seed included (a private copy)."""
    return copy.deepcopy(to_record(finished_game))


@pytest.fixture
def hand_made() -> dict:
    """The record of a seedless game in its first round, seven moves in:

    0 Alice plays 3, 1 Bob plays 8, 2 Carol plays 9 (wins), 3 Carol leads 1,
    4 Alice tucks 1, 5 Bob plays 6 (wins; sets unlocked), 6 Bob leads 7+7.
    """
    state = trick_position([LOW_PAIRS, HIGH_PAIRS, ONE_TO_TEN])
    state = run(
        state,
        play(ALICE, 3),
        play(BOB, 8),
        play(CAROL, 9),
        play(CAROL, 1),
        tuck(ALICE, 1),
        play(BOB, 6),
        play(BOB, 7, 7),
    )
    return to_record(state)


# --- export and import ----------------------------------------------------------------


def test_a_replay_yields_the_game_before_each_pass_and_move_of_the_record(finished):
    steps = replay(finished)
    seen = []
    while True:
        try:
            r, m, state, made = next(steps)
        except StopIteration as end:
            rebuilt = end.value
            break
        assert made["seat"] in to_act(state)
        rnd = finished["rounds"][r]
        if m is None:
            assert made["cards"] == rnd["passes"][made["seat"]]
        else:
            entry = rnd["moves"][m]
            assert made == {
                "seat": entry["seat"],
                "kind": made["kind"],
                "cards": entry[made["kind"]],
            }
        apply(state, made)  # legal where it is yielded
        seen.append((r, m))
    assert rebuilt == from_record(finished)
    assert to_record(rebuilt) == finished
    expected = [
        (r, m)
        for r, rnd in enumerate(finished["rounds"])
        for m in [None] * len(rnd["passes"]) + list(range(len(rnd["moves"])))
    ]
    assert seen == expected


def test_a_replay_raises_at_the_first_fault_it_reaches(finished):
    finished["rounds"][1]["moves"][0] = {"seat": 9, "play": [1]}
    steps = replay(finished)
    with pytest.raises(RecordError) as caught:
        for r, _, _, _ in steps:
            assert r <= 1
    assert (caught.value.round, caught.value.move) == (1, 0)


def test_a_record_names_its_format_and_game(finished, finished_game):
    assert finished["format"] == RECORD_FORMAT == "barkside-record/1"
    assert finished["players"] == 4
    assert finished["max_strength"] == 10
    assert finished["result"] == finished_game["result"]
    assert finished["seed"] == finished_game["seed"]
    assert finished["seed_sha256"] == finished_game["seed_sha256"]


def test_every_card_list_of_a_record_is_sorted(finished):
    lists = list(card_lists(finished))
    assert lists
    assert all(cards == sorted(cards) for cards in lists)


def test_a_record_can_keep_the_seed_secret(finished_game):
    record = to_record(finished_game, reveal_seed=False)
    assert "seed" not in record
    assert record["seed_sha256"] == finished_game["seed_sha256"]


def test_a_finished_game_round_trips_through_a_json_record(finished, finished_game):
    state = from_record(json.loads(json.dumps(finished)))
    assert state == finished_game
    assert to_record(state) == finished


def test_a_running_game_round_trips_through_a_json_record(running_game):
    record = json.loads(json.dumps(to_record(running_game)))
    assert "result" not in record
    assert "seed" not in record
    state = from_record(record)
    assert state == {**running_game, "seed": None}


def test_a_running_game_with_its_seed_resumes_exactly(running_game):
    record = json.loads(json.dumps(to_record(running_game, reveal_seed=True)))
    assert from_record(record) == running_game


def test_a_game_waiting_for_passes_round_trips():
    state = dealt_position([LOW_PAIRS, HIGH_PAIRS, ONE_TO_TEN])
    state = run(state, pass_(BOB, 6, 10))
    record = to_record(state)
    assert record["rounds"][0]["passes"] == [None, [6, 10], None]
    assert from_record(record) == state


def test_a_record_without_derived_fields_is_valid(finished, finished_game):
    del finished["result"]
    for rnd in finished["rounds"]:
        for field in ("last", "loser", "caught"):
            del rnd[field]
    assert from_record(finished)["result"] == finished_game["result"]


def test_an_importer_ignores_fields_it_does_not_know(finished, finished_game):
    finished.update(seats=["alice", "bob", "carol", "AI 2"], started="2024-01-01", extra=1)
    finished["rounds"][0]["comment"] = "first round"
    finished["rounds"][0]["moves"][0]["thinking_ms"] = 1200
    assert from_record(finished) == finished_game


def test_a_record_with_a_seed_but_no_commitment_is_checked_against_the_seed(finished):
    del finished["seed_sha256"]
    from_record(copy.deepcopy(finished))
    rnd = finished["rounds"][1]
    rnd["hands"][0], rnd["hands"][1] = rnd["hands"][1], rnd["hands"][0]
    rnd["passes"][0], rnd["passes"][1] = rnd["passes"][1], rnd["passes"][0]
    error = rejected(finished)
    assert (error.code, error.round) == ("seed_mismatch", 1)


def test_a_record_error_is_a_value_a_client_can_act_on(finished):
    finished["format"] = "other"
    assert set(rejected(finished).as_dict()) == {"code", "round", "move", "detail"}


# --- the record as a whole ------------------------------------------------------------


@pytest.mark.parametrize(
    "record",
    [
        None,
        [],
        "barkside-record/1",
        {"format": "barkside-record/1", "players": 2, "max_strength": 10, "rounds": [{}]},
        {"format": "barkside-record/1", "players": 3, "max_strength": 11, "rounds": [{}]},
        {"format": "barkside-record/1", "players": 3, "max_strength": 10, "rounds": []},
        {"format": "barkside-record/1", "players": 3, "max_strength": 10},
        {"format": "barkside-record/1", "players": 3, "max_strength": 10, "rounds": [{}]},
    ],
)
def test_a_record_that_is_no_game_is_malformed(record):
    error = rejected(record)
    assert error.code == "malformed"


@pytest.mark.parametrize("fmt", ["barkside-record/2", None, "barkside-state/1"])
def test_a_record_of_another_format_is_refused(finished, fmt):
    finished["format"] = fmt
    assert rejected(finished).code == "bad_format"


def test_a_seed_must_match_its_commitment(finished):
    finished["seed_sha256"] = "0" * 64
    error = rejected(finished)
    assert (error.code, error.round, error.move) == ("seed_mismatch", None, None)


def test_a_seed_must_deal_the_recorded_hands(finished):
    rnd = finished["rounds"][0]
    rnd["hands"][0], rnd["hands"][1] = rnd["hands"][1], rnd["hands"][0]
    error = rejected(finished)
    assert (error.code, error.round) == ("seed_mismatch", 0)


def test_a_seed_must_choose_the_recorded_first_starter(finished):
    rnd = finished["rounds"][0]
    rnd["starter"] = (rnd["starter"] + 1) % 4
    error = rejected(finished)
    assert (error.code, error.round) == ("seed_mismatch", 0)


def test_the_result_must_be_what_the_rules_compute(finished):
    finished["result"]["winners"] = [s for s in range(4) if s not in finished["result"]["winners"]]
    error = rejected(finished)
    assert (error.code, error.round) == ("derived_mismatch", len(finished["rounds"]) - 1)


def test_a_running_game_has_no_result(running_game, finished):
    record = to_record(running_game)
    record["result"] = finished["result"]
    assert rejected(record).code == "derived_mismatch"


def test_no_round_follows_the_end_of_the_game(finished):
    finished["rounds"].append(copy.deepcopy(finished["rounds"][-1]))
    error = rejected(finished)
    assert (error.code, error.round) == ("round_after_end", len(finished["rounds"]) - 1)


def test_a_round_begins_only_after_the_last_one_ended(finished):
    del finished["seed"], finished["seed_sha256"], finished["result"]
    first = finished["rounds"][0]
    for field in ("last", "loser", "caught"):
        del first[field]
    first["moves"] = first["moves"][:5]
    error = rejected(finished)
    assert (error.code, error.round) == ("round_incomplete", 1)


# --- the deal of a round --------------------------------------------------------------


def test_hands_and_aside_must_make_the_deck(finished):
    finished["rounds"][0]["aside"][0] += 1 if finished["rounds"][0]["aside"][0] < 10 else -1
    error = rejected(finished)
    assert (error.code, error.round) == ("wrong_deck", 0)


def test_a_later_deal_must_leave_out_the_doghouse_cards(finished):
    later = finished["rounds"][1]
    later["aside"].append(finished["rounds"][0]["caught"][0])
    error = rejected(finished)
    assert (error.code, error.round) == ("wrong_deck", 1)


def test_hands_must_have_the_size_of_the_deal_rule(finished):
    rnd = finished["rounds"][0]
    for hand in rnd["hands"]:  # 11 cards each: the deal rule gives 10
        hand.append(rnd["aside"].pop())
    error = rejected(finished)
    assert (error.code, error.round) == ("wrong_hand_size", 0)


def test_hands_must_all_have_the_same_size(finished):
    rnd = finished["rounds"][0]
    rnd["hands"][0].append(rnd["hands"][1].pop())
    error = rejected(finished)
    assert (error.code, error.round) == ("wrong_hand_size", 0)


def test_a_later_round_starts_with_the_previous_loser(finished):
    rnd = finished["rounds"][1]
    rnd["starter"] = (finished["rounds"][0]["loser"] + 1) % 4
    error = rejected(finished)
    assert (error.code, error.round) == ("wrong_starter", 1)


def test_a_pass_must_come_from_the_passers_dealt_hand(finished):
    rnd = finished["rounds"][0]
    missing = next(c for c in range(1, 11) if c not in rnd["hands"][2])
    rnd["passes"][2] = [missing, missing]
    error = rejected(finished)
    assert (error.code, error.round, error.move) == ("cards_not_in_hand", 0, None)


def test_a_pass_is_two_cards(finished):
    rnd = finished["rounds"][2]
    rnd["passes"][1] = rnd["passes"][1][:1]
    error = rejected(finished)
    assert (error.code, error.round, error.move) == ("wrong_count", 2, None)


def test_a_pass_that_is_not_a_list_of_cards_is_malformed(finished):
    finished["rounds"][0]["passes"][1] = "ab"
    error = rejected(finished)
    assert (error.code, error.round, error.move) == ("malformed", 0, None)
    assert "seat 1" in error.detail


def test_moves_come_after_every_pass(hand_made):
    hand_made["rounds"][0]["passes"][1] = None
    error = rejected(hand_made)
    assert (error.code, error.round) == ("malformed", 0)


# --- the moves of a round -------------------------------------------------------------


@pytest.mark.parametrize(
    "index, move, code",
    [
        (1, {"seat": CAROL, "play": [8]}, "not_your_turn"),
        (2, {"seat": CAROL, "play": [7]}, "too_low"),
        (1, {"seat": BOB, "play": [8, 8]}, "wrong_count"),
        (0, {"seat": ALICE, "play": [3, 3]}, "sets_locked"),
        (0, {"seat": ALICE, "play": [10]}, "cards_not_in_hand"),
        (0, {"seat": ALICE, "tuck": [1]}, "leader_cannot_tuck"),
        (4, {"seat": ALICE, "tuck": [2]}, "tuck_not_lowest"),
        (6, {"seat": BOB, "play": [7, 8]}, "mixed_strengths"),
    ],
)
def test_an_illegal_move_is_refused_at_its_place(hand_made, index, move, code):
    hand_made["rounds"][0]["moves"][index] = move
    error = rejected(hand_made)
    assert (error.code, error.round, error.move) == (code, 0, index)


@pytest.mark.parametrize(
    "move",
    [
        {"seat": BOB},
        {"seat": BOB, "play": [8], "tuck": [6]},
        {"play": [8]},
        {"seat": "1", "play": [8]},
        [1, "play", [8]],
        {"seat": BOB, "tuck": None},
    ],
)
def test_a_move_that_is_no_play_or_tuck_is_malformed(hand_made, move):
    hand_made["rounds"][0]["moves"][1] = move
    error = rejected(hand_made)
    assert (error.code, error.round, error.move) == ("malformed", 0, 1)


def test_the_hand_made_record_itself_is_valid(hand_made):
    state = from_record(hand_made)
    assert state["turn"] == CAROL
    assert state["trick"]["count"] == 2


def test_an_illegal_move_in_a_later_round_is_located(finished):
    rnd = finished["rounds"][2]
    first = rnd["moves"][0]
    rnd["moves"][0] = {**first, "seat": (first["seat"] + 1) % 4}
    error = rejected(finished)
    assert (error.code, error.round, error.move) == ("not_your_turn", 2, 0)


# --- derived fields ---------------------------------------------------------------------


@pytest.mark.parametrize("field", ["loser", "caught", "last"])
def test_derived_round_fields_must_be_what_the_rules_compute(finished, field):
    rnd = finished["rounds"][1]
    if field == "loser":
        rnd["loser"] = (rnd["loser"] + 1) % 4
    elif field == "caught":
        rnd["caught"] = rnd["caught"][:-1] + [0]
    else:
        rnd["last"] = rnd["last"][1:] + rnd["last"][:1]
    error = rejected(finished)
    assert (error.code, error.round) == ("derived_mismatch", 1)


def test_the_result_may_not_claim_a_different_reason(finished):
    reasons = {"seven-kinds": "deck-exhausted", "deck-exhausted": "seven-kinds"}
    finished["result"]["reason"] = reasons[finished["result"]["reason"]]
    assert rejected(finished).code == "derived_mismatch"


def test_a_seedless_position_replays_from_its_record():
    state = trick_position([ONE_TO_TEN] * 3)
    assert from_record(to_record(state)) == state
