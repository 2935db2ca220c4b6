"""Broadcasts of game changes, sent after commit by services._after_commit.

The game group gets `{game, version}` only: every consumer builds its own user's view,
so no hidden card ever travels through the channel layer. Each seated person's group
(`user-<id>`) gets a notice when their game started, when it is their turn, or when it
ended - worked out with one query for the game's seats - and `signals.game_notice` tells
the other channels (notifications sends Web Push).
"""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db.models import OuterRef, Subquery

from games import signals
from games.models import Game, GameEvent, Seat

log = logging.getLogger(__name__)

ENDED = (Game.Status.FINISHED, Game.Status.ABORTED)


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def game_changed(game_id: int, version: int) -> None:
    """Broadcast a committed change; never raises, so it can't undo a stored move's answer."""
    try:
        layer = get_channel_layer()
        if layer is None:
            return
        messages = [
            (game_group(game_id), {"type": "game.changed", "game": game_id, "version": version}),
            *_notices(game_id, version),
        ]
        async_to_sync(_send_all)(layer, messages)
    except Exception:  # a broadcast lost is recovered by clients re-fetching on a version gap
        log.exception("broadcast of game %s version %s failed", game_id, version)


async def _send_all(layer, messages) -> None:
    for group, message in messages:
        await layer.group_send(group, message)


def _notices(game_id: int, version: int) -> list[tuple[str, dict]]:
    """Notices for the people seated at the game, from the change at `version`.

    A late broadcast (the game has moved on) sends none: the newer one tells the truth.
    While passing, everyone is to act after every pass; `your_turn` then repeats, and
    clients keep the newest version per game.
    """
    kind = GameEvent.objects.filter(game=OuterRef("game"), version=version).values("kind")[:1]
    seats = (
        Seat.objects.filter(game_id=game_id, user__isnull=False, game__version=version)
        .annotate(kind=Subquery(kind))
        .values_list("user_id", "to_act", "state", "game__status", "kind")
    )
    notices = []
    for user_id, to_act, state, status, event_kind in seats:
        names = []
        if event_kind == "started":
            names.append("game_started")
        if status in ENDED:
            names.append("game_ended")
        elif status == Game.Status.ACTIVE and to_act and state == Seat.State.PLAYING:
            names.append("your_turn")
        for name in names:
            _push(name, user_id, game_id)
            notices.append(
                (
                    user_group(user_id),
                    {"type": "user.notice", "notice": name, "game": game_id, "version": version},
                )
            )
    return notices


def _push(name: str, user_id: int, game_id: int) -> None:
    """Tell the apps above (Web Push, unless they watch the game); a receiver that fails
    (broker or cache down) is logged and costs nobody their socket notice or the broadcast."""
    sent = signals.game_notice.send_robust(
        sender=Game, notice=name, user_id=user_id, game_id=game_id
    )
    for receiver, result in sent:
        if isinstance(result, Exception):
            log.error(
                "the %s notice of game %s failed in %s",
                name,
                game_id,
                receiver,
                exc_info=result,
            )
