"""The AI levels by name: one policy function per level, all reading only a seat's view."""

import functools
import random
from collections.abc import Callable

from . import guide, hard, search_v1
from .hard import DEFAULT_BUDGET
from .network import swift_policy
from .policies import easy_policy, normal_policy, random_policy

# A policy takes (view, rng, **options) and returns one of view["legal_moves"]. Options:
# `budget` (seconds per decision) and `iterations` (fixed work: the deterministic mode)
# matter to the searching levels only; the other levels ignore them.
Policy = Callable[..., dict]


def searching(search: Callable[..., dict]) -> Policy:
    """A searching level's policy: a move without thinking when there is no choice."""

    def policy(view: dict, rng: random.Random, budget=None, iterations=None, **_) -> dict:
        moves = view["legal_moves"]
        if len(moves) == 1:
            return moves[0]
        return search(view, rng, budget, iterations)["move"]

    return policy


# The searching levels' searches, by level: each returns the move with the figures behind
# it (`bench ai` reads those). `hard` searches with the network's guide at 3 seats
# (`guide.HARD`: the network's cost weighed with the race's); `hard-v1` is the first `hard`
# (flat determinized search); `hard-v2` is `hard` without the guide, the yardstick a guide
# must beat; `hard-net` the guide at every table size, kept to measure it at 4-6 seats
# (at 5 it has not beaten `hard-v2`; docs/ai.md).
SEARCHES: dict[str, Callable[..., dict]] = {
    "hard": functools.partial(hard.search, guide=guide.HARD),
    "hard-v1": search_v1.search,
    "hard-v2": hard.search,
    "hard-net": functools.partial(hard.search, guide=guide.NETWORK),
}

# The levels people may seat at a table, weakest first (the order the new-game form shows).
# `swift` is the learned network alone (`network`): no search, about a millisecond a
# decision, which is why it is also the autopilot.
LEVELS: dict[str, Policy] = {
    "random": random_policy,
    "easy": easy_policy,
    "normal": normal_policy,
    "swift": swift_policy,
    "hard": searching(SEARCHES["hard"]),
}

# Levels kept for measurements only (`simulate`, `bench`, tests), never offered to players:
# the earlier `hard`s, yardsticks of the current one.
COMPARISON_LEVELS: dict[str, Policy] = {
    "hard-v1": searching(SEARCHES["hard-v1"]),
    "hard-v2": searching(SEARCHES["hard-v2"]),
    "hard-net": searching(SEARCHES["hard-net"]),
}

ALL_LEVELS: dict[str, Policy] = {**LEVELS, **COMPARISON_LEVELS}

SEARCHING_LEVELS = tuple(SEARCHES)  # the levels that use `budget` and `iterations`

# The level that moves for a seat whose player timed out, resigned or was shut out: it
# must decide at once (it runs inside the timeout sweep) and play well enough that a
# player's leaving costs the table little.
AUTOPILOT = "swift"

__all__ = [
    "ALL_LEVELS",
    "AUTOPILOT",
    "DEFAULT_BUDGET",
    "LEVELS",
    "SEARCHING_LEVELS",
    "choose_move",
]


def choose_move(
    level: str,
    view: dict,
    rng: random.Random,
    budget: float | None = None,
    iterations: int | None = None,
) -> dict:
    """One of `view["legal_moves"]`, chosen by `level` from the view and `rng` alone."""
    if not view["legal_moves"]:
        raise ValueError(f"seat {view['seat']} has no move to make")
    return ALL_LEVELS[level](view, rng, budget=budget, iterations=iterations)
