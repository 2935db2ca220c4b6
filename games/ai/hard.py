"""The `hard` player: inference, a search tree over its own information sets, early stops.

- Pass: every pair raced on shared deals (`passing`).
- Tricks: deals weighted by how well they explain the round's play so far (`inference`),
  every move raced on them with its next decision searched below it (`tree`), the
  playouts on the fast simulator (`simulator`), valued for the game, not only the round
  (`value`).

Anytime: it stops at `budget` seconds, or after a fixed work count when `iterations` is
given (the deterministic mode: `iterations` deals, each played once per move still in
the race, as `hard-v1` plays them). Either way it stops sooner when one move is left.

With a `guide` (`guide.Guide`) the `swift` network's judgement of each move is weighed
with the race's in the final choice, at the pass and in a trick, and `swift`'s own move
stays in the race to the end (at 3 seats for `hard`); without one (the level `hard-v2`)
the race alone decides.
"""

import random

from . import clock, race
from .guide import Guide
from .inference import Evidence
from .knowledge import read_knowledge
from .passing import race_pass
from .tree import EXPAND_AFTER, new_tree
from .value import RoundValue

DEFAULT_BUDGET = 1.0  # seconds per decision; the Django setting passes its own


def search(
    view: dict,
    rng: random.Random,
    budget: float | None = None,
    iterations: int | None = None,
    guide: Guide | None = None,
) -> dict:
    """The chosen move with the figures behind it (deals, playouts, seconds)."""
    start = clock.now()
    budget = DEFAULT_BUDGET if budget is None else budget
    deadline = start + budget
    # The network's call is counted inside the budget, as the race's playouts are.
    advice = None if guide is None else guide.advise(view)
    keep = None if advice is None else advice.favourite
    if view["phase"] == "passing":
        moves = race_pass(view, rng, deadline, iterations, keep)
    else:
        moves = race_tricks(view, rng, deadline, iterations, keep)
    best = moves.winner() if advice is None else advice.choose(moves)
    return {
        "move": view["legal_moves"][best],
        "deals": moves.deals,
        "effective_deals": effective_size(moves.weights),
        "playouts": moves.playouts,
        "candidates": len(view["legal_moves"]),
        "left": len(moves.alive),
        "seconds": clock.now() - start,
    }


def race_tricks(
    view: dict,
    rng: random.Random,
    deadline: float,
    iterations: int | None,
    keep: int | None = None,
) -> race.Race:
    """The race of the view's trick moves (indexes into `legal_moves`), run to its end;
    `keep` is never dropped (the coach compares the move played with the best; the guide
    keeps `swift`'s move)."""
    know = read_knowledge(view)
    value = RoundValue(know.seat, view["doghouses"], view["max_strength"])
    tree = new_tree(view, value)
    evidence = Evidence(view, know)
    moves = race.Race(len(tree.decisions), keep)
    while moves.running(iterations, deadline):
        deal, weight = evidence.deal(rng)
        grow = moves.deals >= EXPAND_AFTER
        moves.add_deal(weight, tree.play(deal, moves.alive, grow))
    return moves


def effective_size(weights: list[float]) -> float:
    """Kish's effective sample size: how many equally weighted deals the deals are worth."""
    squares = sum(w * w for w in weights)
    return sum(weights) ** 2 / squares if squares else 0.0
