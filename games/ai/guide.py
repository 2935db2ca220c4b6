"""What the `swift` network tells `hard`'s search: its own judgement of every move, weighed
with the race's.

The race (`race`) judges the moves by playouts in which every seat plays the normal rule
after the seat's next decision: a model of the table, wrong wherever the table plays
otherwise, and its errors are alike on every deal, so no number of deals removes them.
The network judges from the seat's view alone, with the cost it expects after each move
(`network.Weights.costs`: `q`, learned from what self-play games came to, less a part
for how likely the move is to be `hard`'s choice, learned from `hard`'s searched
decisions), in the cards `value.RoundValue` counts, as the race's costs are. The two err
in different ways, so the search chooses by their sum: each move still in the race at
the end by its mean cost there plus `weight` times the network's cost.

`swift`'s own move never leaves the race (it is the race's `keep`), so a few unlucky
deals cannot drop it before the sum is taken.

A `Guide` is an option of the search, for the table sizes in its `tables`:
`hard.search(..., guide=None)` is the search without the network, decision for decision
(the level `hard-v2`). `hard` searches with `HARD`, the guide at 3 seats, where it took
clearly fewer cards than `hard-v2` on duplicate deals; at 5 seats no guide has, and at 4
it has not been measured (the level `hard-net`, the guide at every table size, is kept to
measure it there; docs/ai.md, "Current figures").
"""

from dataclasses import dataclass

import numpy as np

from .network import WEIGHTS, rate
from .race import Race


@dataclass(frozen=True)
class Advice:
    """The network's word on one view: `swift`'s move and the weighted cost of every move."""

    favourite: int  # an index into `view["legal_moves"]`
    costs: np.ndarray  # per legal move: `weight` x the network's cost in cards

    def choose(self, race: Race) -> int:
        """The move still in `race` of the least mean cost plus weighted network cost (the
        first on a tie, in the order of the legal moves)."""
        return min(race.alive, key=lambda i: race.mean(i) + float(self.costs[i]))


@dataclass(frozen=True)
class Guide:
    """How much the network's cost counts against the race's mean cost (1: alike), at
    which table sizes."""

    weight: float
    tables: frozenset[int] = frozenset(WEIGHTS)  # every table size with a network

    def advise(self, view: dict) -> Advice | None:
        """The network's word, or None at a table size the guide leaves to the race."""
        if view["players"] not in self.tables:
            return None
        costs, favourite = rate(view)
        return Advice(favourite, self.weight * costs)


NETWORK = Guide(weight=1.0)
HARD = Guide(weight=1.0, tables=frozenset({3}))
