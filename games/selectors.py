"""The one read path for games: what a user may see, built from the engine's `view`."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Exists, F, OuterRef, Prefetch, Q, QuerySet, Subquery, Sum
from django.utils import timezone

from games import clocks, engine, outcome, reads
from games.errors import GameError, no_such_game
from games.models import CORRESPONDENCE_SECONDS, Game, GameEvent, PlayerSettings, Seat, Vacation

GAME_LIMIT_BASE = 20  # running correspondence games a player may have...
GAME_LIMIT_PER_FINISHED = 10  # ...plus one per this many finished ones


def with_seats(games: QuerySet[Game]) -> QuerySet[Game]:
    """Games with their seats and the seats' people, in one query after the games'."""
    seats = Seat.objects.select_related("user").order_by("number")  # of one game or more
    return games.prefetch_related(Prefetch("seats", queryset=seats))


def one_with_seats(game_id, *, lock: bool = False) -> Game | None:
    """The game `game_id` with its seats and their people (as `with_seats`), or None;
    `lock` holds its row until the transaction ends. One statement, compiled once per
    process (games/reads.py): every move and every socket's first view read it."""
    return reads.game_with_seats(game_id, lock=lock)


def seat_of(game: Game, user) -> Seat | None:
    """The user's seat at the game, from its seats in memory."""
    return next((s for s in game.seats.all() if s.user_id == user.pk), None)


def visible_game(game_id, user) -> tuple[Game, Seat | None]:
    """The game and the user's seat in it; private games exist only for their players."""
    game = one_with_seats(game_id)
    if game is None:
        raise no_such_game()
    return game, visible_seat(game, user)


def visible_seat(game: Game, user) -> Seat | None:
    """The user's seat (None for a spectator); a private game is not there for others."""
    seat = seat_of(game, user)
    if seat is None and game.private:
        raise no_such_game()
    return seat


def own_seat(game: Game, user) -> Seat:
    """The user's seat, for a change only a player may make (a private game is not even
    there for others)."""
    seat = visible_seat(game, user)
    if seat is None:
        raise GameError("not_a_player", status=403)
    return seat


def seat_in_play(game: Game, user) -> Seat:
    """The user's seat at a running game."""
    seat = own_seat(game, user)
    if game.status != Game.Status.ACTIVE:
        raise GameError("not_active", status=409)
    return seat


def is_visible(game_id, user) -> bool:
    """Whether `user` may see the game at all (see `visible_game`)."""
    try:
        visible_game(game_id, user)
    except GameError:
        return False
    return True


def game_view(game: Game, seat: Seat | None) -> dict:
    """The table and the engine's view for `seat` (the public view for spectators).

    While the AI plays a person's seat (their time ran out, they resigned, the table or a
    moderator handed it over), the view offers them no move: the engine's legal moves are
    the AI's to choose from, and a move of theirs is refused (`play.game_move`) until they
    take the seat back. Their cards are still shown, as the engine's view has them."""
    view = None
    if game.state is not None:
        view = engine.view(game.state, seat.number if seat else None)
        view["version"] = game.version  # the table's version: what a move must name (API)
        if seat is not None and seat.plays_itself:
            view["legal_moves"] = []
    return {
        "id": game.pk,
        "status": game.status,
        "players": game.players,
        "deck": game.deck,
        "time_per_move": game.time_per_move,
        "rated": game.rated,
        "private": game.private,
        "hints": game.offers_hints,
        "invite_code": game.invite_code if seat and game.private else None,
        "version": game.version,
        "turn_deadline": game.turn_deadline,
        "seed_sha256": game.seed_sha256,
        "created": game.created,
        "started": game.started,
        "ended": game.ended,
        "your_seat": seat.number if seat else None,
        "seats": _seats(game, game.seats.all(), _acting(game)),
        "places": outcome.final_places(game.result, game.seats.all()),
        "rating_changes": outcome.rating_changes(game),
        "view": view,
    }


# Names for AI seats: at least six (the most seats at a table), so a table never repeats one.
DOG_NAMES = (
    "Rex",
    "Bella",
    "Biscuit",
    "Luna",
    "Max",
    "Pepper",
    "Milo",
    "Daisy",
    "Scout",
    "Nala",
    "Rocky",
    "Maple",
)


def seat_name(seat: Seat) -> str:
    """The name everyone sees for a seat: the person's username, or for an AI a dog's name
    and its level, e.g. "Rex (hard)". Neighbouring seats take neighbouring names, from a
    start that the game's id picks, so the names are distinct at a table and never change.
    """
    if seat.user_id:
        return seat.user.username
    dog = DOG_NAMES[(seat.game_id * 5 + seat.number) % len(DOG_NAMES)]
    return f"{dog} ({seat.ai_level})"


def expel_from(game: Game, seat: Seat) -> datetime | None:
    """When the vote to hand `seat` to the AI opens (or opened), in a running
    correspondence game: EXPEL_GRACE_SECONDS after the first deadline it missed, until its
    person moves again (`clocks.expel_opens`). None in live games: they have no vote."""
    if game.status != Game.Status.ACTIVE or not game.is_correspondence:
        return None
    return clocks.expel_opens(seat, timedelta(seconds=settings.EXPEL_GRACE_SECONDS))


def _seats(game: Game, seats, acting: set[int]) -> list[dict]:
    return [
        {
            "number": seat.number,
            "name": seat_name(seat),
            "username": seat.user.username if seat.user_id else None,
            "ai_level": seat.ai_level or None,
            "state": seat.state,
            "handover": seat.handover or None,
            "timeouts": seat.timeouts,
            "timeouts_left": clocks.TIMEOUTS_BEFORE_LEFT - seat.timeouts if seat.user_id else None,
            "to_act": seat.number in acting,
            "deadline": seat.deadline if seat.number in acting else None,
            "reserve": seat.reserve,
            "away_until": seat.away_until,
            "expel_from": expel_from(game, seat),
            "expel_votes": list(seat.expel_votes),
        }
        for seat in seats
    ]


def _acting(game: Game) -> set[int]:
    """The seats to act, from the game row's own state rather than the seat rows: those
    are a second query, and under READ COMMITTED they may already show the next version
    while the game row (and so the version a move must name) shows this one."""
    if game.status != Game.Status.ACTIVE:
        return set()  # an aborted game's state still names a seat to act
    return set(engine.to_act(game.state))


def games_of(user, status: str | None = None) -> QuerySet[Game]:
    """The user's games: those waiting on them first, the soonest deadline first, then the
    rest, the most recently moved first. Each carries `last_event_id`, the id of its last
    move (see `last_actions`)."""
    # Not while the AI plays the seat: it moves, and the person is not waited for.
    my_turn = Seat.objects.filter(
        game=OuterRef("pk"), user=user, to_act=True, state=Seat.State.PLAYING
    )
    last_move = GameEvent.objects.filter(game=OuterRef("pk")).exclude(move=None)
    games = Game.objects.filter(seats__user=user)
    if status:
        games = games.filter(status=status)
    return (
        games.annotate(
            my_turn=Exists(my_turn),
            my_deadline=Subquery(my_turn.values("deadline")[:1]),
            last_event_id=Subquery(last_move.order_by("-version").values("pk")[:1]),
        )
        .prefetch_related("seats__user")
        .order_by(
            "-my_turn",
            F("my_deadline").asc(nulls_last=True),
            F("last_move").desc(nulls_last=True),
            "-created",
        )
    )


def last_actions(games) -> dict[int, GameEvent]:
    """The last move of each game of a page of `games_of`, in one query."""
    ids = [g.last_event_id for g in games if getattr(g, "last_event_id", None)]
    return {e.game_id: e for e in GameEvent.objects.filter(pk__in=ids)}


def last_action(game: Game, event: GameEvent | None, mine: Seat | None) -> dict | None:
    """A game's last move as the viewer may know it: who, what, and the cards when they
    are public (a play, a tuck). A pass's cards are shown only to the seat that passed
    them and, once the passes are exchanged, to the seat that received them."""
    if event is None or event.seat is None:
        return None
    seat = next((s for s in game.seats.all() if s.number == event.seat), None)
    cards = None
    if event.kind != "pass":
        made = (e for e in event.payload if e.get("type") in ("played", "tucked"))
        cards = next((e["cards"] for e in made), None)
    elif mine is not None and _sees_pass(game, event, mine.number):
        cards = event.move["cards"]
    return {
        "seat": event.seat,
        "name": seat_name(seat) if seat else None,
        "kind": event.kind,
        "actor": event.actor,
        "cards": cards,
        "at": event.created,
    }


def _sees_pass(game: Game, event: GameEvent, viewer: int) -> bool:
    """Seat s passes to seat s-1 (engine rules), which sees it once passes are exchanged."""
    if viewer == event.seat:
        return True
    exchanged = any(e.get("type") == "passes_exchanged" for e in event.payload)
    return exchanged and viewer == (event.seat - 1) % game.players


def open_games() -> QuerySet[Game]:
    return (
        Game.objects.filter(status=Game.Status.OPEN, private=False)
        .prefetch_related("seats__user")
        .order_by("created")
    )


def game_summary(game: Game, user, last: GameEvent | None = None) -> dict:
    """A line in a list of games: the table without its engine view, with the viewer's
    deadline, the last move (`last`, from `last_actions`) and whom the table waits for."""
    seats = list(game.seats.all())
    mine = next((s for s in seats if s.user_id == user.pk), None)
    acting = _acting(game)
    waited = bool(mine and mine.number in acting and not mine.plays_itself)
    return {
        "your_deadline": mine.deadline if waited else None,
        "last_action": last_action(game, last, mine),
        "waiting_for": [seat_name(s) for s in seats if s.number in acting],
        "id": game.pk,
        "status": game.status,
        "players": game.players,
        "seated": len(seats),
        "deck": game.deck,
        "time_per_move": game.time_per_move,
        "rated": game.rated,
        "private": game.private,
        "version": game.version,
        "turn_deadline": game.turn_deadline,
        "your_seat": mine.number if mine else None,
        "your_turn": waited,
        "seats": _seats(game, seats, acting),
        "created": game.created,
        "result": game.result,
        "places": outcome.final_places(game.result, seats),
    }


def game_rounds(game: Game) -> dict:
    """The game's finished rounds (`engine.past_rounds`), for a client that missed some of
    the views' `last_round`s: the same for every seat and spectator, as they are public."""
    rounds = engine.past_rounds(game.state) if game.state is not None else []
    return {"id": game.pk, "version": game.version, "rounds": rounds}


def record_published(game: Game) -> bool:
    """Whether the game's record is out: once it has ended (finished or aborted)."""
    return game.state is not None and game.status in (Game.Status.FINISHED, Game.Status.ABORTED)


def game_record(game: Game) -> dict:
    """The full record with the seed: only once the game has ended (finished or aborted)."""
    if not record_published(game):
        raise GameError("game_running", status=409)
    record = engine.to_record(game.state, reveal_seed=True)
    record["seats"] = [seat_name(s) for s in game.seats.all()]
    record["started"] = game.started.isoformat() if game.started else None
    record["ended"] = game.ended.isoformat() if game.ended else None
    return record


def state_from_events(game: Game) -> dict | None:
    """Rebuild the engine state from the seed and the event log alone."""
    moves = game.events.exclude(move=None).order_by("version").values_list("seat", "move")
    if game.started is None:
        return None
    state = engine.new_game(game.players, game.seed, game.engine_deck)
    for seat, move in moves:
        state, _ = engine.apply(state, {"seat": seat, **move})
    return state


# --- correspondence: settings, the game limit, vacations, turns waiting -----------------


def settings_of(user) -> PlayerSettings:
    """The player's games-side settings (the defaults, unsaved, if they never set any)."""
    return PlayerSettings.objects.filter(user=user).first() or PlayerSettings(user=user)


def forced_moves_on(seat: Seat, game: Game) -> bool:
    """Whether the seat's person lets their only legal move be made at once in `game`:
    from their settings read with the seats (games/reads.py), else read now."""
    user = seat.user if Seat.user.is_cached(seat) else None
    if user is not None and type(user).game_settings.is_cached(user):
        found = getattr(user, "game_settings", None)  # None: they never chose any
    else:
        found = PlayerSettings.objects.filter(user_id=seat.user_id).first()
    found = found or PlayerSettings()
    if game.is_correspondence:
        return found.forced_moves_correspondence
    return found.forced_moves_live


def game_limit(user) -> dict:
    """Running correspondence games (open or active, seats not left) and the most the
    player may have: GAME_LIMIT_BASE + one per GAME_LIMIT_PER_FINISHED finished ones."""
    seats = Seat.objects.filter(user=user, game__time_per_move__gte=CORRESPONDENCE_SECONDS[0])
    counts = seats.aggregate(
        running=Sum(
            1,
            filter=Q(game__status__in=[Game.Status.OPEN, Game.Status.ACTIVE])
            & ~Q(state=Seat.State.LEFT),
            default=0,
        ),
        finished=Sum(1, filter=Q(game__status=Game.Status.FINISHED), default=0),
    )
    extra = counts["finished"] // GAME_LIMIT_PER_FINISHED
    return {"running": counts["running"], "limit": GAME_LIMIT_BASE + extra}


def vacation_left(user, now: datetime | None = None) -> timedelta:
    """What is left of this calendar year's (UTC) vacation allowance; a running vacation
    counts in full, up to its `until`."""
    now = now or timezone.now()
    allowance = timedelta(days=settings_of(user).vacation_days)
    year = Vacation.objects.filter(user=user, started__year=now.year)
    used = sum(((v.ended or v.until) - v.started for v in year), timedelta(0))
    return max(timedelta(0), allowance - used)


def correspondence_settings(user) -> dict:
    """What a player sees of their correspondence play: GET /api/games/settings."""
    found = settings_of(user)
    vacation = Vacation.objects.filter(user=user, ended=None).first()
    now = timezone.now()
    return {
        "forced_moves_correspondence": found.forced_moves_correspondence,
        "forced_moves_live": found.forced_moves_live,
        "vacation_days": found.vacation_days,
        "vacation_days_left": round(vacation_left(user, now) / timedelta(days=1), 2),
        "vacation": {"started": vacation.started, "until": vacation.until} if vacation else None,
        "game_limit": game_limit(user),
    }


@dataclass(frozen=True)
class WaitingTurn:
    """A person the table waits for: their seat is to act and its deadline is ahead."""

    user_id: int
    game_id: int
    started: datetime  # when this seat's turn began (its clock started)
    deadline: datetime
    time_per_move: int


def waiting_seats(now=None) -> QuerySet[Seat]:
    """The seats of `turns_waiting`, as a query: to be narrowed or planned from in the
    database, however many there are."""
    return Seat.objects.filter(
        to_act=True,
        state=Seat.State.PLAYING,
        user__isnull=False,
        away_since=None,
        game__status=Game.Status.ACTIVE,
        deadline__gt=now or timezone.now(),
    )


def turns_waiting(
    *, user_id=None, user_ids=None, game_id=None, game_ids=None, now=None
) -> list[WaitingTurn]:
    """Every person a running game waits for (their own seat, not handed to the AI, their
    clock running: not on vacation) whose deadline is still ahead, soonest first;
    optionally one person's or those of `user_ids` (through the seats' user index), one
    game's or those of the games `game_ids` (the seats' (game, number) index). For
    reminders and the email digest."""
    seats = waiting_seats(now)
    if user_id is not None:
        seats = seats.filter(user_id=user_id)
    if user_ids is not None:
        seats = seats.filter(user_id__in=user_ids)
    if game_id is not None:
        seats = seats.filter(game_id=game_id)
    if game_ids is not None:
        seats = seats.filter(game_id__in=game_ids)
    rows = seats.values_list(
        "user_id", "game_id", "turn_started", "deadline", "game__time_per_move"
    )
    return [WaitingTurn(*row) for row in rows.order_by("deadline", "pk")]
