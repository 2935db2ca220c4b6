"""The views a process's game sockets build themselves: one read of a game per version,
one view per seat and version.

A seated person's sockets get each new version's view ready-made from the process that
committed it (games/realtime.py). What is left to build here: the first view of a
socket that connects or syncs, a spectator's public view, and a seated person's view
whose message did not come. Done naively, that costs a read of the game and a view per
socket and version in every process. Here the sockets of a process share the newest
snapshot of the game they know of (games/snapshots.py): the process that made the
change keeps it as it commits (`remember`), so its sockets read nothing; others read it
once, however many sockets ask at the same time. Each seat's view of a version is built
once on the snapshot and shared by every socket of that seat (and the public view by
every spectator). Only the newest version's snapshot is kept, and only while a socket of
this process watches the game (`watch`, `unwatch`): a game holds its whole state, every
round's moves, and the garbage collector walks every object kept.

What a socket sends is still the view of its own user's seat: only the work of building
it is shared, never one person's view with another.
"""

import asyncio
import threading
from collections import Counter
from typing import NamedTuple

from barkside import database_threads
from games import selectors, snapshots
from games.errors import no_such_game
from games.snapshots import Snapshot

READS = 3  # a shared read older than the version asked for is done again, this often

_lock = threading.Lock()  # `remember` runs in request threads, the rest on the loop
_watchers: Counter[int] = Counter()  # game id -> this process's sockets watching it
_games: dict[int, Snapshot] = {}  # game id -> its newest version known, while watched
_reading: dict[int, asyncio.Future] = {}  # game id -> the read under way


def watch(game_id: int) -> None:
    """A socket of this process shows the game from now on (before it reads it)."""
    with _lock:
        _watchers[game_id] += 1


def unwatch(game_id: int) -> None:
    """A socket that watched the game closed: the last one takes the game kept with it."""
    with _lock:
        _watchers[game_id] -= 1
        if _watchers[game_id] <= 0:
            del _watchers[game_id]
            _games.pop(game_id, None)


def remember(snapshot: Snapshot) -> Snapshot | None:
    """A game just committed or read: kept if a socket here watches it and it is the
    newest version this process knows. Returns the snapshot kept (this one or a newer or
    equal one), or None if none is."""
    with _lock:
        if snapshot.pk not in _watchers:
            return None
        known = _games.get(snapshot.pk)
        if known is None or known.version < snapshot.version:
            _games[snapshot.pk] = known = snapshot
    return known


def forget_all() -> None:
    with _lock:
        _watchers.clear()
        _games.clear()
        _reading.clear()


def _read(game_id) -> Snapshot | None:
    return snapshots.read(game_id)


# Reads share no state with other sockets' work: any thread may run them, in parallel.
_read_async = database_threads.apart(_read)


async def game(game_id: int, at_least: int | None = None) -> Snapshot:
    """The game at version `at_least` or later: from memory, else read (once for every
    socket asking for it meanwhile). With `at_least` None, read now (a socket's connect
    or `sync` must see what was committed before it asked)."""
    for _ in range(READS):
        known = _games.get(game_id)
        if known is not None and at_least is not None and known.version >= at_least:
            return known
        if at_least is None:
            found = await _read_async(game_id)
        else:
            found = await asyncio.shield(_shared_read(game_id))
        if found is None:
            raise no_such_game()
        kept = remember(found)
        if kept is not None and kept.version == found.version:
            found = kept  # the same version, and its views may be built already
        if at_least is None or found.version >= at_least:
            return found
        # A read that began before the change committed: read again.
    return found


def _shared_read(game_id: int) -> asyncio.Future:
    reading = _reading.get(game_id)
    if reading is None or reading.done():
        reading = asyncio.ensure_future(_read_async(game_id))
        _reading[game_id] = reading
        reading.add_done_callback(lambda _: _reading.pop(game_id, None))
    return reading


class SocketView(NamedTuple):
    version: int
    text: str  # Snapshot.view_json
    seated: bool  # the user's own seat's view, not a spectator's


async def view(game_id: int, user, at_least: int | None = None) -> SocketView:
    """The game as `user`'s seat sees it (GameError if they may not see it), built once
    per version and seat in this process."""
    current = await game(game_id, at_least)
    seat = selectors.visible_seat(current.game, user)
    return SocketView(current.version, current.view_json(seat), seat is not None)
