"""The hard player: its simulator is the rules, its inference favours the true hands, its
tree and its pass race keep to their work count, stop early when the choice is clear,
and always return a legal move."""

import random
from collections import Counter

import pytest

from games.ai import choose_move
from games.ai.hard import search
from games.ai.heuristic import normal_pass
from games.ai.inference import Evidence, play_likelihood
from games.ai.knowledge import read_knowledge
from games.ai.playout import Trick, last_cards, play_out
from games.ai.simulator import rollout
from games.engine import apply, new_game, view

from .games_for_tests import normal_game_states


def trick_positions(players: int, seed: str):
    for state, seat in normal_game_states(players, seed):
        if state["phase"] == "tricks":
            yield state, seat


def simulator_trick(state: dict, seat: int) -> tuple:
    """The trick as the simulator takes it: (turn, count, top, winner, moves, unlocked)."""
    t = state["trick"]
    return (seat, t["count"] or 0, t["top"] or 0, t["winner"], t["moves"], state["sets_unlocked"])


def as_decision(move: dict) -> tuple:
    cards = move["cards"]
    return ("tuck", len(cards)) if move["kind"] == "tuck" else ("play", cards[0], len(cards))


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_fast_simulator_ends_rounds_as_the_checked_one_after_any_first_move(players):
    """`playout.play_out` is cross-checked against the engine (test_search); this one
    against it, from every position of normal self-play and a random legal first move."""
    rng = random.Random(players)
    checked = 0
    for state, seat in trick_positions(players, f"fast:{players}"):
        t = state["trick"]
        first = as_decision(rng.choice(view(state, seat)["legal_moves"]))
        trick = Trick(t["leader"], t["count"], t["top"], t["winner"], t["moves"])
        expected = play_out(
            [list(h) for h in state["hands"]], seat, trick, state["sets_unlocked"], first
        )
        hands = [list(h) for h in state["hands"]]
        start = simulator_trick(state, seat)
        first_seat, last = rollout(hands, *start, forced=first)
        assert last_cards([[c] for c in last], first_seat) == expected
        checked += 1
    assert checked > 20


def seat_turns_left(state, seat) -> int:
    """How many more moves `seat` makes this round, every seat playing by the normal rule."""
    rng = random.Random(0)
    rounds, done = len(state["rounds"]), len(state["rounds"][-1]["moves"])
    while state["phase"] == "tricks" and len(state["rounds"]) == rounds:
        s = state["turn"]
        state, _ = apply(state, {"seat": s, **choose_move("normal", view(state, s), rng)})
    return sum(m["seat"] == seat for m in state["rounds"][rounds - 1]["moves"][done:])


def test_a_walk_stopped_at_each_turn_of_a_seat_ends_as_one_rollout():
    """The tree walks the simulator one of its seat's turns at a time: it stops before
    every one of them and ends the round as one uninterrupted run does."""
    for state, seat in list(trick_positions(4, "walk"))[:60]:
        start = simulator_trick(state, seat)
        whole = rollout([list(h) for h in state["hands"]], *start)
        hands = [list(h) for h in state["hands"]]
        trick, stops = start, 0
        while True:
            out = rollout(hands, *trick, stop=seat, log=[])
            if len(out) == 2:
                break
            assert out[0] == seat
            trick, stops = out, stops + 1
        assert out == whole
        assert stops == seat_turns_left(state, seat) - 1


def test_normal_play_makes_the_true_hands_the_likeliest():
    """Every seat plays by the normal rule here, so no deal explains the play better."""
    rng = random.Random(2)
    likeliest = total = 0
    for state, seat in list(trick_positions(3, "likely"))[::2]:
        seen = view(state, seat)
        know = read_knowledge(seen)
        true = play_likelihood(seen, know, state["hands"])
        others = [Evidence(seen, know).deal(rng)[1] for _ in range(32)]
        total += 1
        likeliest += true >= max(others)
    assert likeliest >= 0.9 * total


def test_the_pass_received_tells_of_the_left_hand_neighbours_hand():
    """Before anyone plays, only the pass is seen: the left neighbour passed its highest."""
    rng = random.Random(6)
    ratios = []
    for players in (3, 4, 5):
        for state, seat in trick_positions(players, f"pass:{players}"):
            seen = view(state, seat)
            if seen["moves"]:
                continue
            know = read_knowledge(seen)
            true = play_likelihood(seen, know, state["hands"])
            others = [Evidence(seen, know).deal(rng)[1] for _ in range(32)]
            ratios.append(true / (sum(others) / len(others)))
    assert len(ratios) >= 10
    assert sum(ratios) / len(ratios) > 1.02  # a weak sign (only cards above its pass), yet one


@pytest.mark.parametrize("players", [3, 5])
def test_a_neighbour_that_kept_its_high_cards_at_the_pass_is_not_ruled_out(players):
    """The searching levels often pass middle cards and keep their highest: read as a
    normal pass, that would all but rule out the true deal (a weight of 5% or less per
    card too many above the pass). Here the left neighbour passes its two lowest."""
    rng = random.Random(8)
    ratios = []
    for game in range(12):
        state = new_game(players, f"kept:{players}:{game}")
        seat = 0
        for s in range(players):
            hand = sorted(state["hands"][s])
            cards = hand[:2] if s == seat + 1 else normal_pass(hand)
            state, _ = apply(state, {"seat": s, "kind": "pass", "cards": cards})
        seen = view(state, seat)
        know = read_knowledge(seen)
        true = play_likelihood(seen, know, state["hands"])
        others = [Evidence(seen, know).deal(rng)[1] for _ in range(32)]
        ratios.append(true / max(others))
    assert min(ratios) > 0.2


@pytest.mark.parametrize("players", [3, 5])
def test_weighted_deals_hold_more_of_the_true_cards_than_uniform_ones(players):
    """Inference: in normal self-play, weighting deals by the play seen brings them closer
    to the hands the other seats really hold."""
    rng = random.Random(4)
    weighted = uniform = 0.0
    for state, seat in list(trick_positions(players, f"infer:{players}"))[::3]:
        seen = view(state, seat)
        know = read_knowledge(seen)
        evidence = Evidence(seen, know)
        deals = [evidence.deal(rng) for _ in range(64)]
        held = [_true_cards_held(hands, state["hands"], seat) for hands, _ in deals]
        total = sum(w for _, w in deals)
        weighted += sum(w * h for (_, w), h in zip(deals, held, strict=True)) / total
        uniform += sum(held) / len(held)
    assert weighted > uniform * 1.02


def _true_cards_held(hands, true_hands, seat) -> int:
    return sum(
        sum((Counter(h) & Counter(t)).values())
        for s, (h, t) in enumerate(zip(hands, true_hands, strict=True))
        if s != seat
    )


def test_keeps_to_its_deal_count_and_stops_early_when_the_choice_is_clear():
    early = 0
    for state, seat in list(normal_game_states(3, "work"))[:60]:
        seen = view(state, seat)
        if len(seen["legal_moves"]) < 2:
            continue
        result = search(seen, random.Random(3), iterations=200)
        assert result["move"] in seen["legal_moves"]
        assert result["deals"] <= 200
        if seen["phase"] == "passing":
            assert result["candidates"] == len(seen["legal_moves"])  # every pair races
        early += result["deals"] < 200 and result["left"] == 1
    assert early >= 3


def test_a_time_budget_ends_the_search():
    """No speed is asserted here (see `bench ai`); only that a budget stops it."""
    seen_phases = set()
    for state, seat in normal_game_states(3, "timed-hard"):
        seen = view(state, seat)
        if len(seen["legal_moves"]) > 2 and seen["phase"] not in seen_phases:
            result = search(seen, random.Random(0), budget=0.02)
            assert result["playouts"] >= 1 and result["move"] in seen["legal_moves"]
            seen_phases.add(seen["phase"])
    assert seen_phases == {"passing", "tricks"}
