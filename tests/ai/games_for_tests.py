"""Real positions for the search tests: every state met in a few normal self-play games."""

import random

from games.ai import choose_move
from games.engine import OVER, apply, new_game, to_act, view


def normal_game_states(players: int, seed: str):
    """Yield (state, seat to act) for each decision of a normal self-play game."""
    state = new_game(players, seed)
    rng = random.Random(seed)
    while state["phase"] != OVER:
        seat = to_act(state)[0]
        yield state, seat
        state, _ = apply(state, {"seat": seat, **choose_move("normal", view(state, seat), rng)})
