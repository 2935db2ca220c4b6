"""What the `swift` network tells `hard`'s search: its own judgement of every move, weighed
with the race's.

The race (`race`) judges the moves by playouts in which every seat plays the normal rule
after the seat's next decision: a model of the table, wrong wherever the table plays
otherwise, and its errors are alike on every deal, so no number of deals removes them.
The network judges from the seat's view alone, with `q` (the cost the seat should expect
after a move, in the cards `value.RoundValue` counts, as the race's costs are) learned
from `hard`'s searched decisions and from what self-play games came to. The two err in
different ways, so the search chooses by their sum: each move still in the race at the
end by its mean cost there plus `weight` times its `q`. `NETWORK` counts `q` at half the
race's cost: in short duplicate runs at 3 players (150 games each, no interval clear of
zero) a half and a whole weight did alike, and playing `swift`'s move unless the race
showed another 2 standard errors better did worse (docs/ai.md, "Current figures").

`swift`'s own move never leaves the race (it is the race's `keep`), so a few unlucky
deals cannot drop it before the sum is taken.

A `Guide` is an option of the search: `hard.search(..., guide=None)` is the search
without the network, decision for decision (the levels `hard` and `hard-v2`); the level
`hard-net`, kept for measurements, searches with `NETWORK`. On duplicate deals it has not
beaten `hard-v2` (docs/ai.md, "Current figures"), so `hard` runs without it.
"""

from dataclasses import dataclass

import numpy as np

from .network import Q, rate
from .race import Race


@dataclass(frozen=True)
class Advice:
    """The network's word on one view: `swift`'s move and the weighted `q` of every move."""

    favourite: int  # an index into `view["legal_moves"]`
    q: np.ndarray  # per legal move: `weight` x the expected cost

    def choose(self, race: Race) -> int:
        """The move still in `race` of the least mean cost plus weighted `q` (the first on
        a tie, in the order of the legal moves)."""
        return min(race.alive, key=lambda i: race.mean(i) + float(self.q[i]))


@dataclass(frozen=True)
class Guide:
    """How much the network's `q` counts against the race's mean cost (1: alike)."""

    weight: float

    def advise(self, view: dict) -> Advice:
        out, favourite = rate(view)
        return Advice(favourite, self.weight * out[:, Q])


NETWORK = Guide(weight=0.5)
