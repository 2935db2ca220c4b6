"""Racing moves on shared deals: drop the ones shown worse, stop when one is left.

Both of the `hard` player's searches judge every candidate still in the race on the
same deals (common random numbers): a playout's cost swings by whole doghouses with the
deal, and comparing two moves on the same deals cancels most of that swing. Every
`CHECK_EVERY` deals a candidate whose mean cost is worse than the leader's by more than
`DROP_Z` standard errors of their paired difference leaves the race; when one is left
the decision is clear and the search stops early.
"""

import math
from operator import mul, sub

from . import clock

CHECK_EVERY = 16  # deals between two eliminations
MIN_DEALS = 48  # no candidate leaves the race before this many deals
DROP_Z = 3.0  # how sure the race must be that a candidate is worse (many are compared)
# Nor before the weighted deals are worth this many equal ones: at 5 players a few deals
# often explain the play far better than the rest, and a weighted variance over a handful
# of effective deals can come out near zero and drop a good move on the luck of one deal.
MIN_EFFECTIVE = 16


def next_look(deals: int) -> int:
    """After how many deals the race next looks at its candidates, `deals` being played.

    Every `CHECK_EVERY` deals at first, then about every eighth of the deals so far: a
    look goes over every deal played when the leader has changed, so looks at a fixed
    pace would cost more and more.
    """
    every = max(CHECK_EVERY, 1 << max(0, deals.bit_length() - 4))
    return max(MIN_DEALS, (deals // every + 1) * every)


class Race:
    """The candidates still in the race, their cost on every deal, the deals' weights.

    Deals count by their weights (the inference's importance weights), and a paired
    difference's standard error by the effective number of deals they are worth. Every
    sum a look needs is carried from one look to the next and only extended by the deals
    played since (in the order `sum` adds a list, so to the same last bit): summed afresh
    at every look, they grow with every deal and the race would eat into the playouts.
    """

    def __init__(self, candidates: int, keep: int | None = None):
        self.alive = list(range(candidates))
        # A candidate never dropped, if any: the coach's move played, or `swift`'s move
        # when the network guides the search (`guide`).
        self.keep = keep
        self.costs: list[list[float]] = [[] for _ in range(candidates)]
        self.weights: list[float] = []
        self.deals = self.playouts = 0
        self.look_at = next_look(0)
        self.weighted_costs = [0.0] * candidates  # per candidate: sum of weight x cost
        self.total = self.squares = 0.0  # the weights' sum and their squares' sum
        # (candidate, leader) -> (deals summed, sums of weight x difference and of
        # weight x difference squared): what the candidate was compared with so far.
        self._paired: dict[tuple[int, int], tuple[int, float, float]] = {}

    def running(self, deals: int | None, deadline: float) -> bool:
        """Whether to play another deal: 2+ candidates left, and `deals` or time to spare."""
        if len(self.alive) < 2:
            return False
        if deals is not None:
            return self.deals < deals
        return clock.now() < deadline

    def add_deal(self, weight: float, costs: list[float]) -> None:
        """One deal's `weight` and `costs`, in the order of `alive`; drop the worse if due."""
        weighted_costs = self.weighted_costs
        for i, cost in zip(self.alive, costs, strict=True):
            self.costs[i].append(cost)
            weighted_costs[i] += weight * cost
        self.weights.append(weight)
        self.total += weight
        self.squares += weight * weight
        self.deals += 1
        self.playouts += len(costs)
        if self.deals == self.look_at:
            self.alive = self.survivors()
            self.look_at = next_look(self.deals)

    def winner(self) -> int:
        """The candidate with the lowest weighted cost (all have played the same deals)."""
        return min(self.alive, key=self.weighted_costs.__getitem__)

    def mean(self, i: int) -> float:
        """The weighted mean cost of candidate `i` (still in the race) over every deal."""
        return self.weighted_costs[i] / self.total if self.total > 0 else 0.0

    def survivors(self) -> list[int]:
        """The candidates not shown worse than the leader on the deals they all played."""
        total = self.total
        if total <= 0:
            return self.alive
        effective = total * total / self.squares
        if effective < max(2, MIN_EFFECTIVE):
            return self.alive
        leader = self.winner()
        kept = []
        for i in self.alive:
            if i != leader and i != self.keep:
                weighted, squared = self._paired_sums(i, leader)
                mean = weighted / total
                var = max(0.0, squared / total - mean * mean)
                if mean > DROP_Z * math.sqrt(var / (effective - 1)):
                    continue
            kept.append(i)
        return kept

    def difference(self, i: int, j: int) -> tuple[float, float]:
        """The weighted mean of cost of `i` - cost of `j` over every deal, and its standard
        error (as a look reckons it); both must still be in the race."""
        total = self.total
        if total <= 0 or self.deals < 2:
            return 0.0, math.inf
        effective = total * total / self.squares
        diffs = list(map(sub, self.costs[i], self.costs[j]))
        by_weight = list(map(mul, self.weights, diffs))
        mean = sum(by_weight) / total
        var = max(0.0, sum(map(mul, by_weight, diffs)) / total - mean * mean)
        return mean, math.sqrt(var / (effective - 1)) if effective > 1 else math.inf

    def _paired_sums(self, i: int, leader: int) -> tuple[float, float]:
        """Over every deal: the sums of weight x (cost of `i` - cost of `leader`) and of
        weight x that difference squared."""
        start, weighted, squared = self._paired.get((i, leader), (0, 0, 0))
        diffs = list(map(sub, self.costs[i][start:], self.costs[leader][start:]))
        by_weight = list(map(mul, self.weights[start:], diffs))
        weighted = sum(by_weight, weighted)
        squared = sum(map(mul, by_weight, diffs), squared)
        self._paired[i, leader] = (self.deals, weighted, squared)
        return weighted, squared
