from django.urls import path

from games import apis

urlpatterns = [
    path("games", apis.GamesView.as_view(), name="games"),
    path("games/open", apis.OpenGamesView.as_view(), name="games-open"),
    path("games/settings", apis.GameSettingsView.as_view(), name="games-settings"),
    path("games/vacation", apis.VacationView.as_view(), name="games-vacation"),
    path("games/<int:game_id>", apis.GameView.as_view(), name="game"),
    path("games/<int:game_id>/join", apis.JoinView.as_view(), name="game-join"),
    path("games/<int:game_id>/leave", apis.LeaveView.as_view(), name="game-leave"),
    path("games/<int:game_id>/moves", apis.MovesView.as_view(), name="game-moves"),
    path("games/<int:game_id>/retake", apis.RetakeView.as_view(), name="game-retake"),
    path("games/<int:game_id>/resign", apis.ResignView.as_view(), name="game-resign"),
    path("games/<int:game_id>/expel", apis.ExpelView.as_view(), name="game-expel"),
    path("games/<int:game_id>/rounds", apis.RoundsView.as_view(), name="game-rounds"),
    path("games/<int:game_id>/record", apis.RecordView.as_view(), name="game-record"),
]
