"""Time control through the sweeper: once per deadline, three strikes, retaking the seat.

The AI tasks are recorded instead of sent (fixture `queued`); these tests play the AI's
moves themselves, so each step is deterministic.
"""

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from games import services, tasks
from games.models import Game, GameEvent, Seat
from tests.helpers import expire_turn


@pytest.fixture
def vs_ai(alice, memory_layer, queued) -> Game:
    """alice in seat 0 against two AI seats, live time control."""
    return services.game_create(user=alice, players=3, ai=["random", "random"], time_per_move=15)


def play_ai(game_id) -> Game:
    """Play the AI's moves until a person is to act (or the game is over)."""
    while services.ai_move(game_id, Game.objects.get(pk=game_id).version) is not None:
        pass
    return Game.objects.get(pk=game_id)


def timeouts_of(game) -> int:
    return GameEvent.objects.filter(game=game, actor="timeout").count()


def test_two_racing_sweepers_apply_a_deadline_once(vs_ai):
    game = play_ai(vs_ai.pk)
    expire_turn(game)
    start = threading.Barrier(2)
    results = []

    def sweeper():
        try:
            start.wait()
            results.append(services.sweep()["timeouts"])
        finally:
            connection.close()

    threads = [threading.Thread(target=sweeper) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [0, 1]
    assert timeouts_of(game) == 1


def test_a_redelivered_sweep_task_applies_the_deadline_once(vs_ai):
    game = play_ai(vs_ai.pk)
    expire_turn(game)
    assert tasks.sweep()["timeouts"] == 1
    assert tasks.sweep()["timeouts"] == 0
    assert timeouts_of(game) == 1


def test_a_deadline_not_yet_passed_does_nothing(vs_ai):
    play_ai(vs_ai.pk)
    assert services.sweep()["timeouts"] == 0
    assert timeouts_of(vs_ai) == 0


def test_three_timeouts_in_a_row_leave_the_seat_to_the_ai(vs_ai):
    for strikes in range(1, 4):
        game = play_ai(vs_ai.pk)
        assert Seat.objects.get(game=game, number=0).state == Seat.State.PLAYING
        expire_turn(game)
        services.sweep()
        assert Seat.objects.get(game=game, number=0).timeouts == strikes
    assert Seat.objects.get(game=vs_ai, number=0).state == Seat.State.LEFT


def test_a_person_who_left_retakes_their_seat_through_the_api(vs_ai, alice):
    Seat.objects.filter(game=vs_ai, number=0).update(state=Seat.State.LEFT, timeouts=3)
    client = APIClient()
    client.force_authenticate(alice)
    response = client.post(f"/api/games/{vs_ai.pk}/retake")
    assert response.status_code == 200, response.json()
    assert response.json()["seats"][0]["state"] == "playing"
    seat = Seat.objects.get(game=vs_ai, number=0)
    assert (seat.state, seat.timeouts) == (Seat.State.PLAYING, 0)


def test_retaking_a_seat_one_is_playing_answers_409(vs_ai, alice):
    client = APIClient()
    client.force_authenticate(alice)
    response = client.post(f"/api/games/{vs_ai.pk}/retake")
    assert (response.status_code, response.json()["code"]) == (409, "already_playing")


def test_retaking_a_seat_at_someone_elses_public_table_is_forbidden(vs_ai, outsider):
    client = APIClient()
    client.force_authenticate(outsider)
    response = client.post(f"/api/games/{vs_ai.pk}/retake")
    assert (response.status_code, response.json()["code"]) == (403, "not_a_player")


def test_the_view_counts_the_timeouts_left_and_says_why_the_ai_took_the_seat(vs_ai, alice):
    client = APIClient()
    client.force_authenticate(alice)
    for strikes in range(1, 4):
        game = play_ai(vs_ai.pk)
        expire_turn(game)
        services.sweep()
        mine = client.get(f"/api/games/{vs_ai.pk}").json()["seats"][0]
        assert (mine["timeouts"], mine["timeouts_left"]) == (strikes, 3 - strikes)
    assert (mine["state"], mine["handover"]) == ("left", "timeouts")
    back = client.post(f"/api/games/{vs_ai.pk}/retake").json()["seats"][0]
    assert (back["state"], back["handover"], back["timeouts_left"]) == ("playing", None, 3)


def test_the_list_does_not_wait_for_a_person_whose_seat_the_ai_plays(vs_ai, alice):
    client = APIClient()
    client.force_authenticate(alice)
    [entry] = client.get("/api/games").json()["results"]
    assert entry["your_turn"] and entry["your_deadline"]  # passing: everyone is to act
    Seat.objects.filter(game=vs_ai, number=0).update(state=Seat.State.LEFT, handover="timeouts")
    [entry] = client.get("/api/games").json()["results"]
    assert (entry["your_turn"], entry["your_deadline"]) == (False, None)
