"""Telling people about their games: Web Push, a correspondence turn's reminders, and
the email digest for those without push.

Games tells its notices through `games.signals.game_notices`; this app connects
`push.notify` to it (apps.py), which queues a push to each of the user's devices unless
the user is looking at that game, turned that kind off (`NotificationSettings`) or is in
their quiet hours. `reminders` pushes a correspondence turn at its start, half time and
last hour, at most once each (`schedule` computes when): planned when the turn begins,
sent by beat when due; `digest` (beat) emails the
games waiting to people without a push subscription, at most daily. Settings:
`GET`/`PATCH /api/notifications/settings` (`preferences`).
"""
