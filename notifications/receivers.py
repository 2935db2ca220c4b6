"""What notifications does when games reports something (connected in apps.py)."""

from barkside import notices as kinds
from notifications import devices, digest, tasks


def push_game_notices(
    sender, *, notices: list[tuple[str, int]], game_id: int, detail=None, **kwargs
) -> None:
    """`games.signals.game_notices`, sent after a change committed while it is broadcast:
    whether to push (settings, quiet hours, presence, a correspondence turn's reminders)
    asks the database, so the push worker decides (`push.notify`), off the path of the
    move; people known to have no device cost only one cache read for them all
    (devices.py), and the email digest a look soon for those whose turn began."""
    without = devices.known_none({user_id for _, user_id in notices})
    for notice, user_id in notices:
        if user_id not in without:
            tasks.push_notice.delay(notice, user_id, game_id, detail=detail or None)
    begun = {u for notice, u in notices if kinds.kind(notice).begins_turn}
    digest.look_soon(begun & without)
