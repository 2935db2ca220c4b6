"""Who is looking at which game right now, so nobody is notified about the table they watch.

A game's socket tells `Presence` (registered in apps.py, games/socket_handlers.py) when
it opens and closes: `enter` and `leave`. Entries expire after PRESENCE_SECONDS so a
crashed process can't mute notifications for good. Kept in the Django cache: a
deployment with several processes needs CACHE=redis.
"""

from django.core.cache import cache

from games.socket_handlers import SocketHandler

PRESENCE_SECONDS = 3600


def _key(user_id: int, game_id: int) -> str:
    return f"presence:{user_id}:{game_id}"


def enter(user_id: int, game_id: int) -> None:
    key = _key(user_id, game_id)
    cache.add(key, 0, PRESENCE_SECONDS)
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, PRESENCE_SECONDS)
    cache.touch(key, PRESENCE_SECONDS)


def leave(user_id: int, game_id: int) -> None:
    key = _key(user_id, game_id)
    try:
        if cache.decr(key) <= 0:
            cache.delete(key)
    except ValueError:
        pass


def is_watching(user_id: int, game_id: int) -> bool:
    return bool(watching([(user_id, game_id)]))


def watching(pairs: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """Those of the (user_id, game_id) `pairs` whose person is looking at the game, in
    one cache read."""
    keys = {_key(*pair): pair for pair in pairs}
    found = cache.get_many(list(keys)) if keys else {}
    return {keys[key] for key, count in found.items() if (count or 0) > 0}


class Presence(SocketHandler):
    """A person with a socket open on a game is watching it: no Web Push for it."""

    takes_messages = False

    def entered(self, user_id: int, game_id: int) -> None:
        enter(user_id, game_id)

    def left(self, user_id: int, game_id: int) -> None:
        leave(user_id, game_id)
