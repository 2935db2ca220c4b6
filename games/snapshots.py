"""A game as it stood at one version: what a reply, a broadcast and a socket read.

A `Snapshot` is made in two places only: by `games.commit.commit`, from the change it has
just stored, and by `read`, from the database. Its game and seats are never changed after
that (a change makes a new snapshot), so the views built from it can be kept with it: each
seat's view of the version is built once, as the JSON text a client gets, however many
replies, broadcasts and sockets ask for it. They go with the snapshot, never onto a model.
"""

from dataclasses import dataclass, field

from barkside import jsontext
from games import reads, selectors
from games.models import Game, Seat


@dataclass(frozen=True, eq=False)
class Snapshot:
    game: Game  # with its seats read (`game.seats.all()` asks nothing)
    _views: dict = field(default_factory=dict, repr=False)  # seat number (None) -> JSON text

    @property
    def pk(self) -> int:
        return self.game.pk

    @property
    def version(self) -> int:
        return self.game.version

    @property
    def seats(self) -> list[Seat]:
        return list(self.game.seats.all())

    def seat_of(self, user) -> Seat | None:
        return selectors.seat_of(self.game, user)

    def view_json(self, seat: Seat | None) -> str:
        """`selectors.game_view` for `seat` (None: the public view) as JSON text."""
        key = seat.number if seat is not None else None
        text = self._views.get(key)
        if text is None:
            text = self._views[key] = jsontext.dumps(selectors.game_view(self.game, seat))
        return text


def read(game_id, *, lock: bool = False) -> Snapshot | None:
    """The game as stored now, with its seats and their people; `lock` holds its row until
    the transaction ends (what a change starts from: `games.commit`)."""
    game = reads.game_with_seats(game_id, lock=lock)
    return None if game is None else Snapshot(game)
