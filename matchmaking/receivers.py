"""What matchmaking does when the apps below it report something (connected in apps.py)."""

from matchmaking import services


def rate_finished_game(sender, *, game, **kwargs) -> None:
    """`games.signals.game_finished`: rate the game in the transaction that finished it."""
    services.rate_game(game)


def drop_shut_out_user(sender, *, user, **kwargs) -> None:
    """`moderation.signals.user_shut_out`: a suspended or banned account leaves the queue
    in the transaction that shuts it out."""
    services.queue_drop(user=user)
