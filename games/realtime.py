"""Broadcasts of game changes. A message carries only `{game, version}`: every consumer
builds its own user's view, so no hidden card ever travels through the channel layer."""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def game_changed(game_id: int, version: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(
            game_group(game_id), {"type": "game.changed", "game": game_id, "version": version}
        )
    except Exception:  # a broadcast lost is recovered by clients re-fetching on a version gap
        log.exception("broadcast of game %s version %s failed", game_id, version)
