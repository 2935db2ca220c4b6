"""What notifications does when games reports something (connected in apps.py)."""

from notifications import push


def push_game_notice(sender, *, notice: str, user_id: int, game_id: int, **kwargs) -> None:
    """`games.signals.game_notice`: Web Push, unless the person is watching the game."""
    push.notify(notice, user_id, game_id)
