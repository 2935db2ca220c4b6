"""The new hard player's simulator is the rules (Hypothesis): from any position reached by
random legal play, at 3 to 6 players and either deck, `simulator.rollout` ends the round
exactly as the engine does when every seat then plays the normal rule, after any first
move, and from any pass; its move log is the engine's record of the same moves."""

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.ai import choose_move
from games.ai.heuristic import normal_pass
from games.ai.playout import exchange_passes, last_cards
from games.ai.simulator import rollout
from games.engine import OVER, PASSING, TRICKS, apply, new_game, view
from tests.engine.positions import random_move

positions = st.fixed_dictionaries(
    {
        "players": st.integers(3, 6),
        "deck": st.sampled_from(["auto", 50, 60]),
        "seed": st.integers(0, 2**32),
        "moves": st.integers(0, 400),  # random legal moves played before the position
    }
)
quick = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def reach(position: dict, phase: str):
    """The first state in `phase` at or after `moves` random legal moves, with an rng
    (a passing state before anyone has passed)."""
    rng = random.Random(position["seed"])
    state = new_game(position["players"], f"sim-{position['seed']}", position["deck"])
    played = 0
    while state["phase"] != OVER:
        fresh = phase != PASSING or all(p is None for p in state["rounds"][-1]["passes"])
        if state["phase"] == phase and played >= position["moves"] and fresh:
            return state, rng
        state, _ = apply(state, random_move(state, rng))
        played += 1
    assume(False)  # the game ended before such a state: not an example (this raises)


def finish_round(state: dict, rounds: int, rng: random.Random) -> dict:
    """Every seat plays the normal rule to the end of round `rounds` (counted from 1, it
    may have ended already); the round as recorded."""
    while state["phase"] == TRICKS and len(state["rounds"]) == rounds:
        seat = state["turn"]
        state, _ = apply(state, {"seat": seat, **choose_move("normal", view(state, seat), rng)})
    return state["rounds"][rounds - 1]


def assert_same_end(outcome: tuple, recorded: dict) -> None:
    """A rollout's (first seat, last cards) lose the round as the engine recorded it."""
    first, last = outcome
    assert last_cards([[card] for card in last], first) == (recorded["loser"], recorded["caught"])


def simulator_start(state: dict) -> tuple:
    t = state["trick"]
    turn = state["turn"]
    return (turn, t["count"] or 0, t["top"] or 0, t["winner"], t["moves"], state["sets_unlocked"])


def decision(move: dict) -> tuple:
    cards = move["cards"]
    return ("tuck", len(cards)) if move["kind"] == "tuck" else ("play", cards[0], len(cards))


def code(move: dict) -> int:
    """A recorded move as the simulator logs it: strength * 8 + count, or -count a tuck."""
    if "tuck" in move:
        return -len(move["tuck"])
    return move["play"][0] * 8 + len(move["play"])


@quick
@given(positions)
def test_a_rollout_after_any_first_move_ends_the_round_as_the_engine(position):
    state, rng = reach(position, TRICKS)
    seat = state["turn"]
    move = rng.choice(view(state, seat)["legal_moves"])
    hands = [list(h) for h in state["hands"]]
    done = len(state["rounds"][-1]["moves"])
    log: list[int] = []
    first, last = rollout(hands, *simulator_start(state), forced=decision(move), log=log)
    after, _ = apply(state, {"seat": seat, **move})
    recorded = finish_round(after, len(state["rounds"]), rng)
    assert_same_end((first, last), recorded)
    assert log == [code(m) for m in recorded["moves"][done:]]


@quick
@given(positions)
def test_a_rollout_from_any_pass_ends_the_round_as_the_engine(position):
    state, rng = reach(position, PASSING)
    dealt = state["rounds"][-1]["hands"]
    seat = rng.randrange(position["players"])
    passes = [normal_pass(sorted(hand)) for hand in dealt]
    passes[seat] = rng.choice(view(state, seat)["legal_moves"])["cards"]
    for s, cards in enumerate(passes):
        state, _ = apply(state, {"seat": s, "kind": "pass", "cards": cards})
    hands = exchange_passes([sorted(hand) for hand in dealt], passes)
    starter = state["rounds"][-1]["starter"]
    outcome = rollout(hands, starter, 0, 0, starter, 0, False)
    assert_same_end(outcome, finish_round(state, len(state["rounds"]), rng))
