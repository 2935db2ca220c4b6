"""A vacation that ends (or starts) while a join starts a game, raced 100 times on
PostgreSQL with two web processes: a seat is paused exactly while its person's vacation
runs. Vacations and a game's start lock the people first, by id, then the games
(games/correspondence.py); without that order a race left a seat paused with no
vacation running, no deadline and no way to expel it."""

import pytest
from django.db import connection
from django.db.models import Exists, OuterRef
from rest_framework.authtoken.models import Token

from games import services
from games.models import Game, Seat, Vacation
from tests.faults.stack import Stack
from tests.helpers import at_once

from .processes import api
from .test_fair_share_races import web_processes

RACES = 100
DAY = 86400

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="two web processes need PostgreSQL (SQLite has one writer): set DATABASE_URL",
)


@pytest.fixture
def stack(processes, stack_env):
    races = {"THROTTLE_USER": "100000/min", "WEB_PROCESSES": "2"}
    stack = Stack(processes, {**stack_env, **races})
    yield stack
    stack.stop()


def token(user) -> str:
    return Token.objects.get_or_create(user=user)[0].key


def race(stack: Stack, alice, carol, table: Game, vacation: tuple[str, str, dict | None]):
    """alice's vacation request and carol's join, the last seat of `table`, at once."""
    method, path, body = vacation

    def vacation_change():
        return api(stack.base, method, path, token(alice), body)

    def join():
        return api(stack.base, "POST", f"/api/games/{table.pk}/join", token(carol), {})

    answers = at_once(vacation_change, join)
    assert [a if isinstance(a, Exception) else a[0] for a in answers] == [200, 200], answers


def paused_without_vacation() -> list[Seat]:
    running = Vacation.objects.filter(user=OuterRef("user"), ended=None)
    return list(Seat.objects.exclude(away_since=None).filter(~Exists(running)))


def running_without_pause() -> list[Seat]:
    """Seats of people on vacation in running correspondence games, whose clock runs."""
    running = Vacation.objects.filter(user=OuterRef("user"), ended=None)
    seats = Seat.objects.filter(Exists(running), away_since=None, game__status="active")
    return list(seats.filter(game__time_per_move__gte=3600))


def test_a_vacation_ending_as_a_join_starts_the_game_leaves_no_seat_paused(stack, people):
    assert web_processes(stack) == 2
    for n in range(RACES):
        alice, bob, carol = people(3, start=3 * n)
        table = services.game_create(user=alice, players=3, time_per_move=DAY)
        services.game_join(game_id=table.pk, user=bob)
        services.vacation_start(user=alice, days=1)
        race(stack, alice, carol, table, ("DELETE", "/api/games/vacation", None))
    assert Game.objects.filter(status="active").count() == RACES
    assert paused_without_vacation() == []


def test_a_vacation_starting_as_a_join_starts_the_game_pauses_the_new_seat(stack, people):
    assert web_processes(stack) == 2
    for n in range(RACES):
        alice, bob, carol = people(3, start=3 * n)
        table = services.game_create(user=alice, players=3, time_per_move=DAY)
        services.game_join(game_id=table.pk, user=bob)
        race(stack, alice, carol, table, ("POST", "/api/games/vacation", {"days": 1}))
    assert Game.objects.filter(status="active").count() == RACES
    assert running_without_pause() == []
