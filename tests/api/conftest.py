"""API tests: AI turns run eagerly inside the request, broadcasts go to an in-memory layer.

The database is transactional (real commits), because AI turns and broadcasts are
scheduled with `transaction.on_commit`.
"""

import random
from datetime import UTC, datetime

import pytest
import time_machine
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from games import engine, services
from games.models import Game, GameEvent
from games.services import Actor
from tests.helpers import client_for, fast_forward

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # where a frozen `clock` starts


@pytest.fixture
def clock():
    """A frozen clock (time-machine) at T0, moved on by hand with `clock.shift`."""
    with time_machine.travel(T0, tick=False) as traveller:
        yield traveller


@pytest.fixture(autouse=True)
def eager_ai(in_process_workers):
    """Every test here plays AI seats inside the request."""


@pytest.fixture(autouse=True)
def unthrottled(monkeypatch):
    """Whole games are played by one user here: lift the per-user and per-move budgets.

    DRF's throttles copy DEFAULT_THROTTLE_RATES on import, so patch the copy they read.
    """
    for scope in ("user", "moves"):
        monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, scope, "100000/min")


@pytest.fixture
def make_user_rolled_back(db, django_user_model):
    """Like `make_user`, for tests that need no `on_commit` (no AI seat, no threads).

    Such a test runs inside one transaction that is rolled back, instead of committing
    and then emptying every table: much quicker, above all on PostgreSQL.
    """

    def make(username):
        return django_user_model.objects.create_user(username=username, password="a-Long-pass-42")

    return make


@pytest.fixture
def requester(make_user_rolled_back):
    """Someone whose requests are refused before they change anything."""
    return make_user_rolled_back("requester")


# --- driving games through the API ---------------------------------------------------


def create(client, **fields):
    """POST /api/games with `players=3` unless given; asserts 201 and returns the game."""
    response = client.post("/api/games", {"players": 3, **fields}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def open_table(creator, *joiners, players=3, private=False, seed=None) -> int:
    """A table `creator` opened and `joiners` joined; it starts when the last seat is taken.

    With `seed`, the table deals from that seed (set before the table fills up), so a
    test can choose a deal with `seed_where`.
    """
    game = create(client_for(creator), players=players, private=private)
    if seed is not None:
        Game.objects.filter(pk=game["id"]).update(
            seed=seed, seed_sha256=engine.seed_commitment(seed)
        )
    for user in joiners:
        body = {"invite_code": game["invite_code"]} if private else {}
        response = client_for(user).post(f"/api/games/{game['id']}/join", body, format="json")
        assert response.status_code == 200, response.json()
    return game["id"]


def human_table(users, *, private=False, seed=None) -> tuple[int, list[APIClient]]:
    """A started table with `users` at seats 0, 1, ... in order; one client per seat."""
    game_id = open_table(*users, players=len(users), private=private, seed=seed)
    clients = [client_for(u) for u in users]
    game = clients[0].get(f"/api/games/{game_id}").json()
    assert game["status"] == "active"
    assert [s["username"] for s in game["seats"]] == [u.username for u in users]
    return game_id, clients


def state(game_id) -> dict:
    """The raw engine state, from the database (never from a response)."""
    return Game.objects.get(pk=game_id).state


def version(game_id) -> int:
    return Game.objects.get(pk=game_id).version


def get(client, game_id) -> dict:
    response = client.get(f"/api/games/{game_id}")
    assert response.status_code == 200, response.json()
    return response.json()


def move(client, game_id, kind, cards=None, *, version=None, **extra):
    """POST a move at the game's current version (unless `version` is given)."""
    body = {"kind": kind, "version": version if version is not None else _version(game_id)}
    if cards is not None:
        body["cards"] = cards
    return client.post(f"/api/games/{game_id}/moves", body, format="json", **extra)


_version = version


def pass_first(client, game_id) -> None:
    """The client's seat passes its first legal pass."""
    legal = get(client, game_id)["view"]["legal_moves"]
    response = move(client, game_id, "pass", legal[0]["cards"])
    assert response.status_code == 200, response.json()


def others_pass(game_id, clients) -> None:
    """Everyone but seat 0 passes: the table waits on the first client alone."""
    for client in clients[1:]:
        pass_first(client, game_id)


def pass_all(game_id, clients) -> None:
    """Every seat passes its first legal pass: the round moves on to its tricks."""
    for client in clients:
        pass_first(client, game_id)
    assert state(game_id)["phase"] == engine.TRICKS


def seed_where(players: int, predicate, *, after_passes=False, tries=2000) -> str:
    """The first seed whose deal satisfies `predicate(state)`.

    With `after_passes`, the state is the one after every seat passed its first legal
    pass, as `pass_all` does through the API.
    """
    for i in range(tries):
        seed = f"test-seed-{i}"
        s = engine.new_game(players, seed)
        if after_passes:
            for seat in range(players):
                s, _ = engine.apply(s, {"seat": seat, **engine.legal_moves(s, seat)[0]})
        if predicate(s):
            return seed
    raise AssertionError("no seed deals such a game")


def snapshot(game_id, clients) -> tuple:
    """Everything a refused move must leave alone: each seat's view, the log, the row."""
    game = Game.objects.get(pk=game_id)
    return (
        [get(c, game_id) for c in clients],
        GameEvent.objects.filter(game_id=game_id).count(),
        game.version,
        game.state,
    )


def finish(game_id) -> None:
    """Fast-forward a running game to its last move, then make that move for real.

    The random moves before it are applied by the pure engine and stored as they are
    (no events for them), which keeps tests quick; the final move goes through the one
    write path, which ends the game. Whole games through the API are in test_leaks.py.
    """
    game = Game.objects.get(pk=game_id)
    last = fast_forward(game)
    services.apply_move(game_id, Actor("player", last.pop("seat")), last, game.version)


def finished_table(users, *, private=False) -> tuple[int, list[APIClient]]:
    """A human table whose game has ended (see `finish`)."""
    game_id, clients = human_table(users, private=private)
    finish(game_id)
    assert Game.objects.get(pk=game_id).status == Game.Status.FINISHED
    return game_id, clients


def forced_position(players=3) -> tuple[dict, dict]:
    """A state where seat 1 is to act and one of its moves leaves seat 0 to act with a
    single legal move: (that state, that move of seat 1)."""
    for i in range(500):
        rng, state = random.Random(i), engine.new_game(players, f"forced-{i}")
        while state["phase"] != engine.OVER:
            seat = engine.to_act(state)[0]
            for option in engine.legal_moves(state, seat) if seat == 1 else ():
                after, _ = engine.apply(state, {"seat": 1, **option})
                single = after["phase"] == engine.TRICKS and engine.to_act(after) == [0]
                if single and len(engine.legal_moves(after, 0)) == 1:
                    return state, option
            state, _ = engine.apply(
                state, {"seat": seat, **rng.choice(engine.legal_moves(state, seat))}
            )
    raise AssertionError("no forced position found")


def round_end_position(players=3) -> tuple[dict, dict]:
    """A state in its tricks where the seat to act has a move that ends the round (a
    doghouse gets cards) and the game goes on: (that state, that move)."""
    rng, state = random.Random(7), engine.new_game(players, "round-end")
    while state["phase"] != engine.OVER:
        seat = engine.to_act(state)[0]
        for option in engine.legal_moves(state, seat) if state["phase"] == engine.TRICKS else ():
            after, _ = engine.apply(state, {"seat": seat, **option})
            if after["doghouses"] != state["doghouses"] and after["phase"] != engine.OVER:
                return state, option
        state, _ = engine.apply(
            state, {"seat": seat, **rng.choice(engine.legal_moves(state, seat))}
        )
    raise AssertionError("no round end found")
