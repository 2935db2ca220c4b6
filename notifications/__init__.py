"""Web Push notifications: "your turn", "game started", "game ended".

`notifications.push.notify_turn(user_id, game_id)` (and `notify_started`, `notify_ended`)
queue a push to each of the user's devices, unless the user is looking at that game.
"""
