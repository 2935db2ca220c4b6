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


def race_pass(
    view: dict,
    rng: random.Random,
    deadline: float,
    max_deals: int | None,
    keep: int | None = None,
) -> race.Race:
    """The race of the view's passes (indexes into `legal_moves`), run to its end; `keep`
    is never dropped (the coach compares the pass made with the best; the guide keeps
    `swift`'s pass)."""
    seat, starter = view["seat"], view["starter"]
    know = read_knowledge(view)
    value = RoundValue(seat, view["doghouses"], view["max_strength"])
    candidates = view["legal_moves"]
    right = (seat - 1) % know.players  # the seat this one passes to
    pairs = race.Race(len(candidates), keep)
    while pairs.running(max_deals, deadline):
        dealt = sample_hands(know, rng)
        # The exchange as it is whatever this seat passes, then once per candidate only
        # the two hands its pass changes: the other seats' passes are the same for all.
        exchanged = exchange_passes(
            dealt, [[] if s == seat else normal_pass(h) for s, h in enumerate(dealt)]
        )
        costs = []
        for i in pairs.alive:
            given = candidates[i]["cards"]
            hands = list(map(list.copy, exchanged))
            for card in given:
                hands[seat].remove(card)
            hands[right] = sorted(hands[right] + given)
            costs.append(value.cost_at_end(rollout(hands, starter, 0, 0, starter, 0, False)))
        pairs.add_deal(1.0, costs)  # every deal counts alike: nothing has been played yet
    return pairs
