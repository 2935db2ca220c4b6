"""AI players. Each level decides from its seat's view alone, exactly what a human sees.

`choose_move(level, view, rng, budget=None, iterations=None)` returns one of
`view["legal_moves"]`; `rng` is the caller's `random.Random`, so games stay reproducible.
Levels offered to players (`LEVELS`, weakest first): `random`, `easy` (a beginner),
`normal` (fast rules), `swift` (a small network over the view's features: `features`,
`network`; trained by `manage.py train_swift`; also the `AUTOPILOT` of a seat its player
left, and the hint) and `hard` (inference from the play seen, moves raced on weighted
deals with a search of its next decision, at 3 seats the network's judgement weighed
in (`guide`), `budget` seconds per decision, default `DEFAULT_BUDGET`; a fixed
`iterations` count makes it deterministic). `ALL_LEVELS` adds levels kept for
measurements only: `hard-v1`, the first `hard`; `hard-v2`, `hard`'s search without the
network's guide; `hard-net`, with it at every table size.
`coach.analyse(record, seat)` judges a seat's decisions after a game with `hard`'s search.
"""

from .levels import (
    ALL_LEVELS,
    AUTOPILOT,
    DEFAULT_BUDGET,
    LEVELS,
    SEARCHING_LEVELS,
    choose_move,
)

__all__ = ["ALL_LEVELS", "AUTOPILOT", "DEFAULT_BUDGET", "LEVELS", "SEARCHING_LEVELS", "choose_move"]
