"""The race between candidate moves: the clearly worse leave, uneven weights drop nobody."""

import math
import random
from operator import mul, sub

from games.ai.race import DROP_Z, Race, next_look


def race_over(costs: list[list[float]], weights: list[float], keep: int | None = None) -> Race:
    """A race fed deal by deal, each candidate still in it paying its cost on the deal."""
    race = Race(len(costs), keep)
    for d, weight in enumerate(weights):
        race.add_deal(weight, [costs[i][d] for i in race.alive])
    return race


def test_a_candidate_worse_on_every_one_of_many_deals_leaves_the_race():
    costs = [[1.0 + (d % 3) for d in range(64)], [3.0 + (d % 3) for d in range(64)]]
    assert race_over(costs, [1.0] * 64).alive == [0]


def test_the_candidate_kept_stays_in_the_race_however_worse():
    costs = [[1.0 + (d % 3) for d in range(64)], [3.0 + (d % 3) for d in range(64)]]
    race = race_over(costs, [1.0] * 64, keep=1)
    assert race.alive == [0, 1]
    assert race.winner() == 0


def test_the_difference_of_two_candidates_is_their_weighted_paired_mean_and_its_error():
    rng = random.Random(3)
    costs = [[rng.random() for _ in range(40)], [1 + rng.random() for _ in range(40)]]
    weights = [rng.choice([0.5, 1.0, 2.0]) for _ in range(40)]
    mean, error = race_over(costs, weights, keep=1).difference(1, 0)
    diffs = list(map(sub, costs[1], costs[0]))
    total = sum(weights)
    expected = sum(map(mul, weights, diffs)) / total
    var = sum(w * (d - expected) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
    effective = total * total / sum(w * w for w in weights)
    assert math.isclose(mean, expected)
    assert math.isclose(error, math.sqrt(var / (effective - 1)))


def test_deals_worth_few_equal_ones_drop_no_candidate():
    """At 5 players a few deals often carry most of the weight: a variance taken over them
    comes out near zero, and a move would leave on the luck of one deal."""
    costs = [[1.0 + (d % 3) for d in range(64)], [3.0 + (d % 3) for d in range(64)]]
    weights = [1.0] * 4 + [1e-6] * 60  # worth about 4 equal deals
    assert race_over(costs, weights).alive == [0, 1]


def test_the_race_looks_every_sixteen_deals_then_about_every_eighth_of_those_played():
    looks, deals = [], 0
    while deals < 1024:
        deals = next_look(deals)
        looks.append(deals)
    assert looks == [*range(48, 256, 16), *range(256, 512, 32), *range(512, 1025, 64)]


def test_sums_carried_from_look_to_look_equal_sums_over_every_deal():
    """The leader changes between looks: each look still judges every deal played."""
    rng = random.Random(7)
    race = Race(3)
    for d in range(300):
        # Candidate 1 leads early, candidate 2 late; candidate 0 stays close to both.
        costs = [2.0 + rng.random(), 1.5 + 2 * (d > 150) + rng.random(), 3.0 - 2 * (d > 150)]
        race.alive = [0, 1, 2]  # keep all three in, to look at them after every deal
        race.add_deal(rng.choice([0.5, 1.0, 2.0]), costs)
        race.alive = [0, 1, 2]
        assert race.survivors() == survivors_afresh(race)


def survivors_afresh(race: Race) -> list[int]:
    """`Race.survivors` from nothing but the deals' costs and weights."""
    costs, weights = race.costs, race.weights
    leader = min(race.alive, key=lambda i: sum(map(mul, weights, costs[i])))
    total = sum(weights)
    effective = total * total / sum(map(mul, weights, weights))
    if effective < 16:
        return race.alive
    kept = []
    for i in race.alive:
        diffs = list(map(sub, costs[i], costs[leader]))
        weighted = list(map(mul, weights, diffs))
        mean = sum(weighted) / total
        var = max(0.0, sum(map(mul, weighted, diffs)) / total - mean * mean)
        if i == leader or mean <= DROP_Z * math.sqrt(var / (effective - 1)):
            kept.append(i)
    return kept
