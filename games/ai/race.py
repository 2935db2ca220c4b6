"""Racing moves on shared deals: drop the ones shown worse, stop when one is left.

Both of the `hard` player's searches judge every candidate still in the race on the
same deals (common random numbers): a playout's cost swings by whole doghouses with the
deal, and comparing two moves on the same deals cancels most of that swing. Every
`CHECK_EVERY` deals a candidate whose mean cost is worse than the leader's by more than
`DROP_Z` standard errors of their paired difference leaves the race; when one is left
the decision is clear and the search stops early.
"""

import math
import time
from operator import mul, sub

CHECK_EVERY = 16  # deals between two eliminations
MIN_DEALS = 48  # no candidate leaves the race before this many deals
DROP_Z = 3.0  # how sure the race must be that a candidate is worse (many are compared)
# Nor before the weighted deals are worth this many equal ones: at 5 players a few deals
# often explain the play far better than the rest, and a weighted variance over a handful
# of effective deals can come out near zero and drop a good move on the luck of one deal.
MIN_EFFECTIVE = 16


def due(deals: int) -> bool:
    """Whether the race looks at its candidates after this many deals.

    Every `CHECK_EVERY` deals at first, then about every eighth of the deals so far: a
    look goes over every deal played, so looks at a fixed pace would cost more and more.
    """
    every = max(CHECK_EVERY, 1 << max(0, deals.bit_length() - 4))
    return deals >= MIN_DEALS and deals % every == 0


def survivors(alive: list[int], costs: list[list[float]], weights: list[float]) -> list[int]:
    """The candidates not shown worse than the leader on the deals they all played.

    Deals count by their `weights` (the inference's importance weights), and the paired
    difference's standard error by the effective number of deals they are worth. (The
    sums run through `map` and `operator`: a look goes over every deal played so far.)
    """
    leader = best(alive, costs, weights)
    lead = costs[leader]
    total = sum(weights)
    if total <= 0:
        return alive
    effective = total * total / sum(map(mul, weights, weights))
    if effective < max(2, MIN_EFFECTIVE):
        return alive
    kept = []
    for i in alive:
        diffs = list(map(sub, costs[i], lead))
        weighted = list(map(mul, weights, diffs))
        mean = sum(weighted) / total
        var = max(0.0, sum(map(mul, weighted, diffs)) / total - mean * mean)
        if i == leader or mean <= DROP_Z * math.sqrt(var / (effective - 1)):
            kept.append(i)
    return kept


def best(alive: list[int], costs: list[list[float]], weights: list[float]) -> int:
    """The candidate with the lowest weighted cost (all have played the same deals)."""
    return min(alive, key=lambda i: sum(map(mul, weights, costs[i])))


class Race:
    """The candidates still in the race, their cost on every deal, the deals' weights."""

    def __init__(self, candidates: int):
        self.alive = list(range(candidates))
        self.costs: list[list[float]] = [[] for _ in self.alive]
        self.weights: list[float] = []
        self.deals = self.playouts = 0

    def running(self, deals: int | None, deadline: float) -> bool:
        """Whether to play another deal: 2+ candidates left, and `deals` or time to spare."""
        if len(self.alive) < 2:
            return False
        if deals is not None:
            return self.deals < deals
        return time.perf_counter() < deadline

    def add_deal(self, weight: float, costs: list[float]) -> None:
        """One deal's `weight` and `costs`, in the order of `alive`; drop the worse if due."""
        for i, cost in zip(self.alive, costs, strict=True):
            self.costs[i].append(cost)
        self.weights.append(weight)
        self.deals += 1
        self.playouts += len(costs)
        if due(self.deals):
            self.alive = survivors(self.alive, self.costs, self.weights)

    def winner(self) -> int:
        return best(self.alive, self.costs, self.weights)
