"""The `hard` player: inference, a search tree over its own information sets, early stops.

- Pass: every pair raced on shared deals (`passing`).
- Tricks: deals weighted by how well they explain the round's play so far (`inference`),
  then information-set MCTS (`tree`) whose playouts run on the fast simulator
  (`simulator`) and are valued for the game, not only the round (`value`).

Anytime: it stops at `budget` seconds, or after a fixed work count when `iterations` is
given (the deterministic mode: `iterations` deals for a pass, `iterations` playouts per
root move for a trick move, as many as `hard-v1` plays for the same count). Either way
it stops sooner when the choice can no longer change.
"""

import random
import time

from .inference import DealPool
from .knowledge import read_knowledge
from .passing import search_pass
from .tree import new_tree
from .value import RoundValue

DEFAULT_BUDGET = 1.0  # seconds per decision; the Django setting passes its own
POOL_SHARE = 0.1  # share of the budget spent weighting deals before the search
POOL_MAX = 256  # deals in the inference pool at most
POOL_MIN = 16
POOL_CHUNK = 16  # deals added between two looks at the clock
SETTLE_EVERY = 32  # iterations between two checks that the choice may still change


def hard_policy(
    view: dict,
    rng: random.Random,
    budget: float | None = None,
    iterations: int | None = None,
    **_,
) -> dict:
    moves = view["legal_moves"]
    if len(moves) == 1:
        return moves[0]
    return search(view, rng, budget, iterations)["move"]


def search(
    view: dict, rng: random.Random, budget: float | None = None, iterations: int | None = None
) -> dict:
    """The chosen move with the figures behind it (deals, playouts, seconds)."""
    start = time.perf_counter()
    budget = DEFAULT_BUDGET if budget is None else budget
    deadline = start + budget
    if view["phase"] == "passing":
        result = search_pass(view, rng, deadline, iterations)
    else:
        result = _search_tricks(view, rng, start, budget, iterations)
    result["seconds"] = time.perf_counter() - start
    return result


def _search_tricks(
    view: dict, rng: random.Random, start: float, budget: float, iterations: int | None
) -> dict:
    know = read_knowledge(view)
    value = RoundValue(know.seat, view["doghouses"], view["max_strength"])
    tree, decisions = new_tree(view, value)
    limit = None if iterations is None else iterations * len(decisions)
    if limit is not None:
        pool = DealPool(view, know, rng, max(POOL_MIN, min(POOL_MAX, limit // 8)))
    else:
        pool = DealPool(view, know, rng, POOL_MIN)
        pool_until = start + POOL_SHARE * budget
        while len(pool.deals) < POOL_MAX and time.perf_counter() < pool_until:
            pool.add(POOL_CHUNK)
    deadline = start + budget
    searched_from = time.perf_counter()
    done = 0
    while True:
        if limit is not None:
            remaining = limit - done
        else:
            now = time.perf_counter()
            if now >= deadline:
                break
            rate = done / (now - searched_from) if now > searched_from else 0.0
            remaining = int(rate * (deadline - now)) + 1
        if remaining <= 0:
            break
        if done and done % SETTLE_EVERY == 0 and tree.settled(remaining):
            break
        tree.iterate(pool.draw(rng))
        done += 1
    return {
        "move": view["legal_moves"][tree.best()],
        "deals": len(pool.deals),
        "effective_deals": pool.effective_size(),
        "playouts": done,
        "visits": list(tree.root.visits),
    }
