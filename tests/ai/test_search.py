"""The hard player: its deals fit what the seat has seen, its simulator is the engine's
rules, it keeps to its iteration count and always returns a legal move."""

import random
from collections import Counter

import pytest

from games.ai import choose_move
from games.ai.knowledge import read_knowledge, sample_hands
from games.ai.playout import Trick, play_out, play_out_from_pass
from games.ai.search_v1 import search
from games.engine import apply, view
from games.engine.rules import pool

from .games_for_tests import normal_game_states


@pytest.mark.parametrize("players", [3, 5])
def test_every_deal_fits_what_the_seat_has_seen(players):
    rng = random.Random(1)
    for state, seat in normal_game_states(players, f"deals:{players}"):
        seen = view(state, seat)
        know = read_knowledge(seen)
        hands = sample_hands(know, rng)
        assert hands[seat] == seen["hand"]
        assert [len(h) for h in hands] == seen["hand_sizes"]
        for s, hand in enumerate(hands):
            assert all(card >= know.floors[s] for card in hand)
            assert not Counter(know.known[s]) - Counter(hand)
        # The true hidden cards are exactly as many as the unknown ones, and the same cards.
        true_hidden = Counter(pool(state)) - Counter(seen["hand"])
        if seen["phase"] != "passing":
            for entry in seen["moves"]:
                true_hidden -= Counter(entry.get("play") or entry.get("tuck"))
        assert Counter(know.unknown) + Counter(sum(know.known, [])) == true_hidden


def test_the_true_deal_respects_the_inferred_floors_and_known_cards():
    for state, seat in normal_game_states(3, "floors"):
        know = read_knowledge(view(state, seat))
        for s, hand in enumerate(state["hands"]):
            if s != seat and state["phase"] == "tricks":
                assert all(card >= know.floors[s] for card in hand)
                assert not Counter(know.known[s]) - Counter(hand)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_playout_simulator_agrees_with_the_engine(players):
    """From every position of normal self-play, the simulator's round ends as the engine's."""
    checked = 0
    states = list(normal_game_states(players, f"sim:{players}"))
    # The engine's outcome of each round, as normal self-play actually played it.
    final = states[-1][0]
    outcome = {i + 1: (r.get("loser"), r.get("caught")) for i, r in enumerate(final["rounds"])}
    for state, seat in states:
        rnd = len(state["rounds"])
        if outcome[rnd][0] is None:
            continue
        if state["phase"] == "passing":
            if any(p is not None for p in state["rounds"][-1]["passes"]):
                continue
            r = state["rounds"][-1]
            given = choose_move("normal", view(state, seat), random.Random(0))["cards"]
            got = play_out_from_pass(r["hands"], seat, given, r["starter"])
        else:
            t = state["trick"]
            trick = Trick(t["leader"], t["count"], t["top"], t["winner"], t["moves"])
            hands = [list(h) for h in state["hands"]]
            got = play_out(hands, seat, trick, state["sets_unlocked"])
        assert got == outcome[rnd]
        checked += 1
    assert checked > 20


def finish_round_with_engine(state, move):
    """Apply `move`, then normal moves at every seat until the round's last cards."""
    rng = random.Random(0)
    rounds = len(state["rounds"])
    state, _ = apply(state, move)
    while state["phase"] == "tricks" and len(state["rounds"]) == rounds:
        seat = state["turn"]
        state, _ = apply(state, {"seat": seat, **choose_move("normal", view(state, seat), rng)})
    rnd = state["rounds"][rounds - 1]
    return rnd["loser"], rnd["caught"]


def test_the_simulator_agrees_with_the_engine_after_any_first_move():
    """The move the search judges may be any legal one, a tuck beside a possible play too."""
    rng = random.Random(9)
    checked = 0
    for state, seat in normal_game_states(4, "first-move"):
        if state["phase"] != "tricks":
            continue
        move = rng.choice(view(state, seat)["legal_moves"])
        t = state["trick"]
        trick = Trick(t["leader"], t["count"], t["top"], t["winner"], t["moves"])
        cards = move["cards"]
        first = ("play", cards[0], len(cards)) if move["kind"] == "play" else ("tuck", len(cards))
        hands = [list(h) for h in state["hands"]]
        got = play_out(hands, seat, trick, state["sets_unlocked"], first=first)
        assert got == finish_round_with_engine(state, {"seat": seat, **move})
        checked += 1
    assert checked > 20


def test_keeps_to_a_fixed_iteration_count():
    for state, seat in list(normal_game_states(3, "budget"))[:40]:
        seen = view(state, seat)
        if len(seen["legal_moves"]) > 1:
            result = search(seen, random.Random(3), iterations=25)
            assert result["deals"] == 25
            assert result["move"] in seen["legal_moves"]


def test_a_time_budget_ends_the_search():
    """No speed is asserted here (see `bench ai`); only that a budget stops it."""
    for state, seat in normal_game_states(3, "timed"):
        seen = view(state, seat)
        if len(seen["legal_moves"]) > 2:
            result = search(seen, random.Random(0), budget=0.02)
            assert result["deals"] >= 1 and result["move"] in seen["legal_moves"]
            return


@pytest.mark.parametrize("players", [3, 5])
def test_hard_always_returns_a_legal_move(players):
    rng = random.Random(5)
    for state, seat in normal_game_states(players, f"legal:{players}"):
        seen = view(state, seat)
        assert choose_move("hard", seen, rng, iterations=4) in seen["legal_moves"]
