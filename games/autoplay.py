"""Moves the server makes for a seat: the AI's, the autopilot's, and a person's forced move."""

import random

from django.conf import settings
from django.utils import timezone

from games import engine, selectors
from games.ai import choose_move
from games.change import Change
from games.models import Game, Seat


def forced_move(game: Game, seats: list[Seat]) -> tuple[int, dict] | None:
    """A person's only legal move, if their setting lets it be made for them at once: the
    seat and the move. The rules are asked first, so most changes read nothing more."""
    single = {}
    for number in engine.to_act(game.state) if game.status == Game.Status.ACTIVE else ():
        moves = engine.legal_moves(game.state, number)
        if len(moves) == 1:
            single[number] = moves[0]
    for seat in seats:
        mine = seat.number in single and not seat.plays_itself
        if mine and selectors.forced_moves_on(seat, game):
            return seat.number, single[seat.number]
    return None


def decide(game: Game, seat: int, level: str) -> dict:
    """The AI's move, from the seat's view only; its randomness owes nothing to the seed."""
    view = engine.view(game.state, seat)
    rng = random.Random(f"{game.pk}:{game.version}:{seat}")
    return choose_move(level, view, rng, budget=settings.AI_BUDGET)


def forced_change(game: Game, seats: list[Seat]) -> Change | None:
    """The forced move due in `game` (`forced_move`) as the change that makes it, or None."""
    forced = forced_move(game, seats)
    if forced is None:
        return None
    seat, move = forced
    state, events = engine.apply(game.state, {"seat": seat, **move})
    columns = {}
    if state["phase"] == engine.OVER:
        columns = {"status": Game.Status.FINISHED, "ended": timezone.now()}
    return Change(
        move["kind"],
        seat,
        payload=tuple(events),
        state=state,
        move=move,
        by="forced",
        columns=columns,
    )
