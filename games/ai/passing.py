"""The new `hard` player's pass: every pair of its hand, raced on shared deals.

A pass decides much of a round, and the best one is often not among the highest cards
(keeping a pair that becomes a set once sets unlock, giving away a lone middle card
instead). So every distinct pair is a candidate. Each deal of the unseen cards plays
every candidate still in the race to the end of the round (the other seats pass and play
by the normal rule), so candidates are compared on the same deals (common random
numbers). Every `CHECK_EVERY` deals, a candidate whose mean cost is worse than the
leader's by more than `DROP_Z` standard errors of their paired difference leaves the
race; when one is left, the decision is clear and the search stops early.
"""

import math
import random
import time

from .heuristic import normal_pass
from .knowledge import read_knowledge, sample_hands
from .playout import exchange_passes
from .simulator import rollout
from .value import RoundValue

CHECK_EVERY = 8  # deals between two eliminations
MIN_DEALS = 16  # no candidate leaves the race before this many deals
DROP_Z = 2.5  # how sure the race must be that a candidate is worse


def search_pass(view: dict, rng: random.Random, deadline: float, max_deals: int | None) -> dict:
    seat, starter = view["seat"], view["starter"]
    know = read_knowledge(view)
    value = RoundValue(seat, view["doghouses"], view["max_strength"])
    candidates = view["legal_moves"]
    alive = list(range(len(candidates)))
    costs: list[list[float]] = [[] for _ in candidates]
    deals = playouts = 0
    while len(alive) > 1:
        if max_deals is not None:
            if deals >= max_deals:
                break
        elif time.perf_counter() >= deadline:
            break
        dealt = sample_hands(know, rng)
        passes = [normal_pass(h) for h in dealt]
        for i in alive:
            passes[seat] = candidates[i]["cards"]
            hands = exchange_passes(dealt, passes)
            first, last = rollout(hands, starter, 0, 0, starter, 0, False)
            costs[i].append(value.cost_at_end(first, last))
        deals += 1
        playouts += len(alive)
        if deals >= MIN_DEALS and deals % CHECK_EVERY == 0:
            alive = _survivors(alive, costs)
    best = min(alive, key=lambda i: sum(costs[i]))
    return {
        "move": candidates[best],
        "deals": deals,
        "playouts": playouts,
        "candidates": len(candidates),
        "left": len(alive),
    }


def _survivors(alive: list[int], costs: list[list[float]]) -> list[int]:
    """The candidates not shown worse than the leader on the deals they all played."""
    leader = min(alive, key=lambda i: sum(costs[i]))
    lead = costs[leader]
    kept = []
    for i in alive:
        diffs = [a - b for a, b in zip(costs[i], lead, strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if i == leader or mean <= DROP_Z * math.sqrt(var / n):
            kept.append(i)
    return kept
