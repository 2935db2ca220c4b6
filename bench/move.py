"""A move's own cost: moves played one after another through the one write path
(`moves.move_submit`, its broadcast and what it queues included) in this process, on the
configured database, cache and channel layer, with nothing else running.

`bench load` measures the crowd, where a move's figures carry everyone else's waits;
this one measures a change to the write path itself. Tasks run in this process (eager),
as the workers would run them; the people and games it makes are deleted at the end.
"""

import random
import secrets
import time

from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from barkside.celery import eager_tasks
from games import engine, moves, selectors, services
from games.models import Game

COUNTED = 20  # moves whose queries are counted, before the timed ones


def bench_move(write, seconds: float = 3.0, **_) -> None:
    rng = random.Random(1)
    people, games = [], []
    try:
        with eager_tasks():
            with CaptureQueriesContext(connection) as queries:
                _play(rng, people, games, moves_wanted=COUNTED)
            start = time.perf_counter()
            played = cpu = wall = 0
            while time.perf_counter() - start < seconds:
                cpu_wall = _play(rng, people, games, moves_wanted=1)
                played, cpu, wall = played + 1, cpu + cpu_wall[0], wall + cpu_wall[1]
    finally:
        Game.objects.filter(pk__in=games).delete()
        get_user_model().objects.filter(pk__in=[p.pk for p in people]).delete()
    write(f"move: {played} moves one after another, one process")
    write(f"  CPU ms a move: {1000 * cpu / played:.2f} (wall {1000 * wall / played:.2f})")
    write(f"  queries a move: {len(queries) / COUNTED:.1f}")


def _play(rng, people: list, games: list, moves_wanted: int) -> tuple[float, float]:
    """Random legal moves by the people to act, at a new table whenever a game ends: the
    CPU and wall seconds of the moves themselves (not of reading or seating)."""
    played = cpu = wall = 0
    while played < moves_wanted:
        game = selectors.one_with_seats(games[-1]) if games else None
        if game is None or game.status != Game.Status.ACTIVE:
            table = [_person() for _ in range(3)]
            people += table
            game = services.game_create(user=table[0], players=3, time_per_move=300)
            for person in table[1:]:
                game = services.game_join(game_id=game.pk, user=person)
            games.append(game.pk)
            continue
        seat = rng.choice(engine.to_act(game.state))
        move = rng.choice(engine.legal_moves(game.state, seat))
        fields = {"kind": move["kind"], "cards": move.get("cards"), "version": game.version}
        fields = {k: v for k, v in fields.items() if v is not None}
        user = next(s.user for s in game.seats.all() if s.number == seat)
        key = secrets.token_hex(8)
        start_cpu, start = time.process_time(), time.perf_counter()
        moves.move_submit(game_id=game.pk, user=user, fields=fields, key=key)
        cpu += time.process_time() - start_cpu
        wall += time.perf_counter() - start
        played += 1
    return cpu, wall


def _person():
    return get_user_model().objects.create_user(f"bench-{secrets.token_hex(6)}", password=None)
