"""The AI levels by name: one policy function per level, all reading only a seat's view."""

import random
from collections.abc import Callable

Policy = Callable[[dict, random.Random], dict]


def random_policy(view: dict, rng: random.Random) -> dict:
    """Uniform over the legal moves, tail-tuck included."""
    return rng.choice(view["legal_moves"])


LEVELS: dict[str, Policy] = {"random": random_policy}


def choose_move(level: str, view: dict, rng: random.Random) -> dict:
    if not view["legal_moves"]:
        raise ValueError(f"seat {view['seat']} has no move to make")
    return LEVELS[level](view, rng)
