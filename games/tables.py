"""Tables: opening one, joining and leaving it, its start, and its end without a result;
a seat handed to the AI and taken back."""

from django.db import IntegrityError, transaction
from django.utils import timezone

from barkside.notices import GAME_STARTED
from games import engine, selectors
from games.change import Change, table_change
from games.commit import commit, locked, open_table
from games.correspondence import table_locked, vacations_running
from games.errors import GameError, no_such_game
from games.models import Game, GameDue, Seat
from games.shares import fair_share_check
from games.snapshots import Snapshot


@transaction.atomic
def game_create(*, user, players, ai=(), deck="auto", time_per_move, rated=False, private=False):
    """Open a table with `user` in seat 0 and AI seats last; a full table starts at once."""
    if len(ai) > players - 1:
        raise GameError("too_many_ai", field="ai")
    if rated:
        guest_check(user)
    free = players - len(ai) - 1
    opening = bool(free) and not private  # a table that waits in the lobby
    fair_share_check(user_id=user.pk, time_per_move=time_per_move, ai=bool(ai), opening=opening)
    table = open_table(
        seats=[{"user": user}, *[None] * free, *({"ai_level": level} for level in ai)],
        creator=user,
        players=players,
        deck=deck,
        time_per_move=time_per_move,
        rated=rated,
        private=private,
    )
    return commit(table, _started(table)).game if not free else table.game


@transaction.atomic
def game_start_seated(*, seats, time_per_move, rated=False, notice=GAME_STARTED) -> Game:
    """Start a public table at once with these seats, in this order: each
    `{"user_id": id}` or `{"ai_level": level}`; each person seated gets `notice`.
    Matchmaking seats the people it matched this way (their notice: `matched`)."""
    table = open_table(
        seats=seats, creator=None, players=len(seats), time_per_move=time_per_move, rated=rated
    )
    return commit(table, _started(table, notice=notice)).game


@transaction.atomic
def game_join(*, game_id, user, invite_code=None) -> Game:
    table = table_locked(game_id, user)  # the people first, then the game: the one lock order
    game = table.game
    if table.seat_of(user) is not None:
        raise GameError("already_seated", status=409)
    if game.private and invite_code != game.invite_code:  # private tables stay unseen
        raise no_such_game()
    if game.status != Game.Status.OPEN:
        raise GameError("not_open", status=409)
    if game.rated:
        guest_check(user)
    ai = any(s.is_ai for s in table.seats)
    fair_share_check(user_id=user.pk, time_per_move=game.time_per_move, ai=ai)
    taken = {s.number for s in table.seats}
    free = [n for n in range(game.players) if n not in taken]
    if len(free) == 1:
        change = _started(table, joining={free[0]: user})
    else:
        change = table_change("joined", free[0], seated={free[0]: user})
    try:
        return commit(table, change).game
    except IntegrityError:  # a concurrent join took the seat on a database without locks
        raise GameError("table_full", status=409) from None


@transaction.atomic
def game_leave(*, game_id, user) -> Game:
    """Leave a table before it starts; the last person to leave closes it."""
    table = locked(game_id)
    seat = selectors.own_seat(table.game, user)
    if table.game.status != Game.Status.OPEN:
        raise GameError("not_open", status=409)
    others = [s for s in table.seats if s.user_id and s.number != seat.number]
    if others:
        change = table_change("left", seat.number, unseated=(seat.number,))
    else:
        ended = {"status": Game.Status.ABORTED, "ended": timezone.now()}
        change = table_change("aborted", unseated=(seat.number,), columns=ended)
    return commit(table, change).game


def guest_check(user) -> None:
    """Guests play unrated games only (accounts/guests.py): a rating is worth what the
    accounts behind it are, and a new guest is free."""
    if user.is_guest:
        raise GameError("guest_not_allowed", status=403)


def _started(table: Snapshot, notice=GAME_STARTED, joining=None) -> Change:
    """The change that deals the first round to a full table (`joining`: the person who
    fills it, by seat number); a person away when a game starts is away there too."""
    game = table.game
    joining = joining or {}
    away = {}
    if game.is_correspondence:
        users = [s.user_id for s in table.seats if s.user_id] + [u.pk for u in joining.values()]
        away = vacations_running(users)
    seats = {n: u.pk for n, u in joining.items()} | {s.number: s.user_id for s in table.seats}
    now = timezone.now()
    return Change(
        "started",
        payload=({"type": "game_started"},),
        state=engine.new_game(game.players, game.seed, game.engine_deck),
        columns={"status": Game.Status.ACTIVE, "started": now},
        seats={
            n: {"away_since": now, "away_until": away[u]} for n, u in seats.items() if u in away
        },
        seated=joining,
        notice=notice,
    )


@transaction.atomic
def game_abort(*, game_id, reason: str, version: int | None = None) -> Game | None:
    """End a running game with no result (no rating change), if still at `version` (any
    version if None, as a moderator decides); None if it is not running (or moved on)."""
    try:
        table = locked(game_id)
    except GameError:
        return None
    if table.game.status != Game.Status.ACTIVE:
        return None
    if version is not None and table.version != version:
        return None
    change = Change(
        "aborted",
        payload=({"type": "aborted", "reason": reason},),
        columns={"status": Game.Status.ABORTED, "ended": timezone.now()},
    )
    return commit(table, change).game


@transaction.atomic
def table_expire(*, game_id, now) -> Game | None:
    """Close an open table nobody has sat down at for its wait (its due time passed by
    `now`, games/due.py); None if it is no longer open, or someone came meanwhile (the
    due time moved on with their change)."""
    try:
        table = locked(game_id)
    except GameError:
        return None
    expired = GameDue.objects.filter(game_id=game_id, at__lte=now).exists()
    if table.game.status != Game.Status.OPEN or not expired:
        return None
    change = Change(
        "aborted",
        payload=({"type": "aborted", "reason": "expired"},),
        columns={"status": Game.Status.ABORTED, "ended": timezone.now()},
    )
    return commit(table, change).game


@transaction.atomic
def seat_retake(*, game_id, user) -> Game:
    """A person takes back their seat from the AI while the game runs."""
    table = locked(game_id)
    seat = selectors.seat_in_play(table.game, user)
    if seat.state == Seat.State.PLAYING:
        raise GameError("already_playing", status=409)
    if seat.handover == Seat.Handover.RESIGNED:
        raise GameError("resigned", status=409)
    # Back at the table: a new expel vote waits for a deadline missed from now on.
    back = {
        "state": Seat.State.PLAYING,
        "handover": "",
        "timeouts": 0,
        "overdue_since": None,
        "expel_votes": [],
    }
    return commit(table, table_change("retaken", seat.number, seats={seat.number: back})).game


@transaction.atomic
def game_resign(*, game_id, user) -> Game:
    """Hand the seat to the AI for the rest of the game, for good; it counts as last."""
    table = locked(game_id)
    seat = selectors.seat_in_play(table.game, user)
    if seat.state == Seat.State.LEFT:
        raise GameError("already_left", status=409)
    left = {seat.number: {"state": Seat.State.LEFT, "handover": Seat.Handover.RESIGNED}}
    return commit(table, table_change("resigned", seat.number, seats=left)).game


def seats_to_autopilot(*, user) -> int:
    """The AI takes every seat `user` plays in a running game, one game per transaction
    (a suspension or a ban). Returns how many seats it took."""
    running = Seat.objects.filter(
        user=user, state=Seat.State.PLAYING, game__status=Game.Status.ACTIVE
    ).values_list("game_id", flat=True)
    taken = 0
    for game_id in list(running):
        with transaction.atomic():
            table = locked(game_id)
            seat = table.seat_of(user)
            if table.game.status != Game.Status.ACTIVE or seat is None or seat.plays_itself:
                continue  # the game ended, or the seat changed, since the list was read
            autopilot = {
                seat.number: {"state": Seat.State.AUTOPILOT, "handover": Seat.Handover.MODERATOR}
            }
            commit(table, table_change("autopilot", seat.number, seats=autopilot))
            taken += 1
    return taken
