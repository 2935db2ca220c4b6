"""The rule-based levels as view policies: `random`, `easy` and `normal`.

Each reads only its seat's view and returns one of `view["legal_moves"]`.
"""

import random

from . import heuristic


def random_policy(view: dict, rng: random.Random, **_) -> dict:
    """Uniform over the legal moves, tail-tuck included."""
    return rng.choice(view["legal_moves"])


def normal_policy(view: dict, rng: random.Random, **_) -> dict:
    """Fast rules (see `heuristic`); also the autopilot for timed-out seats."""
    hand = view["hand"]
    if view["phase"] == "passing":
        return as_move(view, ("pass", heuristic.normal_pass(hand)))
    trick = view["trick"]
    if trick["count"] is None:
        return as_move(view, heuristic.normal_lead(hand, view["sets_unlocked"]))
    return as_move(view, heuristic.normal_follow(hand, trick["count"], trick["top"]))


def easy_policy(view: dict, rng: random.Random, **_) -> dict:
    """A beginner: roughly right passes, then mostly saves its high cards (a weak habit)."""
    hand = view["hand"]
    if view["phase"] == "passing":
        return as_move(view, ("pass", heuristic.easy_pass(hand, rng)))
    trick = view["trick"]
    if trick["count"] is None:
        return as_move(view, heuristic.easy_lead(hand, view["sets_unlocked"], rng))
    return as_move(view, heuristic.easy_follow(hand, trick["count"], trick["top"], rng))


def as_move(view: dict, decision: tuple) -> dict:
    """The legal move a heuristic decision stands for (never a move outside the list)."""
    kind = decision[0]
    if kind == "pass":
        cards = list(decision[1])
    elif kind == "play":
        cards = [decision[1]] * decision[2]
    else:
        cards = view["hand"][: decision[1]]
    for move in view["legal_moves"]:
        if move["kind"] == kind and move["cards"] == cards:
            return move
    raise ValueError(f"heuristic chose {decision!r}, which is not a legal move")
