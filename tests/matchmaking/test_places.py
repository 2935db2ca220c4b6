"""Final places: one function (games/outcome.py) for the ratings, a finished game's view
and list entry, and the profiles; a seat that left reads as a loss everywhere."""

from games import outcome
from games import services as game_services
from games.models import Game, Seat
from matchmaking import services
from tests.helpers import client_for

from .test_ratings import finished, played_to_the_end


def test_seats_that_left_are_placed_below_everyone_who_stayed():
    assert outcome.places([1, 2, 3], left=set()) == [1, 2, 3]
    assert outcome.places([1, 2, 3], left={0}) == [3, 1, 2]
    assert outcome.places([1, 1, 3], left={1}) == [1, 3, 2]
    assert outcome.places([1, 2, 2, 4], left={0, 3}) == [3, 1, 1, 4]


def test_the_words_for_a_place():
    assert [outcome.outcome([3, 1, 2], s) for s in range(3)] == ["lost", "won", "neither"]
    assert [outcome.outcome([1, 1, 3], s) for s in range(3)] == ["won", "won", "lost"]
    assert [outcome.outcome([1, 1, 1], s) for s in range(3)] == ["drawn"] * 3


def resigned_winner(alice, bob, carol):
    """Bob resigned; the AI then finished his seat with the fewest doghouse cards, so the
    cards' result names him its winner, and carol its loser."""
    return finished(
        [alice, bob, carol],
        [[1, 2], [3], [4, 5, 6]],
        losers=[2],
        left=[1],
        handover=Seat.Handover.RESIGNED,
    )


def test_a_resigned_seat_whose_ai_won_is_last_in_the_game_s_view(alice, bob, carol):
    game = resigned_winner(alice, bob, carol)
    assert game.result["winners"] == [1]
    body = client_for(bob).get(f"/api/games/{game.pk}").json()
    assert body["places"] == [1, 3, 2]
    assert body["seats"][1]["handover"] == "resigned"


def test_a_resigned_seat_whose_ai_won_is_last_in_the_list(alice, bob, carol):
    game = resigned_winner(alice, bob, carol)
    [entry] = client_for(bob).get("/api/games").json()["results"]
    assert (entry["id"], entry["places"]) == (game.pk, [1, 3, 2])


def test_a_resigned_seat_whose_ai_won_counts_a_loss_on_the_profile(alice, bob, carol):
    resigned_winner(alice, bob, carol)
    body = client_for().get("/api/players/bob").json()
    assert (body["games_played"], body["wins"], body["losses"]) == (1, 0, 1)
    assert [g["result"] for g in body["recent_games"]] == ["lost"]
    alice_s = client_for().get("/api/players/alice").json()
    assert (alice_s["wins"], alice_s["losses"]) == (1, 0)  # first of those who stayed


def test_the_ratings_rate_the_places_the_view_shows(alice, bob, carol):
    game = resigned_winner(alice, bob, carol)
    changes = {c.user_id: c.place for c in services.rate_game(game)}
    places = client_for(alice).get(f"/api/games/{game.pk}").json()["places"]
    assert changes == {alice.pk: places[0], bob.pk: places[1], carol.pk: places[2]}


def test_a_finished_rated_game_shows_each_seat_s_rating_change(alice, bob):
    game = finished([alice, bob, "easy"], [[1], [2, 3], [4, 5, 6]], losers=[2])
    services.rate_game(game)
    body = client_for(alice).get(f"/api/games/{game.pk}").json()
    mine, bob_s, ai = body["rating_changes"]
    assert mine["before"] == 1500 < mine["after"]
    assert bob_s["before"] == 1500 and ai is None


def test_an_unrated_or_running_game_has_no_places_or_rating_changes(alice, bob, carol):
    casual = finished([alice, bob, carol], [[1], [2, 3], [4, 5, 6]], losers=[2], rated=False)
    body = client_for(alice).get(f"/api/games/{casual.pk}").json()
    assert body["rating_changes"] is None and body["places"] == [1, 2, 3]
    running = game_services.game_start_seated(
        seats=[{"user_id": alice.pk}, {"user_id": bob.pk}, {"ai_level": "easy"}],
        time_per_move=60,
        rated=True,
    )
    body = client_for(alice).get(f"/api/games/{running.pk}").json()
    assert body["places"] is None and body["rating_changes"] is None


def test_a_rated_game_finished_through_the_write_path_shows_places_and_ratings(alice, bob):
    game, _ = played_to_the_end(alice, bob)
    body = client_for(alice).get(f"/api/games/{game.pk}").json()
    assert body["status"] == Game.Status.FINISHED
    assert body["places"] == outcome.places(body["view"]["standings"], left=set())
    assert [c is not None for c in body["rating_changes"]] == [True, True, False]
