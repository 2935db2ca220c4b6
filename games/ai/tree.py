"""Information-set Monte Carlo tree search over this seat's own decisions in a round.

Each iteration draws one deal from the inference pool (`inference.DealPool`), walks down
the tree choosing this seat's moves, lets the other seats answer by the normal rule in
that deal, and plays the rest of the round out once it leaves the tree, all of it in
the fast simulator (`simulator.rollout`). A node is one of this seat's information sets: the moves it made and the moves
it saw since the root; so what a node learns is shared by every deal in which this seat
would have seen the same thing, and the search never assumes it could see the cards
(the trap of averaging per-deal best answers). Its moves are chosen by PUCT, with a
prior from the normal rule (the move the fast policy makes gets `PRIOR_NORMAL`).

Values are `value.RoundValue` costs, so the search looks past the round to the game.
"""

import math

from .heuristic import normal_follow, normal_lead
from .simulator import rollout
from .value import RoundValue

PRIOR_NORMAL = 0.5  # share of the prior that goes to the normal rule's move
EXPLORATION = 4.0  # PUCT constant, in doghouse cards (the cost's unit)
# Visits of a move before the tree grows below it: the nodes deeper down are the seat's
# later decisions, worth growing only where the search keeps going (a shallow tree also
# keeps most of each iteration inside the fast simulator).
EXPAND_AFTER = 16
# Own decisions deep in the tree at most: each level costs a step out of the simulator's
# loop, and below the second one they are few and barely visited in a 0.2-1 s budget.
MAX_DEPTH = 2


def own_decisions(hand: list[int], count: int, top: int, unlocked: bool) -> list[tuple]:
    """Every legal decision: ("play", strength, count) or ("tuck", count), as the engine."""
    distinct = sorted(set(hand))
    if count == 0:
        found = [("play", s, 1) for s in distinct]
        if unlocked:
            for s in distinct:
                for k in range(2, min(hand.count(s), len(hand) - 1) + 1):
                    found.append(("play", s, k))
        return found
    found = [("play", s, count) for s in distinct if s >= top and hand.count(s) >= count]
    found.append(("tuck", count))
    return found


class Node:
    __slots__ = ("decisions", "priors", "visits", "totals", "children", "n", "total")

    def __init__(self, decisions: list[tuple], normal: tuple):
        m = len(decisions)
        self.decisions = decisions
        if m == 1:
            self.priors = [1.0]
        else:
            rest = (1 - PRIOR_NORMAL) / (m - 1)
            self.priors = [PRIOR_NORMAL if d == normal else rest for d in decisions]
        self.visits = [0] * m
        self.totals = [0.0] * m
        self.children: list[dict] = [{} for _ in range(m)]
        self.n = 0
        self.total = 0.0

    def select(self) -> int:
        priors = self.priors
        if len(priors) == 1:
            return 0
        n, visits, totals = self.n, self.visits, self.totals
        # Unvisited moves start at the node's mean ("first play urgency"): the prior decides.
        fpu = -self.total / n if n else 0.0
        scale = EXPLORATION * math.sqrt(n + 1)
        best, best_score = 0, -math.inf
        for i in range(len(priors)):
            v = visits[i]
            score = (-totals[i] / v if v else fpu) + scale * priors[i] / (1 + v)
            if score > best_score:
                best, best_score = i, score
        return best


def node_for(hand: list[int], count: int, top: int, unlocked: bool) -> Node:
    normal = normal_lead(hand, unlocked) if count == 0 else normal_follow(hand, count, top)
    return Node(own_decisions(hand, count, top, unlocked), normal)


class Tree:
    """The search from one decision: `iterate` once per deal, `best` at the end."""

    def __init__(self, seat: int, start: tuple, value: RoundValue, root: Node):
        self.seat = seat
        self.start = start  # (turn, count, top, winner, moves, unlocked) at the root
        self.value = value
        self.root = root

    def iterate(self, deal: list[list[int]]) -> None:
        seat = self.seat
        hands = [h[:] for h in deal]
        trick = self.start
        node, path = self.root, []
        while True:
            i = node.select()
            path.append((node, i))
            decision = node.decisions[i]
            if node.visits[i] < EXPAND_AFTER or len(path) > MAX_DEPTH:
                # Leave the tree: the simulator plays the rest of the round out.
                outcome = rollout(hands, *trick, forced=decision)
                break
            seen: list[int] = []
            outcome = rollout(hands, *trick, forced=decision, stop=seat, log=seen)
            if len(outcome) == 2:  # the round ended before this seat's next move
                break
            trick = outcome
            key = tuple(seen)
            child = node.children[i].get(key)
            if child is None:
                _, count, top, _, _, unlocked = trick
                node.children[i][key] = node_for(hands[seat], count, top, unlocked)
                outcome = rollout(hands, *trick)
                break
            node = child
        cost = self.value.cost_at_end(*outcome)
        for node, i in path:
            node.n += 1
            node.total += cost
            node.visits[i] += 1
            node.totals[i] += cost

    def best(self) -> int:
        """The most visited root move (the robust choice); the lower mean cost on a tie."""
        root = self.root
        return max(
            range(len(root.decisions)),
            key=lambda i: (root.visits[i], -root.totals[i] / max(1, root.visits[i])),
        )

    def settled(self, remaining: int) -> bool:
        """True when no root move may overtake the most visited in `remaining` iterations."""
        visits = sorted(self.root.visits, reverse=True)
        return len(visits) < 2 or visits[0] - visits[1] > remaining


def new_tree(view: dict, value: RoundValue) -> tuple[Tree, list[tuple]]:
    """The tree for the view's decision; its root moves follow `view["legal_moves"]`."""
    t = view["trick"]
    count, top = t["count"] or 0, t["top"] or 0
    start = (view["seat"], count, top, t["winner"], len(t["moves"]), view["sets_unlocked"])
    hand = view["hand"]
    decisions = [as_decision(m) for m in view["legal_moves"]]
    normal = normal_lead(hand, start[5]) if count == 0 else normal_follow(hand, count, top)
    return Tree(view["seat"], start, value, Node(decisions, normal)), decisions


def as_decision(move: dict) -> tuple:
    cards = move["cards"]
    if move["kind"] == "tuck":
        return ("tuck", len(cards))
    return ("play", cards[0], len(cards))
