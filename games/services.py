"""The one write path for games: every change goes through `_commit` in one transaction.

A change (a move by a person, the AI or the autopilot, a start, an abort, a seat taken
back) is checked against the game's `version` with a compare-and-set UPDATE, which is
correct on PostgreSQL and SQLite alike, then stored with its event; broadcasts and AI
turns are scheduled with `transaction.on_commit`, so a rolled-back change sends nothing.
"""

import logging
import random
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from barkside import statements
from games import clocks, engine, fanout, selectors, signals
from games.ai import AUTOPILOT as AUTOPILOT_LEVEL
from games.ai import choose_move
from games.errors import GameError, no_such_game
from games.models import (
    CORRESPONDENCE_SECONDS,
    Doghouse,
    Game,
    GameEvent,
    PlayerSettings,
    Seat,
    Vacation,
)

TIMEOUTS_BEFORE_LEFT = 3
IDLE_ABORT = timedelta(days=30)
AI_STALL = timedelta(seconds=30)  # an AI turn this late lost its task: queue it again
BATCH = 200  # games per sweep and kind; the next sweep takes the rest
# Changes that bear on no seat's decision: others' passes (blind and simultaneous), and
# a player leaving on or back from vacation or a vote to expel (clocks only).
CLOCK_ONLY = ("pass", "vacation", "returned", "expel_vote")

log = logging.getLogger(__name__)


# --- tables -----------------------------------------------------------------------------


@transaction.atomic
def game_create(*, user, players, ai=(), deck="auto", time_per_move, rated=False, private=False):
    """Open a table with `user` in seat 0 and AI seats last; a full table starts at once."""
    if len(ai) > players - 1:
        raise GameError("too_many_ai", "leave at least one seat for a person", field="ai")
    game_limit_check(user=user, time_per_move=time_per_move)
    game = Game.objects.create(
        creator=user,
        players=players,
        deck=deck,
        time_per_move=time_per_move,
        rated=rated,
        private=private,
    )
    Seat.objects.create(game=game, number=0, user=user)
    first_ai = players - len(ai)
    Seat.objects.bulk_create(
        Seat(game=game, number=first_ai + i, ai_level=level) for i, level in enumerate(ai)
    )
    if first_ai == 1:
        _start(game)
    return game


@transaction.atomic
def game_start_seated(*, seats, time_per_move, rated=False, notice="game_started") -> Game:
    """Start a public table at once with these seats, in this order: each
    `{"user_id": id}` or `{"ai_level": level}`; each person seated gets `notice`.
    Matchmaking seats the people it matched this way (their notice: `matched`)."""
    game = Game.objects.create(
        creator=None, players=len(seats), time_per_move=time_per_move, rated=rated
    )
    Seat.objects.bulk_create(Seat(game=game, number=n, **s) for n, s in enumerate(seats))
    _start(game, notice=notice)
    return game


@transaction.atomic
def game_join(*, game_id, user, invite_code=None):
    game = _locked(game_id)
    if game.seats.filter(user=user).exists():
        raise GameError("already_seated", "you already have a seat at this table", status=409)
    if game.private and invite_code != game.invite_code:  # private tables stay unseen
        raise no_such_game()
    if game.status != Game.Status.OPEN:
        raise GameError("not_open", "this table is no longer open", status=409)
    game_limit_check(user=user, time_per_move=game.time_per_move)
    taken = set(game.seats.values_list("number", flat=True))
    free = [n for n in range(game.players) if n not in taken]
    try:
        Seat.objects.create(game=game, number=free[0], user=user)
    except IntegrityError:  # a concurrent join took the seat on a database without locks
        raise GameError("table_full", "the seat was just taken, try again", status=409) from None
    _seats_changed(game)
    if len(free) == 1:
        _start(game)
    else:
        _bump(game, kind="joined", seat=free[0])
    return game


@transaction.atomic
def game_leave(*, game_id, user):
    """Leave a table before it starts; the last person to leave closes it."""
    game = _locked(game_id)
    seat = _own_seat(game, user)
    if game.status != Game.Status.OPEN:
        raise GameError("not_open", "you can only leave a table before it starts", status=409)
    seat.delete()
    _seats_changed(game)
    if not game.seats.filter(user__isnull=False).exists():
        _bump(game, kind="aborted", status=Game.Status.ABORTED, ended=timezone.now())
    else:
        _bump(game, kind="left", seat=seat.number)
    return game


def _locked(game_id) -> Game:
    """The game row, locked where the database can (PostgreSQL; SQLite locks on write),
    with its seats and their people: read once for the whole change (`game.seats.all()`),
    after the lock, so nobody changes them meanwhile; a service that changes a seat
    changes the object in memory too (or `_seats_changed` when it adds or deletes one)."""
    game = selectors.one_with_seats(game_id, lock=True)
    if game is None:
        raise no_such_game()
    return game


def _seats_changed(game: Game) -> None:
    """Seats were added or deleted: `game.seats.all()` reads them again."""
    getattr(game, "_prefetched_objects_cache", {}).pop("seats", None)


def _seat(game: Game, number: int) -> Seat:
    return next(s for s in game.seats.all() if s.number == number)


def _start(game: Game, notice="game_started") -> None:
    state = engine.new_game(game.players, game.seed, game.engine_deck)
    away = {}
    if game.is_correspondence:  # a player away when a game starts is away there too
        users = game.seats.exclude(user=None).values("user")
        away = {v.user_id: v for v in Vacation.objects.filter(user__in=users, ended=None)}

    def mark_away(seats):
        for seat in seats:
            if seat.user_id in away:
                seat.away_since, seat.away_until = timezone.now(), away[seat.user_id].until

    _commit(
        game,
        kind="started",
        state=state,
        payload=[{"type": "game_started"}],
        status=Game.Status.ACTIVE,
        started=timezone.now(),
        seat_change=mark_away,
        start_notice=notice,
    )


# --- moves ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Actor:
    """Who made a move: a person at their seat, the AI for its seat, or the autopilot."""

    kind: str  # "player" | "ai" | "timeout"
    seat: int


def game_locked(game_id) -> Game:
    """The game locked for a change in the caller's transaction, with its seats: what
    `game_move` takes as `locked`, for a caller that must look at it first (games.moves)."""
    return _locked(game_id)


@transaction.atomic(savepoint=False)  # its errors leave the caller's transaction anyway
def game_move(*, game_id, user, kind, cards, version, locked: Game | None = None) -> Game:
    """A person's move at their own seat; `locked` is the game if the caller locked it."""
    game = locked or _locked(game_id)
    seat = _own_seat(game, user)
    if seat.state != Seat.State.PLAYING:
        raise GameError(
            "seat_on_autopilot", "the AI plays your seat: take it back first", status=409
        )
    away = seat.away_since is not None  # read first: the move steps this seat's clock
    game = apply_move(
        game_id, Actor("player", seat.number), {"kind": kind, "cards": cards}, version, game
    )
    if away:  # their move ends their vacation, in every game once this commits
        transaction.on_commit(lambda: vacation_end(user=user))
    return game


@transaction.atomic(savepoint=False)
def apply_move(game_id, actor: Actor, move: dict, version: int, locked: Game | None = None):
    """Apply one engine move for `actor.seat` if the game is still at `version`; `locked`
    is the game if the caller locked it in this transaction. Returns the changed game."""
    game = locked or _locked(game_id)  # concurrent passes queue here, then each sees the others'
    if game.status != Game.Status.ACTIVE:
        raise GameError(
            "game_over" if game.status == Game.Status.FINISHED else "not_active",
            f"the game is {game.status}",
            status=400,
        )
    if game.version != version and _bears_on(game, actor.seat, version):
        raise GameError(
            "stale_version", "the game has moved on", status=409, extra={"version": game.version}
        )
    try:
        state, events = engine.apply(game.state, {"seat": actor.seat, **move})
    except engine.IllegalMove as e:
        raise GameError(e.code, e.detail, status=400) from None
    fields = {}
    if state["phase"] == engine.OVER:
        fields.update(status=Game.Status.FINISHED, ended=timezone.now())
    _commit(
        game,
        kind=move["kind"],
        seat=actor.seat,
        state=state,
        move=move,
        payload=events,
        by=actor.kind,
        **fields,
    )
    _count_timeouts(game, actor)
    if game.status == Game.Status.FINISHED:
        signals.game_finished.send(sender=Game, game=game)  # ratings, in this transaction
    return game


def _forced_move(game: Game, seats) -> tuple[int, dict] | None:
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


def _bears_on(game: Game, seat: int, version: int) -> bool:
    """Whether anything since `version` bears on `seat`'s decision (README: stale moves).

    Passing is blind and simultaneous, so other seats' passes change nothing a seat may
    choose; anything else (a play, a tuck, a deal, its own move) does. A move made from
    a view that only others' passes superseded is applied to the current state, where
    the engine checks it again.
    """
    if version > game.version:
        return True
    since = game.events.filter(version__gt=version)  # one query, under the game's lock
    return since.filter(~Q(kind__in=CLOCK_ONLY) | Q(seat=seat)).exists()


def _count_timeouts(game: Game, actor: Actor) -> None:
    """Timeouts in a row: a person's own move clears them; the third one leaves the seat."""
    seat = _seat(game, actor.seat)
    if actor.kind == "player" and seat.timeouts:
        Seat.objects.filter(pk=seat.pk).update(timeouts=0)
        seat.timeouts = 0
    elif actor.kind == "timeout":
        seat.timeouts += 1
        if seat.timeouts >= TIMEOUTS_BEFORE_LEFT:
            seat.state = Seat.State.LEFT
        seat.save(update_fields=["timeouts", "state"])


def ai_move(game_id, version) -> Game | None:
    """Play one move for an AI-moved seat that is to act, if the game is still at `version`,
    or a person's forced move (their only legal move, if their setting says so).

    Stale calls (the game moved on) do nothing: this runs from tasks that may be late,
    duplicated or redelivered.
    """
    game = Game.objects.filter(pk=game_id, version=version, status=Game.Status.ACTIVE).first()
    if game is None:
        return None
    seats = {s.number: s for s in game.seats.all()}
    due = [n for n in engine.to_act(game.state) if seats[n].plays_itself]
    if due:
        seat = seats[due[0]]
        actor = Actor("ai", seat.number)
        move = _decide(game, seat.number, seat.ai_level or AUTOPILOT_LEVEL)
    elif forced := _forced_move(game, seats.values()):
        actor, move = Actor("forced", forced[0]), forced[1]
    else:
        return None
    try:
        return apply_move(game_id, actor, move, version)
    except GameError as e:
        if e.code == "stale_version":
            return None
        raise


def game_timeout(game_id, version) -> Game | None:
    """The autopilot moves for every person whose time ran out, if still at `version`.

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
    overdue = [seat.number for seat in game.seats.all() if _overdue(seat, timezone.now())]
    for number in overdue:  # several only while passing, when seats act at once
        move = _decide(game, number, AUTOPILOT_LEVEL)
        try:
            game = apply_move(game.pk, Actor("timeout", number), move, game.version)
        except GameError as e:
            if e.code == "stale_version":
                return None
            raise
    return game


def _overdue(seat: Seat, now) -> bool:
    """A person to act whose own deadline passed while their clock ran (not away)."""
    return (
        seat.to_act
        and not seat.plays_itself
        and not seat.away_since
        and seat.deadline is not None
        and seat.deadline <= now
    )


@transaction.atomic
def seat_retake(*, game_id, user) -> Game:
    """A person takes back their seat from the AI while the game runs."""
    game = _locked(game_id)
    seat = _own_seat(game, user)
    if game.status != Game.Status.ACTIVE:
        raise GameError("not_active", "the game is not running", status=409)
    if seat.state == Seat.State.PLAYING:
        raise GameError("already_playing", "you are playing this seat", status=409)
    if game.events.filter(seat=seat.number, kind="resigned").exists():
        raise GameError("resigned", "a resignation is final", status=409)
    Seat.objects.filter(pk=seat.pk).update(state=Seat.State.PLAYING, timeouts=0)
    seat.state, seat.timeouts = Seat.State.PLAYING, 0
    _bump(game, kind="retaken", seat=seat.number)
    return game


@transaction.atomic
def game_resign(*, game_id, user) -> Game:
    """Hand the seat to the AI for the rest of the game, for good; it counts as last."""
    game = _locked(game_id)
    seat = _own_seat(game, user)
    if game.status != Game.Status.ACTIVE:
        raise GameError("not_active", "the game is not running", status=409)
    if seat.state == Seat.State.LEFT:
        raise GameError("already_left", "you have already left this game", status=409)
    Seat.objects.filter(pk=seat.pk).update(state=Seat.State.LEFT)
    seat.state = Seat.State.LEFT
    _bump(game, kind="resigned", seat=seat.number)
    return game


def seats_to_autopilot(*, user) -> int:
    """The AI takes every seat `user` plays in a running game, one game per transaction
    (a suspension or a ban). Returns how many seats it took."""
    running = Seat.objects.filter(
        user=user, state=Seat.State.PLAYING, game__status=Game.Status.ACTIVE
    ).values_list("game_id", flat=True)
    taken = 0
    for game_id in list(running):
        with transaction.atomic():
            game = _locked(game_id)
            seat = next((s for s in game.seats.all() if s.user_id == user.pk), None)
            if game.status != Game.Status.ACTIVE or seat is None or seat.plays_itself:
                continue  # the game ended, or the seat changed, since the list was read
            Seat.objects.filter(pk=seat.pk).update(state=Seat.State.AUTOPILOT)
            seat.state = Seat.State.AUTOPILOT
            _bump(game, kind="autopilot", seat=seat.number)
            taken += 1
    return taken


def _own_seat(game: Game, user) -> Seat:
    """The user's seat; a private game is not even there for others."""
    seat = selectors.seat_of(game, user)
    if seat is None and game.private:
        raise no_such_game()
    if seat is None:
        raise GameError("not_a_player", "you have no seat at this table", status=403)
    return seat


@transaction.atomic
def game_abort(*, game_id, reason: str, version: int | None = None) -> Game | None:
    """End a running game with no result (no rating change), if still at `version` (any
    version if None, as a moderator decides); None if it is not running (or moved on)."""
    game = selectors.one_with_seats(game_id, lock=True)  # locked, as `_commit` needs
    if game is None or game.status != Game.Status.ACTIVE:
        return None
    if version is not None and game.version != version:
        return None
    _commit(
        game,
        kind="aborted",
        payload=[{"type": "aborted", "reason": reason}],
        status=Game.Status.ABORTED,
        ended=timezone.now(),
    )
    return game


def sweep(now=None, ai_stall=AI_STALL) -> dict:
    """One pass of the sweeper: timeouts due, idle games, AI turns whose task was lost.

    An AI turn counts as lost when no move came for `ai_stall`.
    """
    now = now or timezone.now()
    active = Game.objects.filter(status=Game.Status.ACTIVE)
    due = Seat.objects.filter(game=OuterRef("pk"), to_act=True)
    person_due = Exists(due.filter(user__isnull=False, state=Seat.State.PLAYING))
    ai_due = Exists(due.filter(Q(user__isnull=True) | ~Q(state=Seat.State.PLAYING)))
    timeouts = active.filter(turn_deadline__lte=now).values_list("pk", "version")
    idle = active.filter(person_due, last_move__lt=now - IDLE_ABORT).values_list("pk", "version")
    stalled = active.filter(ai_due, last_move__lt=now - ai_stall).values_list("pk", "version")
    aborted = [game_abort(game_id=pk, version=v, reason="idle") for pk, v in idle[:BATCH]]
    timed_out = [game_timeout(pk, v) for pk, v in timeouts[:BATCH]]
    requeued = [_queue_ai(pk, v) for pk, v in stalled[:BATCH]]
    over = Vacation.objects.filter(ended=None, until__lte=now).select_related("user")
    returned = [vacation_end(user=v.user) for v in over[:BATCH]]
    return {
        "timeouts": sum(g is not None for g in timed_out),
        "aborted": sum(g is not None for g in aborted),
        "ai_requeued": sum(requeued),
        "vacations_ended": sum(v is not None for v in returned),
    }


def _decide(game: Game, seat: int, level: str) -> dict:
    """The AI's move, from the seat's view only; its randomness owes nothing to the seed."""
    view = engine.view(game.state, seat)
    rng = random.Random(f"{game.pk}:{game.version}:{seat}")
    return choose_move(level, view, rng, budget=settings.AI_BUDGET)


# --- correspondence: the game limit, vacations, the expel vote ---------------------------


def game_limit_check(*, user, time_per_move: int) -> None:
    """Refuse a new correspondence game beyond the player's limit (README: the game limit):
    creating or joining a table here, queueing in matchmaking."""
    if time_per_move < CORRESPONDENCE_SECONDS[0]:
        return
    limit = selectors.game_limit(user)
    if limit["running"] >= limit["limit"]:
        raise GameError(
            "game_limit",
            f"at most {limit['limit']} running correspondence games",
            status=409,
            extra=limit,
        )


def game_settings_update(*, user, **changes) -> PlayerSettings:
    found, _ = PlayerSettings.objects.get_or_create(user=user)
    for name, value in changes.items():
        setattr(found, name, value)
    found.save()
    return found


def vacation_start(*, user, days: int | None = None) -> Vacation:
    """Stop the clocks of all the player's correspondence games, for `days` (all that is
    left of this year's allowance if None). Live games go on."""
    now = timezone.now()
    left = selectors.vacation_left(user, now)
    length = left if days is None else timedelta(days=days)
    if length > left or length <= timedelta(0):
        days_left = round(left / timedelta(days=1), 1)
        raise GameError(
            "vacation_too_long",
            f"you have only {days_left:g} vacation days left this year",
            extra={"days_left": f"{days_left:g}"},
        )
    with transaction.atomic():
        try:
            with transaction.atomic():
                vacation = Vacation.objects.create(user=user, started=now, until=now + length)
        except IntegrityError:
            raise GameError("on_vacation", "you are already on vacation", status=409) from None
        for game_id in _correspondence_games(user):  # locks in id order: no deadlock
            game = _locked(game_id)
            seat = game.seats.get(user=user)

            def away(seats, number=seat.number):
                for s in seats:
                    if s.number == number:
                        s.away_since, s.away_until = now, vacation.until

            payload = [
                {"type": "vacation", "seat": seat.number, "until": vacation.until.isoformat()}
            ]
            _bump(game, kind="vacation", seat=seat.number, payload=payload, seat_change=away)
    return vacation


def vacation_end(*, user) -> Vacation | None:
    """The player is back: each correspondence seat's clock goes on where it stopped (its
    turn start and deadline move by the time away). None if they were not away."""
    with transaction.atomic():
        vacation = Vacation.objects.select_for_update().filter(user=user, ended=None).first()
        if vacation is None:
            return None
        back = timezone.now()
        Vacation.objects.filter(pk=vacation.pk).update(ended=back)
        for game_id in _correspondence_games(user, away=True):
            game = _locked(game_id)
            seat = game.seats.get(user=user)

            def resume(seats, number=seat.number):
                for s in seats:
                    if s.number == number and s.away_since:
                        if s.turn_started:
                            shift = clocks.resumed(s.turn_started, s.away_since, back)
                            s.turn_started, s.deadline = s.turn_started + shift, s.deadline + shift
                        s.away_since = s.away_until = None

            _bump(game, kind="returned", seat=seat.number, seat_change=resume)
        Seat.objects.filter(user=user).exclude(away_since=None).update(
            away_since=None, away_until=None
        )  # the games that ended meanwhile
    return vacation


def _correspondence_games(user, away: bool = False) -> list[int]:
    seats = Seat.objects.filter(
        user=user,
        game__status=Game.Status.ACTIVE,
        game__time_per_move__gte=CORRESPONDENCE_SECONDS[0],
    )
    if away:
        seats = seats.exclude(away_since=None)
    return list(seats.order_by("game_id").values_list("game_id", flat=True))


@transaction.atomic
def expel_vote(*, game_id, user, seat: int) -> Game:
    """A vote to hand `seat`, whose own deadline passed, to the AI at once; the seat goes
    once every other person still playing at the table has voted (README: expel vote)."""
    game = _locked(game_id)
    voter = _own_seat(game, user)
    if game.status != Game.Status.ACTIVE:
        raise GameError("not_active", "the game is not running", status=409)
    seats = {s.number: s for s in game.seats.all()}
    target = seats.get(seat)
    if target is None or not _overdue(target, timezone.now()):
        raise GameError("not_overdue", "that seat's time has not run out", status=409)
    if voter.number == seat or voter.state != Seat.State.PLAYING:
        raise GameError("cannot_vote", "only the other people playing may vote", status=403)
    if voter.number in target.expel_votes:
        raise GameError("already_voted", "you have already voted", status=409)
    votes = sorted({*target.expel_votes, voter.number})

    def record(rows):
        for row in rows:
            if row.number == seat:
                row.expel_votes = votes

    payload = [{"type": "expel_vote", "seat": voter.number, "target": seat}]
    _bump(game, kind="expel_vote", seat=voter.number, payload=payload, seat_change=record)
    if set(votes) >= set(expel_voters(seats.values(), seat)):

        def expel(rows):
            for row in rows:
                if row.number == seat:
                    row.state = Seat.State.LEFT

        _bump(game, kind="expelled", seat=seat, seat_change=expel)
    return game


def expel_voters(seats, target: int) -> list[int]:
    """Who votes on handing `target` to the AI: every other person still playing."""
    return [
        s.number for s in seats if s.number != target and s.user_id and s.state == s.State.PLAYING
    ]


# --- the single commit ------------------------------------------------------------------


def _commit(
    game: Game,
    *,
    kind,
    seat=None,
    state=None,
    move=None,
    payload=(),
    by=None,
    seat_change=None,
    start_notice="game_started",
    **fields,
) -> None:
    """Store one change: compare-and-set on version, event row, doghouses, seat clocks.
    `game` is read locked in this transaction, with its seats (`_locked`).

    `seat_change(seats)` may change the loaded seat rows first (a vacation, an expel
    vote); they are stored with the clocks, in one statement. `start_notice` is what
    the people seated are told when the change starts the game.
    """
    old_version = game.version
    new_version = old_version + 1
    now = timezone.now()
    old_state = game.state
    if state is not None:
        fields.update(state=state, last_move=now)
        fields.update(result=state["result"])  # a projection of the state, see models.py
    seats = list(game.seats.all())
    before = [clocks.snapshot(s) for s in seats]
    if seat_change is not None:
        seat_change(seats)
    acting = _acting_after(game, state or old_state, fields.get("status", game.status))
    clocks.step(
        seats,
        old_acting=_acting_after(game, old_state, game.status),
        acting=acting,
        mover=seat if state is not None else None,
        by=by,
        now=now,
        time_per_move=game.time_per_move,
        correspondence=game.is_correspondence,
        starting=old_state is None and state is not None,
    )
    fields["turn_deadline"] = clocks.earliest(seats, acting)
    # The compare-and-set, the event, the clocks and the doghouses: one round trip. The
    # row is locked (`_locked`), so the version is still the one read and the set finds
    # it; if it ever did not, the error below rolls back what went with it.
    with statements.together():
        updated = statements.update(
            Game, {"pk": game.pk, "version": old_version}, {"version": new_version, **fields}
        )
        statements.insert(
            GameEvent(
                game=game,
                version=new_version,
                seat=seat,
                kind=kind,
                move=move,
                actor=by or "",
                payload=list(payload),
            )
        )
        changed, names = clocks.changed(seats, before)
        if changed:
            statements.update_rows(changed, names)
        if state is not None:
            _store_doghouses(game, state, old_state)
    if updated() != 1:
        raise GameError(
            "stale_version",
            "the game has moved on",
            status=409,
            extra={"version": Game.objects.get(pk=game.pk).version},
        )
    for name, value in fields.items():
        setattr(game, name, value)
    game.version = new_version
    ai_due = any(s.plays_itself for s in seats if s.number in acting)
    ai_due = ai_due or (bool(acting) and _forced_move(game, seats) is not None)
    notices = _notices(game, kind, start_notice)
    transaction.on_commit(lambda: _after_commit(game, new_version, ai_due, notices))


def _bump(game: Game, *, kind, seat=None, payload=None, **fields) -> None:
    """A change of the table that leaves the engine state alone (join, leave, abort)."""
    payload = payload or [{"type": kind, "seat": seat}]
    _commit(game, kind=kind, seat=seat, payload=payload, **fields)


def _acting_after(game: Game, state: dict | None, status: str) -> set[int]:
    """The seats to act in `state` while the game is active - nobody once it has ended,
    aborted ones included (the projection `Seat.to_act`, see models.py)."""
    return set(engine.to_act(state)) if state and status == Game.Status.ACTIVE else set()


def _store_doghouses(game: Game, state: dict, old_state: dict | None) -> None:
    """Each seat's doghouse row at the start, then the ones a round's end changed (one
    seat's, the loser's), in one statement: an upsert rather than a read and a write
    (each in a savepoint) for every seat."""
    old = old_state["doghouses"] if old_state is not None else [None] * game.players
    changed = [
        Doghouse(game=game, seat=number, cards=cards, kinds=engine.kinds(cards))
        for number, (cards, before) in enumerate(zip(state["doghouses"], old, strict=True))
        if cards != before
    ]
    if changed:
        Doghouse.objects.bulk_create(
            changed,
            update_conflicts=True,
            unique_fields=["game", "seat"],
            update_fields=["cards", "kinds"],
        )


def _notices(game: Game, kind: str, start_notice: str) -> list[tuple[str, int]]:
    """(notice, user id) for the people seated after a change of `kind`, from the seats
    in memory: `start_notice` (`game_started`, or `matched`), `game_ended`, or
    `your_turn` for each person to act.

    While passing, everyone is to act after every pass; `your_turn` then repeats, and
    clients keep the newest version per game.
    """
    notices = []
    for seat in game.seats.all():
        if seat.user_id is None:
            continue
        if kind == "started":
            notices.append((start_notice, seat.user_id))
        if game.status in (Game.Status.FINISHED, Game.Status.ABORTED):
            notices.append(("game_ended", seat.user_id))
        elif game.status == Game.Status.ACTIVE and seat.to_act and not seat.plays_itself:
            notices.append(("your_turn", seat.user_id))
    return notices


def _after_commit(game: Game, version: int, ai_due: bool, notices) -> None:
    """Tell the clients, and wake the AI if it is to move; runs only after a commit.

    The change is stored by now, so nothing here may turn it into an error for whoever
    made it: a lost broadcast is recovered by clients syncing on a version gap, a lost AI
    turn by the sweeper (AI_STALL). Both are logged (the broadcast by `game_changed`
    itself) and the caller gets its answer.
    """
    from games import realtime  # late: it imports this module

    fanout.remember(game)  # this process's spectators build their views from it
    realtime.game_changed(game, version, notices)
    if ai_due:
        _queue_ai(game.pk, version, countdown=settings.AI_MOVE_DELAY)


def _queue_ai(game_id: int, version: int, countdown: float = 0) -> bool:
    """Send the AI turn to a worker; False (logged) if the broker could not take it."""
    from games import tasks  # late: tasks imports this module

    try:
        tasks.ai_move.apply_async((game_id, version), countdown=countdown)
    except Exception:  # the sweeper queues it again once the broker is back
        log.exception("queueing the AI turn of game %s version %s failed", game_id, version)
        return False
    return True
