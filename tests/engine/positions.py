"""Hand-built positions, moves and game drivers shared by the engine tests.

Seats are named for the people sitting in them, clockwise: ALICE is seat 0, then BOB,
CAROL, DAVE, ERIN and FRANK. Positions are realistic: hands, set-aside cards and
doghouses always make exactly the deck, and hands have the size the deal rule gives.
"""

import random
from collections import Counter

from games.engine import DEALING, OVER, apply, legal_moves, new_game, to_act
from games.engine.rules import begin_round, pool

ALICE, BOB, CAROL, DAVE, ERIN, FRANK = range(6)
ONE_TO_TEN = list(range(1, 11))
LOW_PAIRS = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
HIGH_PAIRS = [6, 6, 7, 7, 8, 8, 9, 9, 10, 10]


def deck_of(max_strength: int) -> list[int]:
    return [s for s in range(1, max_strength + 1) for _ in range(5)]


def minus(cards: list[int], taken: list[int]) -> list[int]:
    """The multiset `cards` without `taken`, which must be part of it."""
    rest = Counter(cards)
    rest.subtract(Counter(taken))
    missing = {c: -k for c, k in rest.items() if k < 0}
    assert not missing, f"cards {missing} are not available"
    return sorted(rest.elements())


# --- moves ----------------------------------------------------------------------------


def pass_(seat: int, *cards: int) -> dict:
    return {"seat": seat, "kind": "pass", "cards": list(cards)}


def play(seat: int, *cards: int) -> dict:
    return {"seat": seat, "kind": "play", "cards": list(cards)}


def tuck(seat: int, *cards: int) -> dict:
    """A tail-tuck; without cards, `run` fills in the seat's lowest cards."""
    return {"seat": seat, "kind": "tuck", "cards": list(cards) if cards else None}


def lowest(state: dict, seat: int) -> list[int]:
    return sorted(state["hands"][seat])[: state["trick"]["count"]]


def run(state: dict, *moves: dict) -> dict:
    """Apply `moves` in order and return the final state."""
    for move in moves:
        if move["kind"] == "tuck" and move["cards"] is None:
            move = {**move, "cards": lowest(state, move["seat"])}
        state, _ = apply(state, move)
    return state


def lead_low_and_tuck(state: dict, tricks: int | None = None) -> dict:
    """Play `tricks` tricks (default: to the end of the round) in which the leader leads
    its lowest card and everybody else tail-tucks. Every hand loses its lowest card per
    trick and the leader keeps the lead."""
    done = 0
    while state["phase"] == "tricks" and (tricks is None or done < tricks):
        leader = state["turn"]
        state = run(state, play(leader, min(state["hands"][leader])))
        for _ in range(state["players"] - 1):
            state = run(state, tuck(state["turn"]))
        done += 1
    return state


# --- positions ------------------------------------------------------------------------


def dealt_position(
    hands: list[list[int]],
    starter: int = ALICE,
    doghouses: list[list[int]] | None = None,
    deck: str | int = "auto",
    seed: str | None = None,
) -> dict:
    """A game whose current round was just dealt `hands` (before passing).

    The rest of the pool is set aside. With a `seed` the game deals its next rounds from
    it; without one it stops in the `dealing` phase after this round.
    """
    n = len(hands)
    state = new_game(n, seed, deck)
    if seed is not None:  # forget the seeded first deal; this position replaces it
        state.update(rounds=[], phase=DEALING, hands=[[] for _ in range(n)])
    if doghouses is not None:
        state["doghouses"] = [sorted(d) for d in doghouses]
    the_pool = pool(state)
    aside = minus(the_pool, [c for h in hands for c in h])
    size = min(10, len(the_pool) // n)
    assert size >= 5, "the game would have ended before this deal"
    assert all(len(h) == size for h in hands), f"the deal rule gives {size} cards each"
    begin_round(state, [sorted(h) for h in hands], aside, starter)
    return state


def passes_into(hands: list[list[int]]) -> tuple[list[list[int]], list[list[int]]]:
    """(dealt hands, passes) such that after the pass each seat holds `hands`.

    Seat i gives its pass to seat i-1, so seat i receives seat i+1's pass; each seat
    is made to receive the two highest cards of `hands[i]`.
    """
    n = len(hands)
    ordered = [sorted(h) for h in hands]
    passes = [ordered[(s - 1) % n][-2:] for s in range(n)]
    dealt = [minus(ordered[s], passes[(s + 1) % n]) + passes[s] for s in range(n)]
    return [sorted(h) for h in dealt], passes


def trick_position(
    hands: list[list[int]],
    starter: int = ALICE,
    doghouses: list[list[int]] | None = None,
    deck: str | int = "auto",
    seed: str | None = None,
) -> dict:
    """A game at the first trick of a round, each seat holding `hands` after the pass."""
    dealt, passes = passes_into(hands)
    state = dealt_position(dealt, starter, doghouses, deck, seed)
    state = run(state, *(pass_(seat, *cards) for seat, cards in enumerate(passes)))
    assert state["hands"] == [sorted(h) for h in hands]
    return state


# --- whole games ----------------------------------------------------------------------


def random_move(state: dict, rng: random.Random) -> dict:
    """A move chosen uniformly among the legal moves of a seat that may act."""
    seat = rng.choice(to_act(state))
    return {"seat": seat, **rng.choice(legal_moves(state, seat))}


def random_game(players: int, seed: str, deck: str | int = "auto", limit: int = 5000):
    """Yield every state of a game played with uniformly random legal moves."""
    rng = random.Random(seed)
    state = new_game(players, seed, deck)
    yield state
    for _ in range(limit):
        if state["phase"] == OVER:
            return
        state, _ = apply(state, random_move(state, rng))
        yield state
    raise AssertionError(f"the game did not end within {limit} moves")


def final_state(players: int, seed: str, deck: str | int = "auto") -> dict:
    *_, last = random_game(players, seed, deck)
    return last


def play_until(players: int, seed: str, stop, deck: str | int = "auto") -> dict:
    """The first state of a random game for which `stop(state)` holds."""
    for state in random_game(players, seed, deck):
        if stop(state):
            return state
    raise AssertionError("the game ended first")
