"""Broadcasts of game changes, sent after commit by games/commit.py.

Each seated person's sockets on a game share a group of their own (`player_group`): the
process that committed a change builds each person's view once (from the change's
snapshot, as the JSON a socket sends) and sends it there, so no other process reads the
game again or builds that view; a hand only ever travels to its own player's sockets.
The spectators' group (`spectators_group`) gets `{game, version}` only: a spectator's
socket builds its view itself (games/fanout.py). A change that seats or unseats someone
tells the whole game group instead, so that each socket learns whether it is seated. Each
seated person's group (`user-<id>`) gets a notice when their game started (or
matchmaking seated them), when it is their turn, when the AI took their seat without
their asking, or when it ended - worked out by the service from the seats it already
holds - and `tell` passes each notice to the other channels through
`signals.game_notices` (notifications sends Web Push); the apps above tell theirs there
too (moderation: a chat message).
"""

import json
import logging

from barkside import broadcast
from games import signals
from games.models import Game
from games.snapshots import Snapshot

log = logging.getLogger(__name__)


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def spectators_group(game_id: int) -> str:
    """The sockets showing a game's public view (nobody's seat): told of each version
    (`game.changed`) to build that view themselves (games/fanout.py). A seated person's
    sockets get their own view ready-made on their player group, and need not hear of it."""
    return f"game-{game_id}-spectators"


def sockets_group(user_id: int) -> str:
    """Every socket of a person, both kinds: told to close when a moderator shuts them out
    (`user.kicked`). Not the user group, which a game socket would hear every notice of
    the person's games on (a `your_turn` per move) only to drop it."""
    return f"user-{user_id}-sockets"


def player_group(game_id: int, user_id: int) -> str:
    """A person's sockets on a game: their own view of each version, nobody else's."""
    return f"game-{game_id}-user-{user_id}"


def socket_message(view_json: str, version: int, request_id=None) -> str:
    """A view (as JSON text) as the game socket sends it (games/consumers.py), with the
    `request_id` of the move it answers, if any: `{"type": "game", "version", "game",
    "request_id"}`, put together around the view's text rather than encoding it again."""
    answers = "" if request_id is None else f', "request_id": {json.dumps(request_id)}'
    return f'{{"type": "game", "version": {int(version)}, "game": {view_json}{answers}}}'


def game_changed(after: Snapshot, notices=(), seating: bool = False) -> None:
    """Broadcast a committed change and its notices, `(name, user id)` pairs, with each
    seated person's view of it; never raises, so it can't undo a stored move's answer.
    `seating`: the change seated or unseated someone, so a socket that was a spectator's
    may be a player's now, or the other way round: each builds its own view to find out."""
    game_id, version = after.pk, after.version
    try:
        messages = _views(after)
        told = game_group(game_id) if seating else spectators_group(game_id)
        messages.append((told, {"type": "game.changed", "game": game_id, "version": version}))
        tell(notices, game_id)
        for name, user_id in notices:
            notice = {"type": "user.notice", "notice": name, "game": game_id, "version": version}
            messages.append((user_group(user_id), notice))
        broadcast.group_send(messages)
    except Exception:  # a broadcast lost is recovered by clients re-fetching on a version gap
        log.exception("broadcast of game %s version %s failed", game_id, version)


def _views(after: Snapshot) -> list[tuple[str, dict]]:
    """Each seated person's view, for their own group, before the game group's message:
    a socket that gets its view first has nothing left to do for the version."""
    messages = []
    for seat in after.seats:
        if seat.user_id is not None:
            text = socket_message(after.view_json(seat), after.version)
            message = {"type": "game.view", "version": after.version, "text": text}
            messages.append((player_group(after.pk, seat.user_id), message))
    return messages


def tell(notices, game_id: int, **detail: str) -> None:
    """Tell the channels beyond the sockets (Web Push, unless they watch the game) that
    each `(notice, user id)` of `notices` happened to that user in the game; `detail`
    holds what the notices show (a chat message's sender and text). Call after commit. A
    receiver that fails (broker or cache down) is logged and costs nobody their socket
    notice or the broadcast."""
    notices = list(notices)
    if not notices:
        return
    sent = signals.game_notices.send_robust(
        sender=Game, notices=notices, game_id=game_id, detail=detail
    )
    for receiver, result in sent:
        if isinstance(result, Exception):
            log.error(
                "the %s notices of game %s failed in %s",
                ", ".join(sorted({name for name, _ in notices})),
                game_id,
                receiver,
                exc_info=result,
            )
