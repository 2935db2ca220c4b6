"""AI players. Each level decides from its seat's view alone, exactly what a human sees.

`choose_move(level, view, rng)` returns one of `view["legal_moves"]`; `rng` is the
caller's `random.Random`, so games stay reproducible.
"""

from .levels import LEVELS, choose_move

__all__ = ["LEVELS", "choose_move"]
