"""Vacation: the clocks of all the player's correspondence games stop and move on by the
time away when they are back (a move, by hand, or the days running out); live games go
on; opponents see "on vacation until"; a yearly allowance (frozen clock, time-machine)."""

from datetime import timedelta

import pytest

from barkside import notices
from games import services
from games.models import Game, GameEvent, PlayerSettings, Seat, Vacation
from games.signals import game_notices
from tests.helpers import client_for

from .conftest import T0, create, get, human_table, others_pass, pass_first

DAY = timedelta(days=1)


@pytest.fixture
def alices_games(clock, alice, bob, carol):
    """Two correspondence games (a day a move) and a live one (5 minutes), each waiting on
    alice alone since T0; alice's seat is 0 everywhere."""
    games = []
    for seconds in (None, None, 300):
        fields = {} if seconds is None else {"time_per_move": seconds}
        game_id = create(client_for(alice), **fields)["id"]
        for user in (bob, carol):
            client_for(user).post(f"/api/games/{game_id}/join", {}, format="json")
        others_pass(game_id, [client_for(u) for u in (alice, bob, carol)])
        games.append(game_id)
    return games


def alice_seat(game_id) -> Seat:
    return Seat.objects.get(game_id=game_id, number=0)


def vacation(user, **body):
    return client_for(user).post("/api/games/vacation", body, format="json")


def test_a_vacation_stops_the_clocks_of_every_correspondence_game(clock, alices_games, alice):
    response = vacation(alice, days=3)
    assert response.status_code == 200, response.json()
    assert response.json()["vacation"]["until"].startswith("2026-03-05T09:00")
    first, second, live = alices_games
    for game_id in (first, second):
        assert Game.objects.get(pk=game_id).turn_deadline is None  # the sweeper skips it
        assert alice_seat(game_id).away_until == T0 + 3 * DAY
    assert Game.objects.get(pk=live).turn_deadline is not None
    clock.shift(2 * DAY + timedelta(hours=1))  # past every deadline she had
    assert services.sweep()["timeouts"] == 1
    assert GameEvent.objects.filter(actor="timeout").get().game_id == live


def test_opponents_see_until_when_a_player_is_away(clock, alices_games, alice, bob):
    vacation(alice, days=3)
    seen = get(client_for(bob), alices_games[0])["seats"][0]
    assert seen["away_until"].startswith("2026-03-05T09:00")
    assert get(client_for(bob), alices_games[2])["seats"][0]["away_until"] is None  # live


def test_coming_back_moves_each_deadline_by_the_time_away(clock, alices_games, alice):
    before = {g: alice_seat(g).deadline for g in alices_games}
    clock.shift(timedelta(hours=5))
    vacation(alice, days=3)
    clock.shift(DAY)
    response = client_for(alice).delete("/api/games/vacation")
    assert (response.status_code, response.json()["vacation"]) == (200, None)
    for game_id in alices_games[:2]:
        assert alice_seat(game_id).deadline == before[game_id] + DAY
        assert alice_seat(game_id).away_until is None
        assert Game.objects.get(pk=game_id).turn_deadline == before[game_id] + DAY
    assert alice_seat(alices_games[2]).deadline == before[alices_games[2]]


def test_a_move_ends_the_vacation_in_every_game(clock, alices_games, alice):
    before = alice_seat(alices_games[1]).deadline
    vacation(alice, days=3)
    clock.shift(DAY)
    pass_first(client_for(alice), alices_games[0])
    assert Vacation.objects.get(user=alice).ended == T0 + DAY
    assert alice_seat(alices_games[1]).deadline == before + DAY
    assert alice_seat(alices_games[1]).away_since is None


def test_the_vacation_ends_when_its_days_run_out(clock, alices_games, alice):
    before = alice_seat(alices_games[0]).deadline
    vacation(alice, days=2)
    clock.shift(2 * DAY)
    assert services.sweep()["vacations_ended"] == 1
    assert alice_seat(alices_games[0]).deadline == before + 2 * DAY
    assert Game.objects.get(pk=alices_games[0]).turn_deadline == before + 2 * DAY


def test_a_turn_that_begins_while_away_counts_from_the_return(clock, alice, bob, carol):
    game_id, clients = human_table([alice, bob, carol])
    vacation(alice, days=5)
    clock.shift(DAY)
    legal = get(clients[0], game_id)["view"]["legal_moves"]
    started = alice_seat(game_id).turn_started
    assert started == T0
    clock.shift(DAY)
    client_for(alice).delete("/api/games/vacation")
    assert alice_seat(game_id).turn_started == T0 + 2 * DAY
    assert legal  # her pass is still hers to make


def test_the_allowance_is_fourteen_days_a_year(clock, alice):
    assert vacation(alice, days=15).json()["code"] == "vacation_too_long"
    assert vacation(alice, days=10).status_code == 200
    clock.shift(3 * DAY)
    client_for(alice).delete("/api/games/vacation")  # back early: 3 days used
    response = vacation(alice, days=12)
    assert (response.status_code, response.json()["code"]) == (400, "vacation_too_long")
    assert "11" in response.json()["detail"]  # the days left, in the sentence
    assert vacation(alice, days=11).status_code == 200


def test_a_second_vacation_at_once_is_refused(clock, alice):
    assert vacation(alice, days=1).status_code == 200
    response = vacation(alice, days=1)
    assert (response.status_code, response.json()["code"]) == (409, "on_vacation")


def test_the_allowance_is_a_per_player_setting(clock, alice):
    PlayerSettings.objects.create(user=alice, vacation_days=30)
    assert vacation(alice, days=20).status_code == 200
    assert client_for(alice).get("/api/games/settings").json()["vacation_days_left"] == 10


def test_vacations_started_in_24_hours_are_limited(clock, alice, settings):
    settings.VACATION_STARTS_PER_DAY = 2
    for _ in range(2):
        assert vacation(alice, days=1).status_code == 200
        clock.shift(timedelta(hours=1))
        client_for(alice).delete("/api/games/vacation")
    response = vacation(alice, days=1)
    assert (response.status_code, response.json()["code"]) == (429, "vacation_limit")
    assert response.json()["limit"] == 2
    assert response.json()["retry_after"] == 22 * 3600  # the first start is a day old then
    clock.shift(timedelta(hours=22))
    assert vacation(alice, days=1).status_code == 200


def test_a_game_that_starts_while_away_is_paused_until_the_return(clock, alice, bob, carol):
    vacation(alice, days=3)
    game_id, _ = human_table([bob, carol, alice])  # alice's join starts it
    seat = Seat.objects.get(game_id=game_id, user=alice)
    assert seat.away_until == T0 + 3 * DAY
    clock.shift(DAY)
    client_for(alice).delete("/api/games/vacation")
    seat = Seat.objects.get(game_id=game_id, user=alice)
    assert (seat.away_since, seat.deadline) == (None, T0 + 3 * DAY)  # 2 days from her return


@pytest.fixture
def told():
    """The (notice, user id) pairs the games tell, as they are told."""
    pairs = []

    def receiver(sender, *, notices, **kwargs):
        pairs.extend(notices)

    game_notices.connect(receiver)
    yield pairs
    game_notices.disconnect(receiver)


def test_a_vacation_tells_nobody_their_turn_and_coming_back_tells_the_one_back(
    clock, alices_games, alice, told, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        vacation(alice, days=3)
    assert told == []  # nothing began: her turns wait as they did, only paused
    with django_capture_on_commit_callbacks(execute=True):
        client_for(alice).delete("/api/games/vacation")
    assert told == [(notices.YOUR_TURN, alice.pk)] * 2  # her two clocks go on


def test_a_vacation_tells_the_others_to_act_nothing_either(
    clock, alice, bob, carol, told, django_capture_on_commit_callbacks
):
    """While passing, all three are to act: alice's vacation leaves bob's and carol's
    turns as they were (same deadlines), so neither is told their turn again."""
    game_id = create(client_for(alice))["id"]
    for user in (bob, carol):
        client_for(user).post(f"/api/games/{game_id}/join", {}, format="json")
    deadlines = dict(Seat.objects.filter(game_id=game_id).values_list("number", "deadline"))
    told.clear()  # the game's start
    with django_capture_on_commit_callbacks(execute=True):
        assert vacation(alice, days=3).status_code == 200
    assert told == []
    after = dict(Seat.objects.filter(game_id=game_id).values_list("number", "deadline"))
    assert after[1] == deadlines[1] is not None and after[2] == deadlines[2] is not None
