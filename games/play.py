"""Moves: a person's at their own seat, the AI's, and the autopilot's when time runs out.

Each is checked against the version it was decided on, applied by the engine, and
committed as one change (games/commit.py).
"""

import logging
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games import autoplay, clocks, engine
from games.ai import AUTOPILOT as AUTOPILOT_LEVEL
from games.change import Change
from games.commit import commit, locked
from games.correspondence import vacation_end
from games.errors import GameError
from games.models import Game, Seat
from games.snapshots import Snapshot

log = logging.getLogger(__name__)

# Changes that bear on no seat's decision: others' passes (blind and simultaneous), and
# a player leaving on or back from vacation or a vote to expel (clocks only).
CLOCK_ONLY = ("pass", "vacation", "returned", "expel_vote")


@dataclass(frozen=True)
class Actor:
    """Who made a move: a person at their seat, the AI for its seat, the autopilot for a
    person out of time, or the server making a person's only legal move for them."""

    kind: str  # "player" | "ai" | "timeout" | "forced"
    seat: int


@transaction.atomic(savepoint=False)  # its errors leave the caller's transaction anyway
def game_move(*, game: Snapshot, seat: Seat | None, kind, cards, version) -> Snapshot:
    """A person's move at `seat`, their own (None: they have none) of `game`, which the
    caller locked in this transaction (`locked`)."""
    if seat is None:
        raise GameError("not_a_player", status=403)
    if seat.state != Seat.State.PLAYING:
        raise GameError("seat_on_autopilot", status=409)
    after = _move(game, Actor("player", seat.number), {"kind": kind, "cards": cards}, version)
    if seat.away_since is not None:  # their move ends their vacation, in every game
        transaction.on_commit(lambda: vacation_end(user=seat.user))
    return after


@transaction.atomic(savepoint=False)
def apply_move(game_id, actor: Actor, move: dict, version: int) -> Game:
    """Apply one engine move for `actor.seat` if the game is still at `version` (or only
    changed in ways that bear on nothing this seat decides: `_bears_on`); the game after."""
    return _move(locked(game_id), actor, move, version).game


def _move(before: Snapshot, actor: Actor, move: dict, version: int) -> Snapshot:
    game = before.game  # concurrent passes queue on its lock, then each sees the others'
    if game.status != Game.Status.ACTIVE:
        raise GameError(
            "game_over" if game.status == Game.Status.FINISHED else "not_active", status=400
        )
    if game.version != version and _bears_on(game, actor.seat, version):
        raise GameError("stale_version", status=409, extra={"version": game.version})
    try:
        state, events = engine.apply(game.state, {"seat": actor.seat, **move})
    except engine.IllegalMove as e:
        raise GameError(e.code, e.detail, status=400) from None  # the rules say why
    columns = {}
    if state["phase"] == engine.OVER:
        columns = {"status": Game.Status.FINISHED, "ended": timezone.now()}
    change = Change(
        move["kind"],
        actor.seat,
        payload=tuple(events),
        state=state,
        move=move,
        by=actor.kind,
        columns=columns,
        seats=_timeouts(before, actor),
    )
    return commit(before, change)


def _bears_on(game: Game, seat: int, version: int) -> bool:
    """Whether anything since `version` bears on `seat`'s decision (docs/architecture.md,
    stale moves).

    Passing is blind and simultaneous, so other seats' passes change nothing a seat may
    choose; anything else (a play, a tuck, a deal, its own move) does. A move made from
    a view that only others' passes superseded is applied to the current state, where
    the engine checks it again.
    """
    if version > game.version:
        return True
    since = game.events.filter(version__gt=version)  # one query, under the game's lock
    return since.filter(~Q(kind__in=CLOCK_ONLY) | Q(seat=seat)).exists()


def _timeouts(game: Snapshot, actor: Actor) -> dict[int, dict]:
    """Timeouts in a row: a person's own move clears them; the third one leaves the seat."""
    seat = next(s for s in game.seats if s.number == actor.seat)
    if actor.kind == "player" and seat.timeouts:
        return {seat.number: {"timeouts": 0}}
    if actor.kind == "timeout":
        change = {"timeouts": seat.timeouts + 1}
        if change["timeouts"] >= clocks.TIMEOUTS_BEFORE_LEFT:
            change |= {"state": Seat.State.LEFT, "handover": Seat.Handover.TIMEOUTS}
        return {seat.number: change}
    return {}


def ai_move(game_id, version) -> Game | None:
    """Play one move for an AI-moved seat that is to act, if the game is still at `version`.
    (A person's forced move needs no task: the commit that leaves it due makes it.)

    Stale calls (the game moved on) do nothing: this runs from tasks that may be late,
    duplicated or redelivered. The AI thinks before the game is locked, on a read of it.
    """
    game = Game.objects.filter(pk=game_id, version=version, status=Game.Status.ACTIVE).first()
    if game is None:
        return None
    seats = {s.number: s for s in game.seats.all()}
    due = [n for n in engine.to_act(game.state) if seats[n].plays_itself]
    if not due:
        return None
    seat = seats[due[0]]
    late = (timezone.now() - game.last_move).total_seconds() - settings.AI_MOVE_DELAY
    move = autoplay.decide(game, seat.number, seat.ai_level or AUTOPILOT_LEVEL, late)
    return _unless_stale(apply_move, game_id, Actor("ai", seat.number), move, version)


def game_timeout(game_id, version) -> Game | None:
    """The autopilot moves for every person whose time ran out, if still at `version`;
    None if nobody's had.

    Sweepers may race and tasks may be redelivered: each move is a compare-and-set on
    the version, so a timeout is applied once whoever comes first.
    """
    game = Game.objects.filter(
        pk=game_id,
        version=version,
        status=Game.Status.ACTIVE,
        turn_deadline__lte=timezone.now(),
    ).first()
    if game is None:
        return None
    late = [seat.number for seat in game.seats.all() if clocks.overdue(seat, timezone.now())]
    timed_out = None
    for number in late:  # several only while passing, when seats act at once
        move = autoplay.decide(game, number, AUTOPILOT_LEVEL)
        after = _unless_stale(apply_move, game.pk, Actor("timeout", number), move, game.version)
        if after is None:
            break
        game = timed_out = after
    return timed_out


# What a server move late by a moment finds: the game moved on while it was decided (a
# person moved, maybe the game's last card, made for them as their forced move). Nothing
# to do then, and nothing wrong: no error, no traceback in the worker's log.
MOVED_ON = ("stale_version", "game_over", "not_active")


def _unless_stale(apply, game_id, actor: Actor, *args) -> Game | None:
    try:
        return apply(game_id, actor, *args)
    except GameError as e:
        if e.code in MOVED_ON:
            log.info(
                "game %s moved on before the %s move of seat %s", game_id, actor.kind, actor.seat
            )
            return None
        raise
