"""Web Push notifications: "your turn", "game started", "game ended".

Games tells its notices through `games.signals.game_notice`; this app connects
`push.notify` to it (apps.py), which queues a push to each of the user's devices unless
the user is looking at that game.
"""
