from django.urls import path

import games.converters  # noqa: F401  (registers <game_id:> and <seat:>)
from games import apis

urlpatterns = [
    path("games", apis.GamesView.as_view(), name="games"),
    path("games/open", apis.OpenGamesView.as_view(), name="games-open"),
    path("games/settings", apis.GameSettingsView.as_view(), name="games-settings"),
    path("games/vacation", apis.VacationView.as_view(), name="games-vacation"),
    path("games/<game_id:game_id>", apis.GameView.as_view(), name="game"),
    path("games/<game_id:game_id>/join", apis.JoinView.as_view(), name="game-join"),
    path("games/<game_id:game_id>/leave", apis.LeaveView.as_view(), name="game-leave"),
    path("games/<game_id:game_id>/moves", apis.MovesView.as_view(), name="game-moves"),
    path("games/<game_id:game_id>/retake", apis.RetakeView.as_view(), name="game-retake"),
    path("games/<game_id:game_id>/resign", apis.ResignView.as_view(), name="game-resign"),
    path("games/<game_id:game_id>/expel", apis.ExpelView.as_view(), name="game-expel"),
    path("games/<game_id:game_id>/rounds", apis.RoundsView.as_view(), name="game-rounds"),
    path("games/<game_id:game_id>/record", apis.RecordView.as_view(), name="game-record"),
    path("games/<game_id:game_id>/analyses", apis.AnalysesView.as_view(), name="game-analyses"),
    path(
        "games/<game_id:game_id>/analyses/<seat:seat>",
        apis.AnalysisView.as_view(),
        name="game-analysis",
    ),
    path("games/<game_id:game_id>/hint", apis.HintView.as_view(), name="game-hint"),
]
