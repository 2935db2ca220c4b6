"""What a finished game came to for each seat: its final place as the ratings count it,
and the words for it (won, lost, drawn); and the rating changes an app above registers.

A seat handed to the AI for good (resigned, three timeouts in a row, expelled: state
`left`) counts below every seat that stayed, whatever the AI then made of its cards;
among themselves the seats keep the engine's standings. The ratings (matchmaking), the
game's view and list entry, and the profiles read these places, never the raw result.
"""

from collections.abc import Callable, Iterable

from games import engine
from games.models import Seat


def places(standings: list[int], left: set[int]) -> list[int]:
    """Places (1 = best, equal = shared) from `engine.standings`, with every seat in
    `left` below everyone who stayed."""
    keys = [(seat in left, place) for seat, place in enumerate(standings)]
    return [1 + sum(other < key for other in keys) for key in keys]


def final_places(result: dict | None, seats: Iterable[Seat]) -> list[int] | None:
    """Each seat's final place in a game with `result` (None while it runs)."""
    if not result:
        return None
    left = {s.number for s in seats if s.state == Seat.State.LEFT}
    return places(engine.standings(result), left)


def outcome(places: list[int], seat: int) -> str:
    """`won` (first, and someone below), `lost` (last, and someone above), `drawn`
    (everyone first) or `neither`."""
    if max(places) == 1:
        return "drawn"
    if places[seat] == 1:
        return "won"
    return "lost" if places[seat] == max(places) else "neither"


# The rating changes of a finished game, `{user id: {"before", "after"}}`, from the app
# that rates games (matchmaking registers it at start-up); games itself rates none.
RatingReader = Callable[[int], dict[int, dict]]
_rating_reader: RatingReader | None = None


def read_ratings_with(reader: RatingReader | None) -> None:
    global _rating_reader
    _rating_reader = reader


def rating_changes(game) -> list[dict | None] | None:
    """Each seat's rating change in a finished rated game (None for a seat not rated, an
    AI's), or None if the game is not a rated finished one."""
    if not (game.rated and game.result) or _rating_reader is None:
        return None
    changes = _rating_reader(game.pk)
    by_seat = {s.number: changes.get(s.user_id) for s in game.seats.all() if s.user_id}
    return [by_seat.get(number) for number in range(game.players)]
