"""What `games` tells the apps built on it, without knowing them.

`games` is the floor: matchmaking, moderation and notifications import it, never the
other way round. They hear about games by connecting to these signals in their
`AppConfig.ready()`; a project without them still plays.
"""

from django.dispatch import Signal

# A game has just finished (kwargs: `game`). Sent inside the transaction that stores the
# last move, after the seats are settled: a receiver's writes (ratings) commit or roll
# back with the move, and a receiver that raises refuses the move.
game_finished = Signal()

# Seated people are told something about a game (kwargs: `notices`, a list of
# `(notice, user id)` pairs, each notice "game_started", "matched", "your_turn",
# "game_ended", "chat_message" or one of `barkside.notices.HANDED_OVER` (the AI took the
# person's seat); `game_id`; and `detail`, the strings the notices show,
# e.g. a chat message's `name` and `text`). All of a change's notices come in one
# signal, so that a receiver can look them up together (Web Push: one cache read for
# everybody a move concerns). Sent by `realtime.tell` after the change committed; other
# channels (Web Push) connect here.
game_notices = Signal()
