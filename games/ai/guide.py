"""What the `swift` network tells `hard`'s search before it plays a deal: the moves worth racing.

The race (`race`) plays every candidate on every deal until the clearly worse leave, so
each candidate that starts it costs playouts until it is dropped: at the pass that is
every pair of the hand (20 on average at 3 players, up to 45). One call of the network
(the table size's `swift` network, about a millisecond for every legal move of a pass, well
under one for a trick) ranks them all from the seat's view, by `q` (the cost it expects)
and by its policy logit (trained to pick `hard`'s move). The race then starts with the
best `keep` by either ranking and the normal rule's move, so its deals go to fewer
candidates and fewer poor ones get a lucky lead.

A `Guide` is an option of the search: `hard.search(..., guide=None)` is the search
without the network (the level `hard-v2`), decision for decision; the level `hard-net`
searches with `NETWORK`. `hard` runs without a guide: on duplicate deals no guide tried
has yet made a difference clear of zero (docs/ai.md, "Current figures").
"""

from dataclasses import dataclass

import numpy as np

from .features import encode
from .network import WEIGHTS, network
from .policies import normal_policy


@dataclass(frozen=True)
class Guide:
    """How many moves of each ranking start the race, at the pass and in a trick (None:
    every legal move)."""

    pass_keep: int | None = 5
    trick_keep: int | None = 4

    def entrants(self, view: dict) -> list[int] | None:
        """Indexes into `view["legal_moves"]` that start the race (None: all of them)."""
        moves = view["legal_moves"]
        keep = self.pass_keep if view["phase"] == "passing" else self.trick_keep
        if keep is None or len(moves) <= keep:
            return None
        out = network(WEIGHTS[view["players"]]).outputs(encode(view))
        # argsort is stable: on a tie the earlier move, so a view always gets the same set.
        by_q = np.argsort(out[:, 0], kind="stable")[:keep]
        by_policy = np.argsort(-out[:, 1], kind="stable")[:keep]
        # The normal rule's move always races: the search's own yardstick (its playouts
        # and its tree's prior follow that rule) is never ruled out by the network.
        normal = moves.index(normal_policy(view, None))
        return sorted({normal, *map(int, by_q), *map(int, by_policy)})


NETWORK = Guide()
