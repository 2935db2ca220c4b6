"""What moderation tells the apps built beside it, without knowing them (they connect in
their `AppConfig.ready()`)."""

from django.dispatch import Signal

# A moderator suspended or banned `user` (kwargs: `user`). Sent inside the transaction
# that deactivates the account: receivers' writes (leaving the matchmaking queue) commit
# with it.
user_shut_out = Signal()
