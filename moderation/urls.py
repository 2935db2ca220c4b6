"""Moderation API routes, included under /api/."""

from django.urls import path

import accounts.converters  # noqa: F401  (registers <username:>)
import games.converters  # noqa: F401  (registers <game_id:>)
from moderation import apis

urlpatterns = [
    path("games/<game_id:game_id>/chat", apis.ChatView.as_view(), name="game-chat"),
    path("mutes", apis.MutesView.as_view(), name="mutes"),
    path("mutes/<username:username>", apis.MuteView.as_view(), name="mute"),
    path("blocks", apis.BlocksView.as_view(), name="blocks"),
    path("blocks/<username:username>", apis.BlockView.as_view(), name="block"),
    path("reports", apis.ReportsView.as_view(), name="reports"),
    path("moderation/warnings", apis.WarningsView.as_view(), name="moderation-warnings"),
    path(
        "moderation/warnings/<int:warning_id>/seen",
        apis.WarningSeenView.as_view(),
        name="moderation-warning-seen",
    ),
    path("moderation/actions", apis.ActionsView.as_view(), name="moderation-actions"),
]
