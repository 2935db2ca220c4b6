"""What notifications does when games reports something (connected in apps.py)."""

from notifications import tasks


def push_game_notice(
    sender, *, notice: str, user_id: int, game_id: int, detail=None, **kwargs
) -> None:
    """`games.signals.game_notice`, sent after a change committed while it is broadcast:
    whether to push (devices, settings, quiet hours, presence, a correspondence turn's
    reminders) asks the database, so the push worker decides (`push.notify`), off the
    path of the move."""
    tasks.push_notice.delay(notice, user_id, game_id, detail=detail or None)
