"""Helpers the test folders share (fixtures live in tests/conftest.py)."""

import random
import threading
from datetime import timedelta

from django.db import connection, transaction
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from barkside.celery import eager_tasks  # noqa: F401 (the tests import it from here)
from games import engine, services
from games.models import Game, GameDue, Seat

PASSWORD = "Tail-tuck-7-doghouse"


def person_move(*, game_id, user, kind, cards, version) -> Game:
    """`user`'s move at their seat, as the moves of every channel reach the game: the game
    locked, their seat found, the move committed. Returns the game after it."""
    with transaction.atomic():
        game = services.game_locked(game_id)
        seat = game.seat_of(user)
        return services.game_move(
            game=game, seat=seat, kind=kind, cards=cards, version=version
        ).game


def client_for(user=None) -> APIClient:
    """An API client signed in as `user` (anonymous with None)."""
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def web_client(user=None) -> Client:
    """A browser-like client (session cookie, CSRF-exempt like Django's test client) for
    pages such as the admin, signed in as `user` (anonymous with None)."""
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def fast_forward(game: Game) -> dict:
    """Store `game` one move before its end (random moves by the pure engine, no events)
    and return that last move, `{"seat", "kind", "cards"}`, for the test to make for real."""
    rng, state = random.Random(0), game.state
    while True:
        seat = engine.to_act(state)[0]
        last = {"seat": seat, **rng.choice(engine.legal_moves(state, seat))}
        after, _ = engine.apply(state, last)
        if after["phase"] == engine.OVER:
            break
        state = after
    Game.objects.filter(pk=game.pk).update(state=state)
    return last


def expire_turn(game: Game) -> None:
    """Let the deadline of every seat to act (and so the game's) pass a second ago."""
    past = timezone.now() - timedelta(seconds=1)
    Seat.objects.filter(game=game, to_act=True).update(deadline=past)
    Game.objects.filter(pk=game.pk).update(turn_deadline=past)
    GameDue.objects.filter(game=game).update(at=past)  # what the sweeper looks for


def at_once(*jobs) -> list:
    """Run the jobs in threads released together; their results (or exceptions).

    Each thread has its own database connection, closed when its job ends: real
    concurrent transactions on the test database.
    """
    barrier = threading.Barrier(len(jobs))
    results = [None] * len(jobs)

    def run(i, job):
        try:
            barrier.wait()
            results[i] = job()
        except Exception as e:  # noqa: BLE001 - reported to the test
            results[i] = e
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results
