"""The new `hard` player's pass: every pair of its hand, raced on shared deals.

A pass decides much of a round, and the best one is often not among the highest cards
(keeping a pair that becomes a set once sets unlock, giving away a lone middle card
instead). So every distinct pair is a candidate. Each deal of the unseen cards plays
every candidate still in the race to the end of the round (the other seats pass and play
by the normal rule), so candidates are compared on the same deals (common random
numbers) and raced (`race`): the clearly worse leave, and the search stops early when
one is left.
"""

import random

from . import race
from .heuristic import normal_pass
from .knowledge import read_knowledge, sample_hands
from .playout import exchange_passes
from .simulator import rollout
from .value import RoundValue


def search_pass(view: dict, rng: random.Random, deadline: float, max_deals: int | None) -> dict:
    seat, starter = view["seat"], view["starter"]
    know = read_knowledge(view)
    value = RoundValue(seat, view["doghouses"], view["max_strength"])
    candidates = view["legal_moves"]
    pairs = race.Race(len(candidates))
    while pairs.running(max_deals, deadline):
        dealt = sample_hands(know, rng)
        passes = [normal_pass(h) for h in dealt]
        costs = []
        for i in pairs.alive:
            passes[seat] = candidates[i]["cards"]
            hands = exchange_passes(dealt, passes)
            costs.append(value.cost_at_end(rollout(hands, starter, 0, 0, starter, 0, False)))
        pairs.add_deal(1.0, costs)  # every deal counts alike: nothing has been played yet
    return {
        "move": candidates[pairs.winner()],
        "deals": pairs.deals,
        "playouts": pairs.playouts,
        "candidates": len(candidates),
        "left": len(pairs.alive),
    }
