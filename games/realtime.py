"""Broadcasts of game changes, sent after commit by services._after_commit.

The game group gets `{game, version}` only: every consumer builds its own user's view,
so no hidden card ever travels through the channel layer. Each seated person's group
(`user-<id>`) gets a notice when their game started (or matchmaking seated them), when
it is their turn, or when it ended - worked out by the service from the seats it already
holds - and `tell` passes each notice to the other channels through
`signals.game_notice` (notifications sends Web Push); the apps above tell theirs there too
(moderation: a chat message).
"""

import asyncio
import logging
import os

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer

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
        layer = get_channel_layer()
        if layer is None:
            return
        messages = [
            (game_group(game_id), {"type": "game.changed", "game": game_id, "version": version})
        ]
        for name, user_id in notices:
            tell(name, user_id, game_id)
            notice = {"type": "user.notice", "notice": name, "game": game_id, "version": version}
            messages.append((user_group(user_id), notice))
        loop = _serving_loop()
        if loop is None:  # a Celery worker, a command: send, then go on
            async_to_sync(_send_all)(layer, messages)
        else:
            sending = asyncio.run_coroutine_threadsafe(_send_all(layer, messages), loop)
            sending.add_done_callback(lambda done: _log_failure(done, game_id, version))
    except Exception:  # a broadcast lost is recovered by clients re-fetching on a version gap
        log.exception("broadcast of game %s version %s failed", game_id, version)


def _serving_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop of the ASGI server this thread works for (a request's or a socket's
    sync code), if any. The broadcast is handed to it without waiting: the loop serves
    every socket of the process, so a move's answer would otherwise queue behind its
    broadcast's turns there (asgiref keeps the loop it came from on the thread)."""
    if getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) != os.getpid():
        return None
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    return loop if loop is not None and loop.is_running() else None


def _log_failure(sending, game_id: int, version: int) -> None:
    if not sending.cancelled() and sending.exception() is not None:
        log.error(
            "broadcast of game %s version %s failed",
            game_id,
            version,
            exc_info=sending.exception(),
        )


async def _send_all(layer, messages) -> None:
    """All at once: each send's round trips to Redis overlap the others'."""
    await asyncio.gather(*(layer.group_send(group, message) for group, message in messages))


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
