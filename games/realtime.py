"""Broadcasts of game changes, sent after commit by services._after_commit.

The game group gets `{game, version}` only: every consumer builds its own user's view,
so no hidden card ever travels through the channel layer. Each seated person's group
(`user-<id>`) gets a notice when their game started (or matchmaking seated them), when
it is their turn, or when it ended - worked out by the service from the seats it already
holds - and `tell` passes each notice to the other channels through
`signals.game_notice` (notifications sends Web Push); the apps above tell theirs there too
(moderation: a chat message).
"""

import logging

from barkside import broadcast
from games import signals
from games.models import Game

log = logging.getLogger(__name__)


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def game_changed(game_id: int, version: int, notices=()) -> None:
    """Broadcast a committed change and its notices, `(name, user id)` pairs; never
    raises, so it can't undo a stored move's answer."""
    try:
        messages = [
            (game_group(game_id), {"type": "game.changed", "game": game_id, "version": version})
        ]
        for name, user_id in notices:
            tell(name, user_id, game_id)
            notice = {"type": "user.notice", "notice": name, "game": game_id, "version": version}
            messages.append((user_group(user_id), notice))
        broadcast.group_send(messages)
    except Exception:  # a broadcast lost is recovered by clients re-fetching on a version gap
        log.exception("broadcast of game %s version %s failed", game_id, version)


def tell(notice: str, user_id: int, game_id: int, **detail: str) -> None:
    """Tell the channels beyond the sockets (Web Push, unless they watch the game) that
    `notice` happened to the user in the game; `detail` holds what the notice shows (a
    chat message's sender and text). Call after commit. A receiver that fails (broker or
    cache down) is logged and costs nobody their socket notice or the broadcast."""
    sent = signals.game_notice.send_robust(
        sender=Game, notice=notice, user_id=user_id, game_id=game_id, detail=detail
    )
    for receiver, result in sent:
        if isinstance(result, Exception):
            log.error(
                "the %s notice of game %s failed in %s",
                notice,
                game_id,
                receiver,
                exc_info=result,
            )
