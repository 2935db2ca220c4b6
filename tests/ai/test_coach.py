"""The coach: it marks a seat's costly decisions from what the seat knew, points at real
decisions of that seat, gives the same analysis of the same record, refuses a bad record
or seat, and judges a decision the same whatever the other seats' hidden cards."""

import copy
import random

import pytest

from games.ai import coach
from games.ai.arena import play_game
from games.engine import RecordError, replay, to_record, view

from .positions import position
from .test_honesty import MOMENTS, SEAT0, hidden_deals, states_for

ITERATIONS = 300  # deals per judged decision here: enough to tell a blunder, quick
RANDOM, HARD = 0, 1  # the seats of the game below


@pytest.fixture(scope="module")
def game() -> dict:
    """A finished 3-player game: `random` at seat 0, `hard` at seat 1, `normal` at seat 2."""
    state = play_game(["random", "hard", "normal"], "coach-test", options={"iterations": 200})
    return to_record(state)


@pytest.fixture(scope="module")
def analyses(game) -> dict:
    return {seat: coach.analyse(game, seat, iterations=ITERATIONS, top=100) for seat in (0, 1)}


def test_the_analysis_says_its_version_seat_and_decisions_judged(game, analyses):
    for seat, analysis in analyses.items():
        assert analysis["version"] == coach.COACH_VERSION
        assert analysis["seat"] == seat
        choices = sum(
            1
            for _, _, state, made in replay(game)
            if made["seat"] == seat and len(view(state, seat)["legal_moves"]) > 1
        )
        assert analysis["judged"] == choices > 10


def test_a_random_seats_blunders_are_marked_and_a_hard_seat_has_few(analyses):
    blunders, hard = analyses[RANDOM]["marks"], analyses[HARD]["marks"]
    assert len(blunders) >= 3  # of 18 decisions: the random seat loses the game early
    assert all(mark["saving"] >= coach.MIN_SAVING for mark in blunders + hard)
    assert all(mark["better"] != mark["played"] for mark in blunders + hard)
    assert sum(m["saving"] for m in blunders) > 3 * sum(m["saving"] for m in hard)
    assert len(hard) < len(blunders) / 2


def test_marks_point_at_decisions_of_the_seat_with_a_legal_better_move(game, analyses):
    views = {
        (r, m, made["seat"]): (view(state, made["seat"]), made)
        for r, m, state, made in replay(game)
    }
    for seat, analysis in analyses.items():
        for mark in analysis["marks"]:
            seen, made = views[mark["round"], mark["move"], seat]  # a decision of this seat
            rnd = game["rounds"][mark["round"]]
            if mark["move"] is None:
                assert mark["played"]["kind"] == "pass"
                assert sorted(rnd["passes"][seat]) == mark["played"]["cards"]
            else:
                entry = rnd["moves"][mark["move"]]
                assert entry["seat"] == seat
                assert entry[mark["played"]["kind"]] == mark["played"]["cards"]
            assert mark["played"] in seen["legal_moves"]
            assert mark["better"] in seen["legal_moves"]


def test_marks_are_the_top_savings_in_the_order_of_the_game(game, analyses):
    every = analyses[RANDOM]["marks"]
    top = coach.analyse(game, RANDOM, iterations=ITERATIONS, top=3)
    assert sorted(m["saving"] for m in top["marks"]) == sorted(m["saving"] for m in every)[-3:]
    places = [(m["round"], -1 if m["move"] is None else m["move"]) for m in top["marks"]]
    assert places == sorted(places)
    assert coach.analyse(game, RANDOM, iterations=ITERATIONS, top=0)["marks"] == []


def test_the_same_record_gives_the_same_analysis(game, analyses):
    again = coach.analyse(copy.deepcopy(game), RANDOM, iterations=ITERATIONS, top=100)
    assert again == analyses[RANDOM]


@pytest.mark.parametrize("seat", [-1, 3, "0", None, 1.0])
def test_a_seat_not_in_the_game_is_refused(game, seat):
    with pytest.raises(ValueError):
        coach.analyse(game, seat)


def test_a_bad_record_is_refused(game):
    with pytest.raises(RecordError):
        coach.analyse({"format": "barkside-record/1"}, 0)
    with pytest.raises(RecordError):
        coach.analyse([], 0)
    tampered = copy.deepcopy(game)
    tampered["rounds"][0]["moves"][0]["seat"] = (tampered["rounds"][0]["moves"][0]["seat"] + 1) % 3
    with pytest.raises(RecordError):
        coach.analyse(tampered, 0)


def test_a_move_that_is_not_legal_cannot_be_judged():
    seen = view(states_for(hidden_deals(1)[0], MOMENTS["leading"]), 0)
    with pytest.raises(ValueError):
        coach.judge(seen, {"kind": "tuck", "cards": [1]}, random.Random(1), 20)


@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_hidden_cards_never_change_a_judgement(moment):
    views = [view(states_for(deal, MOMENTS[moment]), 0) for deal in hidden_deals(4)]
    assert all(v == views[0] for v in views), "the deals must look alike to seat 0"
    for played in (views[0]["legal_moves"][0], views[0]["legal_moves"][-1]):
        judgements = [coach.judge(v, played, random.Random(7), 200) for v in views]
        assert all(j == judgements[0] for j in judgements)


def test_hidden_cards_never_change_the_judgement_of_a_pass():
    views = [
        view(position([SEAT0, seat1, seat2], aside, passes=[], starter=1), 0)
        for seat1, seat2, aside in hidden_deals(4)
    ]
    assert all(v == views[0] for v in views)
    played = {"kind": "pass", "cards": [9, 10]}
    judgements = [coach.judge(v, played, random.Random(7), 100) for v in views]
    assert all(j == judgements[0] for j in judgements)
