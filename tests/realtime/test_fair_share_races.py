"""Fair shares under concurrency: 50 creates at once from one account, on PostgreSQL with
two web processes (the production shape: `python -m barkside.stack --web-processes 2`),
stay within each limit. Each check and its insert run with the person's row locked
(games/shares.py); a count then an insert let 50 creates at once make 26 running
correspondence games of 20."""

from collections import Counter
from pathlib import Path

import pytest
from django.db import connection
from rest_framework.authtoken.models import Token

from games import selectors
from games.models import Game
from tests.faults.stack import Stack
from tests.helpers import at_once

from .processes import api, descendants

AT_ONCE = 50
DAY = 86400
LIVE_AI_GAMES, OPEN_TABLES = 3, 3

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="two web processes need PostgreSQL (SQLite has one writer): set DATABASE_URL",
)


@pytest.fixture
def stack(processes, stack_env):
    limits = {
        "LIVE_AI_GAMES_PER_PERSON": str(LIVE_AI_GAMES),
        "OPEN_TABLES_PER_PERSON": str(OPEN_TABLES),
        "THROTTLE_USER": "100000/min",
    }
    stack = Stack(processes, {**stack_env, **limits, "WEB_PROCESSES": "2"})
    yield stack
    stack.stop()


def web_processes(stack: Stack) -> int:
    """uvicorn's worker processes (started by multiprocessing's spawn) under the web child."""
    leader = stack.child("uvicorn")
    assert leader is not None, stack.output()
    cmdlines = [_cmdline(pid) for pid in descendants(leader)]
    return sum("spawn_main" in c for c in cmdlines)


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def creates_at_once(stack: Stack, user, body: dict) -> Counter:
    """AT_ONCE creates of the same table by `user` at once: how many got each answer."""
    token = Token.objects.get_or_create(user=user)[0].key

    def create():
        status, answer = api(stack.base, "POST", "/api/games", token, body)
        return status if status == 201 else (status, answer["code"])

    answers = at_once(*[create] * AT_ONCE)
    assert not [a for a in answers if isinstance(a, Exception)], answers
    return Counter(answers)


def test_fifty_creates_at_once_on_two_web_processes_stay_within_each_limit(stack, alice):
    assert web_processes(stack) == 2

    correspondence = {"players": 3, "time_per_move": DAY, "private": True}
    answers = creates_at_once(stack, alice, correspondence)
    assert answers == {201: 20, (409, "game_limit"): AT_ONCE - 20}
    assert selectors.game_limit(alice) == {"running": 20, "limit": 20}

    lobby = {"players": 3, "time_per_move": 60}  # public: it waits in the lobby
    answers = creates_at_once(stack, alice, lobby)
    assert answers == {201: OPEN_TABLES, (409, "open_table_limit"): AT_ONCE - OPEN_TABLES}

    live_ai = {"players": 4, "time_per_move": 60, "ai": ["hard", "hard"], "private": True}
    answers = creates_at_once(stack, alice, live_ai)
    assert answers == {201: LIVE_AI_GAMES, (409, "live_ai_limit"): AT_ONCE - LIVE_AI_GAMES}
    assert Game.objects.filter(seats__user=alice).count() == 20 + OPEN_TABLES + LIVE_AI_GAMES
