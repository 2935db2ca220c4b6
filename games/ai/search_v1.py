"""`hard-v1`, the previous `hard` player, kept as the yardstick of the new one (never
offered to players): determinized Monte Carlo search over the seat's information set.

Each iteration deals the unseen cards once, consistently with everything the seat has
seen (`knowledge.sample_hands`), and plays that deal to the end of the round once per
candidate move, every seat then following the normal rules (`playout`). Judging every
candidate on the same deals (common random numbers) makes the comparison between moves
far sharper than their separate averages would be. The move with the lowest mean round
cost (cards caught, new kinds, a game lost or won) is chosen.

Anytime: it stops at `budget` seconds, or after exactly `iterations` deals when given
(the deterministic mode: the choice then depends only on the view and the rng's seed).
"""

import random

from . import clock
from .hard import DEFAULT_BUDGET
from .heuristic import normal_pass
from .knowledge import read_knowledge, sample_hands
from .playout import Trick, play_out, play_out_from_pass, round_cost

PASS_CANDIDATES_FROM = 5  # passes are searched among pairs of the hand's highest cards


def search(
    view: dict, rng: random.Random, budget: float | None = None, iterations: int | None = None
) -> dict:
    """The chosen move with the figures behind it: mean cost per candidate, deals, playouts."""
    start = clock.now()
    deadline = start + (DEFAULT_BUDGET if budget is None else budget)
    know = read_knowledge(view)
    passing = view["phase"] == "passing"
    candidates = pass_candidates(view) if passing else list(view["legal_moves"])
    play = _pass_playout(view, know.seat) if passing else _trick_playout(view, know.seat)
    doghouses = [list(d) for d in view["doghouses"]]
    totals = [0.0] * len(candidates)
    deals = 0
    # Time is checked after every deal, so a decision overruns its budget by one deal at most.
    while (deals < iterations) if iterations is not None else clock.now() < deadline:
        hands = sample_hands(know, rng)
        for i, move in enumerate(candidates):
            loser, caught = play([list(h) for h in hands], move)
            totals[i] += round_cost(know.seat, loser, caught, doghouses, view["max_strength"])
        deals += 1
    best = min(range(len(candidates)), key=lambda i: totals[i])
    return {
        "move": candidates[best],
        "deals": deals,
        "playouts": deals * len(candidates),
        "mean_cost": [t / deals if deals else 0.0 for t in totals],
        "seconds": clock.now() - start,
    }


def pass_candidates(view: dict) -> list[dict]:
    """Pairs among the highest cards: passing a low card is never worth a playout."""
    top = sorted(view["hand"], reverse=True)[:PASS_CANDIDATES_FROM]
    rule = normal_pass(view["hand"])
    candidates = [m for m in view["legal_moves"] if m["cards"] == rule]
    for move in view["legal_moves"]:
        a, b = move["cards"]
        if move["cards"] != rule and a in top and b in top and (a != b or top.count(a) >= 2):
            candidates.append(move)
    return candidates


def _pass_playout(view: dict, seat: int):
    starter = view["starter"]

    def play(hands, move):
        return play_out_from_pass(hands, seat, move["cards"], starter)

    return play


def _trick_playout(view: dict, seat: int):
    t = view["trick"]
    sets_unlocked = view["sets_unlocked"]

    def play(hands, move):
        trick = Trick(t["leader"], t["count"], t["top"], t["winner"], len(t["moves"]))
        cards = move["cards"]
        first = ("play", cards[0], len(cards)) if move["kind"] == "play" else ("tuck", len(cards))
        return play_out(hands, seat, trick, sets_unlocked, first=first)

    return play
