"""The rules engine of The Bark Side: pure Python, no Django, no I/O, no global randomness.

A game is a plain-data state (JSON round-trips it unchanged). Three verbs carry it:
`legal_moves(state, seat)`, `apply(state, move) -> (state, events)` (raises `IllegalMove`
with a reason code) and `view(state, seat)` (what that seat may see; of the finished
rounds only the newest, all of them being `past_rounds(state)`). Records in the
`barkside-record/1` format come out of `to_record` and go back in through `from_record`
(`replay` yields the game before each of its moves).
"""

from .cards import kinds, max_strength_for
from .deal import seed_commitment
from .errors import IllegalMove, RecordError
from .record import RECORD_FORMAT, from_record, replay, to_record
from .rules import (
    DEALING,
    DECK_EXHAUSTED_REASON,
    OVER,
    PASSING,
    SEVEN_KINDS_REASON,
    TRICKS,
    apply,
    game_result,
    legal_moves,
    new_game,
    standings,
    to_act,
)
from .view import past_rounds, view

__all__ = [
    "DEALING",
    "DECK_EXHAUSTED_REASON",
    "OVER",
    "PASSING",
    "RECORD_FORMAT",
    "SEVEN_KINDS_REASON",
    "TRICKS",
    "IllegalMove",
    "RecordError",
    "apply",
    "from_record",
    "game_result",
    "kinds",
    "legal_moves",
    "max_strength_for",
    "new_game",
    "past_rounds",
    "replay",
    "seed_commitment",
    "standings",
    "to_act",
    "to_record",
    "view",
]
