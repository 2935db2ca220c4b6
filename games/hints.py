"""The hint: the move `swift` would make at a person's own seat, in the games that offer
hints (`Game.offers_hints`: unrated, with an AI seat).

Built, like everything a player sees, from the engine's view of their seat alone: the
network reads what the seat may see, so a hint tells nothing about the others' hands.
"""

import random

from games import engine, selectors
from games.ai import choose_move
from games.errors import GameError
from games.models import Seat

HINT_LEVEL = "swift"  # no search: about a millisecond, on the request's own thread


def game_hint(*, game_id, user) -> dict:
    """`{"move": ..., "version": ...}`: the move suggested at the user's seat, for the
    game's current version; refused (in the API's one error shape) where there is none."""
    game, _ = selectors.visible_game(game_id, user)  # a private game: 404 to outsiders
    seat = selectors.seat_in_play(game, user)
    if not game.offers_hints:
        raise GameError("no_hints", status=403)
    if seat.state != Seat.State.PLAYING:
        raise GameError("seat_on_autopilot", status=409)
    view = engine.view(game.state, seat.number)
    if not view["legal_moves"]:
        raise GameError("not_your_turn", status=409)
    # `swift` draws nothing from its rng; a seeded one keeps the call reproducible anyway.
    rng = random.Random(f"hint:{game.pk}:{game.version}:{seat.number}")
    return {"move": choose_move(HINT_LEVEL, view, rng), "version": game.version}
