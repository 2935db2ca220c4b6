"""Public profiles, leaderboards, and resigning a running game."""

from games import services as game_services
from games.models import Game, GameEvent, Seat
from matchmaking import services
from matchmaking.models import Rating
from tests.helpers import client_for

from .test_ratings import finished


def test_a_profile_shows_results_ratings_and_recent_games(alice, bob, carol):
    won = finished([alice, bob, carol], [[1], [2, 3], [4, 5, 6]], losers=[2])
    lost = finished([bob, carol, alice], [[1], [2, 3], [4, 5, 6, 7]], losers=[2])
    hidden = finished([alice, bob, carol], [[1], [2, 3], [4, 5, 6]], losers=[2], rated=False)
    Game.objects.filter(pk=hidden.pk).update(private=True)
    services.rate_game(won)
    services.rate_game(lost)
    response = client_for().get("/api/players/alice")  # public: no sign-in needed
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["username"] == "alice"
    # The private game is not there (tests/matchmaking/test_private_games.py).
    assert (body["games_played"], body["wins"], body["losses"]) == (2, 1, 1)
    assert body["average_doghouse_cards"] == 2.5  # (1 + 4) / 2
    live = body["ratings"]["live"]
    assert live["games"] == 2 and live["provisional"] is True
    assert body["ratings"]["correspondence"]["games"] == 0
    assert [h["game"] for h in body["rating_history"]] == [lost.pk, won.pk]
    assert [g["id"] for g in body["recent_games"]] == [lost.pk, won.pk]  # the last first
    [recent_lost] = [g for g in body["recent_games"] if g["id"] == lost.pk]
    assert recent_lost["result"] == "lost"
    assert recent_lost["record"] == f"/api/games/{lost.pk}/record"


def test_an_unknown_player_is_not_found(alice):
    response = client_for(alice).get("/api/players/nobody")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_the_leaderboard_lists_established_ratings_best_first(people):
    users = people(4)
    for i, user in enumerate(users):
        Rating.objects.create(user=user, speed="live", mu=20 + i, sigma=2, games=10 + i)
    Rating.objects.create(user=users[0], speed="correspondence", mu=40, sigma=1, games=30)
    newcomer = people(1, start=9)[0]
    Rating.objects.create(user=newcomer, speed="live", mu=50, sigma=1, games=9)
    body = client_for().get("/api/leaderboard?speed=live").json()
    assert body["count"] == 4
    assert [(r["rank"], r["username"]) for r in body["results"]] == [
        (1, "player3"),
        (2, "player2"),
        (3, "player1"),
        (4, "player0"),
    ]
    assert body["results"][0]["rating"] == 1500 + 40 * (23 - 25)  # 1420
    corr = client_for().get("/api/leaderboard?speed=correspondence").json()
    assert [r["username"] for r in corr["results"]] == ["player0"]


def test_the_leaderboard_is_paginated_with_ranks(people):
    for i, user in enumerate(people(55)):
        Rating.objects.create(user=user, speed="live", mu=10 + i / 10, sigma=1, games=10)
    page2 = client_for().get("/api/leaderboard?speed=live&page=2").json()
    assert [r["rank"] for r in page2["results"]] == list(range(51, 56))
    assert page2["next"] is None and page2["previous"]


def test_the_leaderboard_refuses_an_unknown_speed():
    response = client_for().get("/api/leaderboard?speed=blitz")
    assert response.status_code == 400
    assert "speed" in response.json()["fields"]


def started(users, ai=()):
    seats = [{"user_id": u.pk} for u in users] + [{"ai_level": level} for level in ai]
    game = game_services.game_start_seated(seats=seats, time_per_move=60, rated=True)
    game.refresh_from_db()
    return game


def test_resigning_hands_the_seat_to_the_ai(alice, bob, carol):
    game = started([alice, bob, carol])
    response = client_for(bob).post(f"/api/games/{game.pk}/resign")
    assert response.status_code == 200, response.json()
    seat = Seat.objects.get(game=game, user=bob)
    assert seat.state == Seat.State.LEFT
    assert GameEvent.objects.filter(game=game, kind="resigned", seat=seat.number).exists()
    # Eager Celery: the AI passed for bob at once (everyone is to act while passing).
    assert GameEvent.objects.filter(game=game, kind="pass", seat=seat.number, actor="ai").exists()


def test_resigning_twice_or_from_elsewhere_is_refused(alice, bob, carol, outsider):
    game = started([alice, bob, carol])
    assert client_for(bob).post(f"/api/games/{game.pk}/resign").status_code == 200
    again = client_for(bob).post(f"/api/games/{game.pk}/resign")
    assert (again.status_code, again.json()["code"]) == (409, "already_left")
    stranger = client_for(outsider).post(f"/api/games/{game.pk}/resign")
    assert (stranger.status_code, stranger.json()["code"]) == (403, "not_a_player")
    assert client_for(bob).post("/api/games/999999/resign").status_code == 404


def test_resigning_a_finished_game_is_refused(alice, bob, carol):
    game = finished([alice, bob, carol], [[1], [2], [3, 4]], losers=[2])
    response = client_for(alice).post(f"/api/games/{game.pk}/resign")
    assert (response.status_code, response.json()["code"]) == (409, "not_active")


def test_a_resigned_seat_cannot_be_taken_back(alice, bob, carol):
    game = started([alice, bob, carol])
    client_for(bob).post(f"/api/games/{game.pk}/resign")
    response = client_for(bob).post(f"/api/games/{game.pk}/retake")
    assert response.status_code == 409
    assert response.json()["code"] == "resigned"
