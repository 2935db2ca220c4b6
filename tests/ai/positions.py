"""Hand-built positions: a 3-player round dealt by hand, passed, and played to a point."""

from games.engine import apply, new_game, view
from games.engine.rules import begin_round


def position(hands, aside, passes, moves=(), starter=0, players=3):
    """The state after dealing `hands`, passing `passes` and applying `moves` (seat, kind, cards)."""
    state = new_game(players, None)
    begin_round(state, hands, aside, starter)
    for seat, cards in enumerate(passes):
        state, _ = apply(state, {"seat": seat, "kind": "pass", "cards": cards})
    for seat, kind, cards in moves:
        state, _ = apply(state, {"seat": seat, "kind": kind, "cards": cards})
    return state


def seat_view(state, seat):
    return view(state, seat)
