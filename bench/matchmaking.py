"""Matchmaking: 300 random players on a simulated clock, through the planner and the DB.

Figures: players seated per second of real time spent matching (the planner alone,
then the real services writing queue entries and started games inside one transaction
that is rolled back), and the wait distribution on the simulated clock, per speed.
"""

import random
import time
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import DatabaseError, transaction

from bench.percentiles import percentile
from matchmaking import selectors, services, simulation
from matchmaking.models import QueueEntry

PLAYERS = 300
ARRIVALS = 600.0
TICK = 3.0


class _Rollback(Exception):
    pass


def bench_matchmaking(write, seconds: float = 3.0, **_) -> None:
    rules = selectors.forming_rules()
    longest = max(
        rules.ai_wait_correspondence, (rules.gap_max - rules.gap_base) / rules.gap_per_second
    )
    until = simulation.START + timedelta(seconds=ARRIVALS + longest + 10 * TICK)
    write(
        f"matchmaking: {PLAYERS} random players joining over {ARRIVALS:g} s, a run every "
        f"{TICK:g} s (simulated); gap {rules.gap_base:g} + {rules.gap_per_second:g}/s up to "
        f"{rules.gap_max:g}; AI fill after {rules.ai_wait_live:g} s live, "
        f"{rules.ai_wait_correspondence:g} s correspondence"
    )
    seated = spent = rounds = 0
    waits: dict[str, list[float]] = {"live": [], "correspondence": []}
    tables, ai_tables, left = 0, 0, 0
    start = time.perf_counter()
    while rounds == 0 or time.perf_counter() - start < seconds:
        wishes = simulation.random_wishes(PLAYERS, random.Random(rounds), ARRIVALS)
        t0 = time.perf_counter()
        outcome = simulation.simulate(wishes, rules, tick=TICK, until=until)
        spent += time.perf_counter() - t0
        seated += len(outcome.seated_at)
        tables += len(outcome.tables)
        ai_tables += sum(t.ai > 0 for t in outcome.tables)
        left += len(outcome.left)
        by_id = {w.id: w for w in wishes}
        for wish_id, wait in outcome.waits(wishes).items():
            speed = (
                "live"
                if by_id[wish_id].time_per_move <= rules.live_max_seconds
                else "correspondence"
            )
            waits[speed].append(wait)
        rounds += 1
    write(
        f"planner: {rounds} simulations, {seated / spent:,.0f} players seated/s, "
        f"{tables} tables ({100 * ai_tables / max(tables, 1):.0f}% with AI seats), "
        f"{100 * left / (rounds * PLAYERS):.1f}% never seated (no compatible players, no AI fill)"
    )
    write(f"{'speed':<15} {'seated':>7} {'p50 s':>7} {'p90 s':>7} {'p99 s':>7} {'max s':>7}")
    for speed, values in waits.items():
        write(
            f"{speed:<15} {len(values):>7} {percentile(values, 50):>7.0f} "
            f"{percentile(values, 90):>7.0f} {percentile(values, 99):>7.0f} "
            f"{max(values, default=0):>7.0f}"
        )
    _bench_database(write, rules, until)


def _bench_database(write, rules, until) -> None:
    """The same simulation through services.form_tables, rolled back at the end."""
    wishes = simulation.random_wishes(PLAYERS, random.Random(0), ARRIVALS)
    User = get_user_model()
    figures = {}
    try:
        with transaction.atomic():
            users = User.objects.bulk_create(User(username=f"bench-mm-{w.user_id}") for w in wishes)
            user_of = {w.id: u for w, u in zip(wishes, users, strict=True)}

            def arrive(wish):
                enqueue(user_of[wish.id], wish)

            def run(queued, now):
                t0 = time.perf_counter()
                games = services.form_tables(now=now)
                figures["spent"] = figures.get("spent", 0) + time.perf_counter() - t0
                figures["seated"] = figures.get("seated", 0) + sum(
                    1 for g in games for s in g.seats.all() if not s.is_ai
                )
                figures["games"] = figures.get("games", 0) + len(games)
                return []

            outcome = simulation.simulate(
                wishes, rules, tick=TICK, until=until, run=run, arrive=arrive
            )
            figures["runs"] = outcome.runs
            raise _Rollback
    except _Rollback:
        pass
    except DatabaseError as e:
        write(f"database: skipped ({e}; run `manage.py migrate`)")
        return
    write(
        f"database: {figures.get('seated', 0)} players in {figures.get('games', 0)} started games "
        f"over {figures['runs']} runs, {figures.get('seated', 0) / max(figures.get('spent', 0), 1e-9):,.0f} "
        f"players seated/s of run time (one process, rolled back)"
    )


def enqueue(user, wish) -> QueueEntry:
    """Queue `user` with a simulated `wish`'s wishes, joined when the wish says."""
    return QueueEntry.objects.create(
        user=user,
        sizes=sorted(wish.sizes),
        time_per_move=wish.time_per_move,
        rated=wish.rated,
        ai_fill=wish.ai_fill,
        skill=wish.skill,
        joined=wish.joined,
    )
