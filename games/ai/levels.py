"""The AI levels by name: one policy function per level, all reading only a seat's view."""

import random
from collections.abc import Callable

from .policies import easy_policy, normal_policy, random_policy
from .search import DEFAULT_BUDGET, hard_policy

# A policy takes (view, rng, **options) and returns one of view["legal_moves"]. Options:
# `budget` (seconds per decision) and `iterations` (fixed deals: the deterministic mode)
# matter to `hard` only; the other levels ignore them.
Policy = Callable[..., dict]

LEVELS: dict[str, Policy] = {
    "random": random_policy,
    "easy": easy_policy,
    "normal": normal_policy,
    "hard": hard_policy,
}

AUTOPILOT = "normal"  # the level that moves for a seat whose player timed out

__all__ = ["AUTOPILOT", "DEFAULT_BUDGET", "LEVELS", "choose_move"]


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
    return LEVELS[level](view, rng, budget=budget, iterations=iterations)
