"""Moderation: table chat, mutes and blocks, reports, and moderators' actions.

Players write through services.py (chat, mutes, blocks, reports); moderators act through
the same module (warn, mute chat, suspend, ban, rename, hide a message, abort a game),
each action logged in the append-only `ModerationAction`; the actions on a person reach
players only, never staff or a superuser (`services.may_act_on`). selectors.py answers who may
do what (suspended? banned? chat-muted? blocked?). The dashboard is the Django admin
(admin.py), open to staff with the `moderation.moderate` permission.

Moderation stands on accounts and games and changes them only through their services
(`accounts.services.user_set_active`, `games.services.seats_to_autopilot`, ...); it
refuses shut-out accounts at sign-in through `accounts.signals.signing_in`, and tells
apps built beside it through `signals.user_shut_out` (matchmaking empties their queue
entry).
"""
