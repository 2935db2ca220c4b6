"""Moves the server makes for a seat: the AI's, the autopilot's, and a person's forced move."""

import random

from django.conf import settings
from django.utils import timezone

from games import engine, selectors
from games.ai import SEARCHING_LEVELS, choose_move
from games.change import Change
from games.models import Game, Seat

MIN_SEARCH = 0.05  # seconds: a search shorter than this plays worse than the normal rule
# What a searching level plays when it has no time to search: `swift`, the level below
# `hard`, in about a millisecond, so a turn squeezed by the queue never plays weaker than
# the level below the one chosen.
SEARCHLESS = "swift"


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


def decide(game: Game, seat: int, level: str, late: float = 0.0) -> dict:
    """The AI's move, from the seat's view only; its randomness owes nothing to the seed.
    `late`: seconds past the moment the turn was due, which its thinking gives back."""
    view = engine.view(game.state, seat)
    rng = random.Random(f"{game.pk}:{game.version}:{seat}")
    budget = thinking_time(late)
    if budget is None and level in SEARCHING_LEVELS:
        level = SEARCHLESS
    return choose_move(level, view, rng, budget=budget)


def thinking_time(late: float) -> float | None:
    """Seconds a searching level may think on a turn `late` seconds past due: AI_BUDGET
    while on time; when turns queue up behind busy workers, half of what is left of
    AI_LATE_LIMIT, so the queue drains and the next turns are late less; None (play
    `SEARCHLESS` without searching) once too little is left to search usefully. Lateness is the queue's own
    measure: no count of tasks, which the broker cannot give per table anyway."""
    left = settings.AI_LATE_LIMIT - max(0.0, late)
    budget = min(settings.AI_BUDGET, left / 2)
    return budget if budget >= MIN_SEARCH else None


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
