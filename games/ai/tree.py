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
# Deals after which a tree stops keeping its deals' playouts if fewer than this share
# of them were dealt before (`Tree.play`).
RECUR_CHECK = 256
RECUR_SHARE = 0.05


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
        # Late in a round the hidden hands are few and small and the same deals come again
        # and again. The simulator being deterministic, what a deal's playouts came to is
        # kept from its second dealing on (deal -> None when dealt once), for as long as
        # deals do recur: early in a round nearly every deal is new.
        self.dealt: dict[tuple, dict | None] | None = {}
        self.deals = self.repeats = 0

    def play(self, deal: list[list[int]], moves: list[int], grow: bool) -> list[float]:
        """The cost of each root move in `moves` on `deal`, through its tree when `grow`."""
        played = self._kept(deal)
        if grow:
            return [self._walk(deal, i, played) for i in moves]
        costs = []
        for i in moves:  # the tree not grown yet: the normal rule plays on after the move
            hands = deal if played is not None else list(map(list.copy, deal))  # see _play_on
            costs.append(self._play_on(played, (i, None), hands, self.start, self.decisions[i]))
        return costs

    def _kept(self, deal: list[list[int]]) -> dict | None:
        """What is kept of the playouts on `deal`, or None when they are not kept."""
        dealt = self.dealt
        if dealt is None:
            return None
        key = tuple(map(tuple, deal))
        self.deals += 1
        if key in dealt:
            self.repeats += 1
            played = dealt[key]
            if played is None:
                played = dealt[key] = {}
        else:
            played = dealt[key] = None
        if self.deals == RECUR_CHECK and self.repeats < RECUR_SHARE * RECUR_CHECK:
            self.dealt = None
        return played

    def _walk(self, deal: list[list[int]], i: int, played: dict | None) -> float:
        """Root move `i` on `deal`, then the seat's next decision from its node."""
        walk = None if played is None else played.get(i)
        if walk is None:
            hands = list(map(list.copy, deal))
            seen: list[int] = []
            outcome = rollout(hands, *self.start, self.decisions[i], self.seat, seen)
            walk = (outcome, tuple(seen), hands)
            if played is not None:
                played[i] = walk
        outcome, key, hands = walk
        if len(outcome) == 2:  # the round ended before this seat's next move
            return self.value.cost_at_end(outcome)
        below = self.below[i]
        node = below.get(key)
        if node is None:
            if key not in below:
                # Most of what a seat may see is seen once: only a second visit earns a
                # node (building one costs more than the playout); the normal rule plays.
                below[key] = None
                return self._play_on(played, (i, None), hands, outcome, None)
            _, count, top, _, _, unlocked = outcome
            node = below[key] = Node(own_decisions(hands[self.seat], count, top, unlocked))
        j = node.select()
        cost = self._play_on(played, (i, j), hands, outcome, node.decisions[j])
        node.update(j, cost)
        return cost

    def _play_on(
        self, played: dict | None, key: tuple, hands: list, trick: tuple, forced: tuple | None
    ) -> float:
        """The cost of playing on from `hands` and `trick`, `forced` first. `key` is (root
        move, the seat's next decision: its index in its node, None for the normal rule's).
        The hands are used up, unless the deal's playouts are kept (`played`)."""
        if played is None:
            return self.value.cost_at_end(rollout(hands, *trick, forced))
        cost = played.get(key)
        if cost is None:
            outcome = rollout(list(map(list.copy, hands)), *trick, forced)
            cost = played[key] = self.value.cost_at_end(outcome)
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
