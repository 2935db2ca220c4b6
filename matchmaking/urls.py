from django.urls import path

import accounts.converters  # noqa: F401  (registers <username:>)
from matchmaking import apis

urlpatterns = [
    path("matchmaking", apis.QueueView.as_view(), name="matchmaking"),
    path("matchmaking/join", apis.QueueJoinView.as_view(), name="matchmaking-join"),
    path("matchmaking/leave", apis.QueueLeaveView.as_view(), name="matchmaking-leave"),
    path("players/<username:username>", apis.ProfileView.as_view(), name="player"),
    path("leaderboard", apis.LeaderboardView.as_view(), name="leaderboard"),
]
