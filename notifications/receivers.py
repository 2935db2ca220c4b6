"""What notifications does when games reports something (connected in apps.py)."""

from notifications import devices, tasks


def push_game_notice(
    sender, *, notice: str, user_id: int, game_id: int, detail=None, **kwargs
) -> None:
    """`games.signals.game_notice`, sent after a change committed while it is broadcast:
    whether to push (settings, quiet hours, presence, a correspondence turn's reminders)
    asks the database, so the push worker decides (`push.notify`), off the path of the
    move; a person known to have no device costs only the cache read (devices.py)."""
    if not devices.known_none(user_id):
        tasks.push_notice.delay(notice, user_id, game_id, detail=detail or None)
