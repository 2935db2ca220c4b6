"""The one read path for games: what a user may see, built from the engine's `view`."""

from django.db.models import Exists, OuterRef, Prefetch, QuerySet

from games import engine
from games.errors import GameError, no_such_game
from games.models import Game, Seat


def with_seats(games: QuerySet[Game]) -> QuerySet[Game]:
    """Games with their seats and the seats' people, in one query after the games'."""
    return games.prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))


def seat_of(game: Game, user) -> Seat | None:
    """The user's seat at the game, from its seats in memory."""
    return next((s for s in game.seats.all() if s.user_id == user.pk), None)


def visible_game(game_id, user) -> tuple[Game, Seat | None]:
    """The game and the user's seat in it; private games exist only for their players."""
    game = with_seats(Game.objects.filter(pk=game_id)).first()
    if game is None:
        raise no_such_game()
    return game, visible_seat(game, user)


def visible_seat(game: Game, user) -> Seat | None:
    """The user's seat (None for a spectator); a private game is not there for others."""
    seat = seat_of(game, user)
    if seat is None and game.private:
        raise no_such_game()
    return seat


def is_visible(game_id, user) -> bool:
    """Whether `user` may see the game at all (see `visible_game`)."""
    try:
        visible_game(game_id, user)
    except GameError:
        return False
    return True


def game_view(game: Game, seat: Seat | None) -> dict:
    """The table and the engine's view for `seat` (the public view for spectators)."""
    view = None
    if game.state is not None:
        view = engine.view(game.state, seat.number if seat else None)
        view["version"] = game.version  # the table's version: what a move must name (API)
    return {
        "id": game.pk,
        "status": game.status,
        "players": game.players,
        "deck": game.deck,
        "time_per_move": game.time_per_move,
        "rated": game.rated,
        "private": game.private,
        "invite_code": game.invite_code if seat and game.private else None,
        "version": game.version,
        "turn_deadline": game.turn_deadline,
        "seed_sha256": game.seed_sha256,
        "created": game.created,
        "started": game.started,
        "ended": game.ended,
        "your_seat": seat.number if seat else None,
        "seats": _seats(game.seats.all(), _acting(game)),
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


def _seats(seats, acting: set[int]) -> list[dict]:
    return [
        {
            "number": seat.number,
            "name": seat_name(seat),
            "username": seat.user.username if seat.user_id else None,
            "ai_level": seat.ai_level or None,
            "state": seat.state,
            "to_act": seat.number in acting,
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
    """The user's games, those waiting on them first, then the most recently moved."""
    my_turn = Seat.objects.filter(game=OuterRef("pk"), user=user, to_act=True)
    games = Game.objects.filter(seats__user=user)
    if status:
        games = games.filter(status=status)
    return (
        games.annotate(my_turn=Exists(my_turn))
        .prefetch_related("seats__user")
        .order_by("-my_turn", "-last_move", "-created")
    )


def open_games() -> QuerySet[Game]:
    return (
        Game.objects.filter(status=Game.Status.OPEN, private=False)
        .prefetch_related("seats__user")
        .order_by("created")
    )


def game_summary(game: Game, user) -> dict:
    """A line in a list of games: the table without its engine view."""
    seats = list(game.seats.all())
    mine = next((s for s in seats if s.user_id == user.pk), None)
    acting = _acting(game)
    return {
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
        "your_turn": bool(mine and mine.number in acting),
        "seats": _seats(seats, acting),
        "created": game.created,
        "result": game.result,
    }


def game_record(game: Game) -> dict:
    """The full record with the seed: only once the game has ended (finished or aborted)."""
    if game.state is None or game.status not in (Game.Status.FINISHED, Game.Status.ABORTED):
        raise GameError("game_running", "the record is published when the game ends", status=409)
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
