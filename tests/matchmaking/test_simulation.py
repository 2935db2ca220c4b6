"""300 players with random wishes on a simulated clock: seated in time, nobody twice."""

import random
from datetime import timedelta

import pytest

from bench.matchmaking import enqueue
from games.models import Game
from matchmaking import forming, services, simulation
from matchmaking.models import QueueEntry
from matchmaking.serializers import PRESETS

PLAYERS = 300
ARRIVALS = 600.0  # seconds over which they join
TICK = 3.0


@pytest.fixture
def rules():
    return forming.Rules(
        gap_base=100,
        gap_per_second=10,
        gap_max=1500,  # covers every simulated skill (400-1600): anyone may end up together
        ai_wait_live=60,
        ai_wait_correspondence=600,
        live_max_seconds=300,
    )


def until(rules):
    longest = max(
        rules.ai_wait_correspondence, (rules.gap_max - rules.gap_base) / rules.gap_per_second
    )
    return simulation.START + timedelta(seconds=ARRIVALS + longest + 10 * TICK)


def could_still_sit(left: list[forming.Wish]) -> list[forming.Wish]:
    """Those left who together could fill some table of one speed and kind, ignoring
    ratings (every gap reaches its cap given time): a brute-force check of the planner."""
    stuck = []
    pools: dict[tuple[int, bool], list[forming.Wish]] = {}
    for w in left:
        pools.setdefault((w.time_per_move, w.rated), []).append(w)
    for pool in pools.values():
        for size in range(3, 7):
            accepting = [w for w in pool if size in w.sizes]
            if len(accepting) >= size:
                stuck.extend(accepting)
    return stuck


def check(outcome, wishes, rules):
    by_id = {w.id: w for w in wishes}
    ids = [w.id for t in outcome.tables for w in t.wishes]
    assert len(ids) == len(set(ids)), "someone was seated twice"
    assert len(ids) + len(outcome.left) == len(wishes), "someone was lost"
    for table in outcome.tables:
        assert all(table.size in w.sizes for w in table.wishes)
        assert len({(w.time_per_move, w.rated) for w in table.wishes}) == 1
        assert not table.ai or all(w.ai_fill for w in table.wishes)
    waits = outcome.waits(wishes)
    for wish_id, wait in waits.items():
        wish = by_id[wish_id]
        if wish.ai_fill:
            assert wait <= rules.ai_wait(wish.time_per_move) + TICK
    assert all(not w.ai_fill for w in outcome.left)
    assert could_still_sit(outcome.left) == [], "compatible people left waiting"
    return waits


def test_the_simulated_speeds_are_the_queue_s():
    assert set(simulation.SPEED_WEIGHTS) == set(PRESETS)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_three_hundred_players_are_seated_by_the_planner(rules, seed):
    wishes = simulation.random_wishes(PLAYERS, random.Random(seed), ARRIVALS)
    outcome = simulation.simulate(wishes, rules, tick=TICK, until=until(rules))
    waits = check(outcome, wishes, rules)
    assert len(waits) > 0.8 * PLAYERS


def test_three_hundred_players_are_seated_through_the_database(
    rules, settings, django_user_model, transactional_db
):
    settings.MATCHMAKING_GAP_BASE = rules.gap_base
    settings.MATCHMAKING_GAP_PER_SECOND = rules.gap_per_second
    settings.MATCHMAKING_GAP_MAX = rules.gap_max
    settings.MATCHMAKING_AI_FILL_LIVE = rules.ai_wait_live
    settings.MATCHMAKING_AI_FILL_CORRESPONDENCE = rules.ai_wait_correspondence
    wishes = simulation.random_wishes(PLAYERS, random.Random(7), ARRIVALS)
    users = django_user_model.objects.bulk_create(
        django_user_model(username=f"sim{w.user_id}") for w in wishes
    )
    user_of = {w.id: u for w, u in zip(wishes, users, strict=True)}
    wish_of = {u.pk: w for w, u in zip(wishes, users, strict=True)}

    def arrive(wish):
        enqueue(user_of[wish.id], wish)

    def run(queued, now):
        tables = []
        for game in services.form_tables(now=now):
            seats = list(game.seats.all())
            humans = tuple(wish_of[s.user_id] for s in seats if not s.is_ai)
            tables.append(forming.Table(humans, ai=sum(s.is_ai for s in seats)))
        return tables

    outcome = simulation.simulate(
        wishes, rules, tick=TICK, until=until(rules), run=run, arrive=arrive
    )
    check(outcome, wishes, rules)
    assert Game.objects.filter(status=Game.Status.ACTIVE).count() == len(outcome.tables)
    assert QueueEntry.objects.count() == len(outcome.left)
