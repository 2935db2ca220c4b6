"""A game's id is drawn at random, so that ids tell nothing: neither how many games there
are nor, by a gap, where a private one is. Ids stay below 2**53 (JavaScript reads them
exactly) and above every id the old sequence gave (those games keep theirs)."""

import pytest

from games.models import GAME_IDS, Game
from tests.helpers import client_for
from tests.realtime.sockets import run, session_cookie, socket

from .conftest import create

LOW, HIGH = GAME_IDS
TOO_LONG = str(2**63)  # 19 digits: past PostgreSQL's bigint


def test_new_games_get_random_ids_in_the_range(alice):
    ids = [create(client_for(alice))["id"] for _ in range(3)]
    assert all(LOW <= i < HIGH for i in ids)
    assert len(set(ids)) == 3
    assert all(abs(a - b) != 1 for a in ids for b in ids)  # a sequence would give neighbours


def test_a_game_from_the_sequence_keeps_its_id(alice):
    old = Game.objects.create(id=12, creator=alice, players=3, time_per_move=300)
    response = client_for(alice).get(f"/api/games/{old.pk}")
    assert (response.status_code, response.json()["id"]) == (200, 12)


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", ""),
        ("post", "/join"),
        ("post", "/leave"),
        ("post", "/moves"),
        ("post", "/resign"),
        ("post", "/expel"),
        ("get", "/rounds"),
        ("get", "/record"),
        ("get", "/chat"),
    ],
)
def test_an_id_past_64_bits_is_a_game_nobody_has(alice, method, path):
    client = client_for(alice)
    response = getattr(client, method)(f"/api/games/{TOO_LONG}{path}", {}, format="json")
    assert (response.status_code, response.json()["code"]) == (404, "not_found")


def test_a_socket_to_an_id_past_64_bits_is_refused(alice):
    cookie = session_cookie(alice)
    answers = []

    async def scenario():
        ws = socket(f"/ws/games/{TOO_LONG}/", cookie)
        answers.append(await ws.connect())
        await ws.disconnect()

    run(scenario)
    assert answers == [(False, 1000)]  # refused at the handshake, as any unknown path
