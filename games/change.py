"""A change to a game, as plain data: what a service decides, and `games.commit` stores."""

from collections.abc import Mapping
from dataclasses import dataclass, field

from barkside.notices import GAME_STARTED


@dataclass(frozen=True)
class Change:
    """What one change does to a game, as plain data; `commit` stores it.

    `state` is the engine's new state, if the engine moved (`move` what it applied, `by`
    who made it: player, ai, timeout or forced); `columns` the game's own columns it sets
    (status, started, ended); `seats` each seat's columns it sets, by seat number (a
    vacation, a vote, a seat handed to the AI); `seated` the people it seats, by seat
    number, and `unseated` the seats it empties (joining and leaving an open table).
    `notice` is what the people seated are told when the change starts the game.
    """

    kind: str
    seat: int | None = None
    payload: tuple = ()
    state: dict | None = None
    move: dict | None = None
    by: str = ""
    columns: Mapping = field(default_factory=dict)
    seats: Mapping[int, Mapping] = field(default_factory=dict)
    seated: Mapping[int, object] = field(default_factory=dict)
    unseated: tuple[int, ...] = ()
    notice: str = GAME_STARTED


def table_change(kind: str, seat: int | None = None, **fields) -> Change:
    """A change of the table that leaves the engine state alone (join, leave, resign)."""
    return Change(kind, seat, payload=({"type": kind, "seat": seat},), **fields)
