"""The `hard` player's search of a trick move: a race at the root, a tree below it.

Each iteration draws one fresh deal with its weight (`inference.Evidence`) and plays
it once per root move still in the race (`race`: common random numbers, the clearly worse
moves dropped, an early stop when one is left). A pure tree (PUCT at the root) was
tried first and played worse than the flat search it was to replace: with costs that
swing by whole doghouses from deal to deal, a root move that drew one bad deal early was
starved of visits for good; judged on the same deals, moves are compared on their merits.

Below each root move, the seat's next decision is searched too, over information sets:
a node is what the seat would have seen at its next turn (the moves made since, in
order), so what it learns is shared by every deal in which the seat would have seen the
same thing, and the search never plays as if it saw the cards. Its moves are chosen by
UCB1, untried ones first in the order of a prior (the normal rule's move first); after
that decision, and for the other seats throughout, the normal rule plays
(`simulator.rollout`). Values are `value.RoundValue` costs, so the search looks past the round to the game.
"""

import math

from .heuristic import normal_follow, normal_lead
from .simulator import rollout
from .value import RoundValue

# Root visits before a root move grows its tree: the seat's next decision is worth
# searching only under moves the race keeps.
EXPAND_AFTER = 16
# UCB1 constant, in doghouse cards: small, as every try also counts for the root move.
EXPLORATION = 3.0


def own_decisions(hand: list[int], count: int, top: int, unlocked: bool) -> list[tuple]:
    """Every legal decision, the normal rule's first (the prior's order)."""
    distinct = sorted(set(hand))
    if count == 0:
        found = [("play", s, 1) for s in distinct]
        if unlocked:
            for s in distinct:
                for k in range(2, min(hand.count(s), len(hand) - 1) + 1):
                    found.append(("play", s, k))
        normal = normal_lead(hand, unlocked)
    else:
        found = [("play", s, count) for s in distinct if s >= top and hand.count(s) >= count]
        found.append(("tuck", count))
        normal = normal_follow(hand, count, top)
    found.remove(normal)
    return [normal, *found]


class Node:
    """One of the seat's later information sets: its moves with their visits and costs."""

    __slots__ = ("decisions", "visits", "totals", "n")

    def __init__(self, decisions: list[tuple]):
        self.decisions = decisions
        self.visits = [0] * len(decisions)
        self.totals = [0.0] * len(decisions)
        self.n = 0

    def select(self) -> int:
        visits = self.visits
        n = self.n
        if n < len(visits):
            return n  # untried moves first, in the prior's order
        log_n = math.log(n)
        totals = self.totals
        best, best_score = 0, -math.inf
        for i, v in enumerate(visits):
            score = -totals[i] / v + EXPLORATION * math.sqrt(log_n / v)
            if score > best_score:
                best, best_score = i, score
        return best

    def update(self, i: int, cost: float) -> None:
        self.n += 1
        self.visits[i] += 1
        self.totals[i] += cost


class Tree:
    """The search from one decision: `play` once per deal over the moves in the race."""

    def __init__(self, seat: int, start: tuple, value: RoundValue, decisions: list[tuple]):
        self.seat = seat
        self.start = start  # (turn, count, top, winner, moves, unlocked) at the root
        self.value = value
        self.decisions = decisions
        self.below: list[dict] = [{} for _ in decisions]  # per root move: seen -> Node | None

    def play(self, deal: list[list[int]], moves: list[int], grow: bool) -> list[float]:
        """The cost of each root move in `moves` on `deal`, through its tree when `grow`."""
        # Bound once per deal, not once per move: a deal's moves are a few microseconds each.
        cost_at_end, start, decisions = self.value.cost_at_end, self.start, self.decisions
        if not grow:
            return [
                cost_at_end(rollout(list(map(list.copy, deal)), *start, decisions[i]))
                for i in moves
            ]
        return [self._walk(list(map(list.copy, deal)), i) for i in moves]

    def _walk(self, hands: list[list[int]], i: int) -> float:
        """Root move `i` on `hands` (mutated), then the seat's next decision from its node."""
        cost_at_end = self.value.cost_at_end
        seen: list[int] = []
        outcome = rollout(hands, *self.start, self.decisions[i], self.seat, seen)
        if len(outcome) == 2:  # the round ended before this seat's next move
            return cost_at_end(outcome)
        key = tuple(seen)
        below = self.below[i]
        node = below.get(key)
        if node is None:
            if key not in below:
                # Most of what a seat may see is seen once: only a second visit earns a
                # node (building one costs more than the playout); the normal rule plays.
                below[key] = None
                return cost_at_end(rollout(hands, *outcome))
            _, count, top, _, _, unlocked = outcome
            node = below[key] = Node(own_decisions(hands[self.seat], count, top, unlocked))
        j = node.select()
        cost = cost_at_end(rollout(hands, *outcome, node.decisions[j]))
        node.update(j, cost)
        return cost


def new_tree(view: dict, value: RoundValue) -> Tree:
    """The tree for the view's decision; its root moves are `view["legal_moves"]`, in order."""
    t = view["trick"]
    start = (
        view["seat"],
        t["count"] or 0,
        t["top"] or 0,
        t["winner"],
        len(t["moves"]),
        view["sets_unlocked"],
    )
    return Tree(view["seat"], start, value, [as_decision(m) for m in view["legal_moves"]])


def as_decision(move: dict) -> tuple:
    cards = move["cards"]
    if move["kind"] == "tuck":
        return ("tuck", len(cards))
    return ("play", cards[0], len(cards))
