"""A whole game through the API, from creating a table to replaying its record."""

from games.engine import from_record
from games.models import Game, GameEvent
from games.selectors import state_from_events
from tests.helpers import client_for


def play_to_end(client, game_id, pick=lambda moves: moves[0]) -> dict:
    """Make the first legal move until the game is over; returns the final game."""
    game = client.get(f"/api/games/{game_id}").json()
    for _ in range(2000):
        view = game["view"]
        if game["status"] != "active":
            return game
        assert view["legal_moves"], "the AI seats must have moved until it is our turn"
        move = pick(view["legal_moves"])
        response = client.post(
            f"/api/games/{game_id}/moves", {**move, "version": game["version"]}, format="json"
        )
        assert response.status_code == 200, response.json()
        # The game after this move, and after any forced move the server made at once for
        # a person (the AI seats move later, in their own tasks).
        assert response.json()["version"] > game["version"]
        chained = GameEvent.objects.filter(game_id=game_id, version__gt=game["version"] + 1)
        chained = chained.filter(version__lte=response.json()["version"])
        assert set(chained.values_list("actor", flat=True)) <= {"forced"}
        game = client.get(f"/api/games/{game_id}").json()  # and after the AI's replies
    raise AssertionError("the game did not end")


def test_a_game_against_two_ai_players_runs_to_its_record(alice):
    client = client_for(alice)
    created = client.post("/api/games", {"players": 3, "ai": ["random", "random"]}, format="json")
    assert created.status_code == 201, created.json()
    game = created.json()
    assert game["status"] == "active"
    final = play_to_end(client, game["id"])
    assert final["status"] == "finished"
    record = client.get(f"/api/games/{game['id']}/record").json()
    state = from_record(record)
    assert state["result"] == final["view"]["result"]


def test_the_event_log_replays_to_the_stored_state(alice):
    client = client_for(alice)
    game = client.post("/api/games", {"players": 4, "ai": ["random"] * 3}, format="json").json()
    play_to_end(client, game["id"], pick=lambda moves: moves[-1])
    stored = Game.objects.get(pk=game["id"])
    assert state_from_events(stored) == stored.state
    versions = list(stored.events.values_list("version", flat=True))
    assert versions == list(range(1, stored.version + 1))
