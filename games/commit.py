"""The one place a game's rows are written: a change, computed as a value, committed.

A service reads the game locked (`locked`), decides what changes as a `Change` (the new
engine state, the seats' columns, the event, who is told), and hands it to `commit`.
`commit` makes the forced moves it leaves due (a person's only legal move, if their
setting says so) as the versions after it, checks the version with a compare-and-set
UPDATE (correct on PostgreSQL and SQLite alike), writes the events, the seats and the
doghouses, and returns the new `Snapshot`; the reply, the broadcast, the sockets' views and an idempotent move's stored
answer all read that snapshot. Broadcasts and AI turns are scheduled with
`transaction.on_commit`, so a rolled-back change sends nothing. Compare lichess's
`round` (apply, then save the progress, then publish) and boardgame.io's reducer.

Nothing else writes a game, its seats, events, doghouses or due time (tests/test_layers.py):
a new table's rows are inserted by `open_table`; the two writes without a change to make
are a vacation's end in games already over (`seats_back`) and the sweeper's next look at a
game it found nothing to change in (`due_later`).
"""

import copy
import logging

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from barkside import statements
from barkside.notices import GAME_ENDED, HANDED_OVER, YOUR_TURN
from games import autoplay, clocks, engine, fanout, reads, realtime, signals
from games.change import Change
from games.due import due
from games.errors import GameError, no_such_game
from games.models import Doghouse, Game, GameDue, GameEvent, Seat
from games.snapshots import Snapshot, read

log = logging.getLogger(__name__)


def locked(game_id) -> Snapshot:
    """The game as it stands, its row locked until the transaction ends (PostgreSQL;
    SQLite locks on write), with its seats and their people, read once after the lock:
    what a change is computed from."""
    snapshot = read(game_id, lock=True)
    if snapshot is None:
        raise no_such_game()
    return snapshot


def open_table(*, seats: list[dict], **columns) -> Snapshot:
    """Insert a new table and its seats (each `{"user": u}` or `{"ai_level": level}`, in
    seat order; a seat None stays free), and if it waits for people, when it expires (its
    due time). Its first change is its start (`commit`)."""
    game = Game.objects.create(**columns)
    rows = [Seat(game=game, number=n, **s) for n, s in enumerate(seats) if s is not None]
    Seat.objects.bulk_create(rows)
    if None in seats:
        GameDue.objects.create(game=game, at=due(game, rows, game.created))
    return Snapshot(reads.with_seats(game, rows))


def commit(before: Snapshot, change: Change) -> Snapshot:
    """Store `change` to the game `before` (read with `locked` in this transaction) as the
    next version, and after it each person's forced move it leaves due (their only legal
    move, made at once if their setting says so: `autoplay.forced_change`), each its own
    version and event. All of it is written in one round trip, and told as one: nobody
    ever sees, or decides on, a version with a forced move still to make.
    Returns the game as it is now; schedules its broadcast and the AI after commit."""
    old = before.game
    now = timezone.now()
    game = copy.copy(old)  # `before` stays as it was: it is another version's snapshot
    seats = _seats(old, change)
    written = [clocks.snapshot(s) for s in seats]  # the seats seated here included
    was = {s.number: s for s in old.seats.all()}  # `before`'s seats, left as they were
    columns, events, step = {}, [], change
    while step is not None:
        columns |= _step(game, seats, step, now)
        events.append(_event(game, step))
        step = autoplay.forced_change(game, seats)
    # The compare-and-set, the events, the seats, the doghouses and the due time: one
    # round trip. The row is locked, so the version is still the one read and the set finds it; if it
    # ever did not, the error below rolls back what went with it.
    with statements.together():
        updated = statements.update(
            Game, {"pk": old.pk, "version": old.version}, {"version": game.version, **columns}
        )
        for event in events:
            statements.insert(event)
        rows, names = clocks.changed(seats, written)
        if rows:
            statements.update_rows(rows, names)
        if game.state is not old.state:
            _store_doghouses(old, game.state, old.state)
        if old.status in (Game.Status.OPEN, Game.Status.ACTIVE):
            statements.upsert(GameDue(game_id=old.pk, at=due(game, seats, now)))
    if updated() != 1:
        current = Game.objects.filter(pk=old.pk).values_list("version", flat=True).first()
        raise GameError("stale_version", status=409, extra={"version": current})
    after = Snapshot(reads.with_seats(game, seats))
    if game.status == Game.Status.FINISHED and old.status != game.status:
        signals.game_finished.send(sender=Game, game=game)  # ratings, in this transaction
    acting = _acting(game.state, game.status)
    ai_due = any(s.plays_itself for s in seats if s.number in acting)
    notices = _notices(after, change, was) + _handed_over(after, was)
    seating = bool(change.seated or change.unseated)
    transaction.on_commit(lambda: _told(after, ai_due, notices, seating))
    return after


def _step(game: Game, seats: list[Seat], change: Change, now) -> dict:
    """Apply one change to the game and seats in memory (the next version); the game's
    columns it sets."""
    columns = dict(change.columns)
    if change.state is not None:
        columns.update(state=change.state, last_move=now, result=change.state["result"])
    for seat in seats:
        for name, value in change.seats.get(seat.number, {}).items():
            setattr(seat, name, value)
    acting = _acting(change.state or game.state, columns.get("status", game.status))
    clocks.step(
        seats,
        old_acting=_acting(game.state, game.status),
        acting=acting,
        mover=change.seat if change.state is not None else None,
        by=change.by,
        now=now,
        time_per_move=game.time_per_move,
        correspondence=game.is_correspondence,
        starting=game.state is None and change.state is not None,
    )
    columns["turn_deadline"] = clocks.earliest(seats, acting)
    for name, value in columns.items():
        setattr(game, name, value)
    game.version += 1
    return columns


def _event(game: Game, change: Change) -> GameEvent:
    """The event row of `change`, the game's newest version."""
    return GameEvent(
        game_id=game.pk,
        version=game.version,
        seat=change.seat,
        kind=change.kind,
        move=change.move,
        actor=change.by,
        payload=list(change.payload),
    )


def due_later(game_id: int, now, at) -> None:
    """The sweeper made no change to a game due by `now` (it queued a lost AI turn again,
    or what was due is not yet): it looks again at `at`. A change committed meanwhile has
    stored the game's own next due time, which stays."""
    GameDue.objects.filter(game_id=game_id, at__lte=now).update(at=at)


def seats_back(user) -> None:
    """`user` is back from vacation in the games that ended while they were away."""
    Seat.objects.filter(user=user).exclude(away_since=None).update(away_since=None, away_until=None)


def games_forget(game_ids) -> None:
    """Delete games that have ended and are nobody's record any more (a removed guest's
    games against the AI alone), with their seats, events and due times."""
    Game.objects.filter(pk__in=game_ids).exclude(status=Game.Status.ACTIVE).delete()


def _seats(game: Game, change: Change) -> list[Seat]:
    """The seats after `change` seats and unseats people, as new objects: the rows of
    `before` stay as they were. People seated are inserted here, so that their clocks can
    be written with the others'."""
    if change.unseated:
        Seat.objects.filter(game_id=game.pk, number__in=change.unseated).delete()
    seats = [copy.copy(s) for s in game.seats.all() if s.number not in change.unseated]
    for number, user in change.seated.items():
        seats.append(Seat.objects.create(game_id=game.pk, number=number, user=user))
    return sorted(seats, key=lambda s: s.number)


def _acting(state: dict | None, status: str) -> set[int]:
    """The seats to act in `state` while the game is active - nobody once it has ended,
    aborted ones included (the projection `Seat.to_act`, see models.py)."""
    return set(engine.to_act(state)) if state and status == Game.Status.ACTIVE else set()


def _store_doghouses(game: Game, state: dict, old_state: dict | None) -> None:
    """Each seat's doghouse row at the start, then the ones a round's end changed (one
    seat's, the loser's), in one statement: an upsert rather than a read and a write
    (each in a savepoint) for every seat."""
    old = old_state["doghouses"] if old_state is not None else [None] * game.players
    changed = [
        Doghouse(game_id=game.pk, seat=number, cards=cards, kinds=engine.kinds(cards))
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


def _notices(after: Snapshot, change: Change, was: dict[int, Seat]) -> list[tuple[str, int]]:
    """(notice, user id) for the people seated after `change`: its `notice` when it starts
    the game (`game_started`, or `matched`), `game_ended`, or `your_turn` for each person
    to act. A start notice begins the first turn too (barkside/notices.py `begins_turn`):
    one notice, not two, and one push.

    While passing, everyone is to act after every pass; `your_turn` then repeats, and
    clients keep the newest version per game. A change that leaves the cards alone (a
    vacation, a vote, a seat taken back) tells `your_turn` only to a person whose turn it
    began or whose clock it moved on (`was`: the seats before it): a vacation starting
    tells nobody their turn again.
    """
    game, notices = after.game, []
    for seat in after.seats:
        if seat.user_id is None:
            continue
        if change.kind == "started":
            notices.append((change.notice, seat.user_id))
        elif game.status in (Game.Status.FINISHED, Game.Status.ABORTED):
            notices.append((GAME_ENDED, seat.user_id))
        elif game.status == Game.Status.ACTIVE and _turn_told(seat, change, was):
            notices.append((YOUR_TURN, seat.user_id))
    return notices


def _handed_over(after: Snapshot, was: dict[int, Seat]) -> list[tuple[str, int]]:
    """(notice, user id) for each person whose seat the AI took in this change without
    their asking (barkside/notices.py `HANDED_OVER`): told once, when the seat's
    `handover` becomes one of those (`was`: the seats before the change), so the
    AI's moves after it tell nothing more. A game that ended with it tells `game_ended`."""
    if after.game.status != Game.Status.ACTIVE:
        return []
    return [
        (HANDED_OVER[seat.handover], seat.user_id)
        for seat in after.seats
        if seat.user_id is not None
        and seat.handover in HANDED_OVER
        and getattr(was.get(seat.number), "handover", None) != seat.handover
    ]


def _turn_told(seat: Seat, change: Change, was: dict[int, Seat]) -> bool:
    if not seat.to_act or seat.plays_itself:
        return False
    return change.state is not None or _turn_began(seat, was.get(seat.number))


def _turn_began(seat: Seat, old: Seat | None) -> bool:
    """The table waits on the seat's person now and did not wait on them with this
    deadline before: their turn began, or their clock moved on."""
    waited = old is not None and _waits_on_person(old) and old.deadline == seat.deadline
    return _waits_on_person(seat) and not waited


def _waits_on_person(seat: Seat) -> bool:
    """The table waits on the seat's person: theirs to act, their clock running."""
    return seat.to_act and not seat.plays_itself and seat.away_since is None


def _told(after: Snapshot, ai_due: bool, notices, seating: bool) -> None:
    """Tell the clients, and wake the AI if it is to move; runs only after a commit.

    The change is stored by now, so nothing here may turn it into an error for whoever
    made it: a lost broadcast is recovered by clients syncing on a version gap, a lost AI
    turn by the sweeper (games/sweeper.py). Both are logged (the broadcast by
    `game_changed` itself) and the caller gets its answer.
    """
    fanout.remember(after)  # this process's spectators build their views from it
    realtime.game_changed(after, notices, seating)
    if ai_due:
        queue_ai(after.pk, after.version, countdown=settings.AI_MOVE_DELAY)


def queue_ai(game_id: int, version: int, countdown: float = 0) -> bool:
    """Send the AI turn to a worker; False (logged) if the broker could not take it."""
    from games import tasks  # late: the tasks call the services, which commit here

    try:
        tasks.ai_move.apply_async((game_id, version), countdown=countdown)
    except Exception:  # the sweeper queues it again once the broker is back
        log.exception("queueing the AI turn of game %s version %s failed", game_id, version)
        return False
    return True
