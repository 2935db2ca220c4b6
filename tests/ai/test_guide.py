"""`hard`'s search with the network's judgement weighed in (`guide`), and `hard-v2`, the
same search without it: `hard-v2` must stay the search without the network, decision
for decision."""

import json
import math
import random
from pathlib import Path

import numpy as np
import pytest

from bench.ai import sample_views
from games.ai import choose_move
from games.ai.features import encode
from games.ai.guide import HARD, Advice, Guide
from games.ai.hard import race_tricks, search
from games.ai.levels import SEARCHES
from games.ai.network import WEIGHTS, Q, network
from games.ai.passing import race_pass
from games.ai.race import Race
from games.ai.selfplay import TEACHER

# Moves of `hard` before the network came in (`hard.search` with no guide), recorded on
# positions of normal self-play at a fixed number of deals, its deterministic mode.
RECORDED = json.loads(Path(__file__).with_name("hard_v2_moves.json").read_text())


# `hard` leaves 4-6 seat tables to the race alone.
@pytest.mark.parametrize(("level", "players"), [("hard-v2", 3), ("hard-v2", 5), ("hard", 5)])
def test_the_search_without_the_network_makes_the_moves_recorded_before_it(level, players):
    key = str(players)
    views = sample_views(players, RECORDED["games"][key], RECORDED["seeds"][key])
    views = views[:: RECORDED["every"]]
    moves = [
        v["legal_moves"].index(
            choose_move(level, v, random.Random(i), iterations=RECORDED["iterations"])
        )
        for i, v in enumerate(views)
    ]
    assert len(moves) == len(RECORDED["moves"][key])
    assert sum(v["phase"] == "passing" for v in views) >= 10  # passes and tricks both
    assert moves == RECORDED["moves"][key]


def _race(costs: list[list[float]], keep: int | None = None) -> Race:
    race = Race(len(costs[0]), keep)
    for deal in costs:
        race.add_deal(1.0, [deal[i] for i in race.alive])
    return race


def test_the_guided_choice_is_the_least_mean_cost_plus_weighted_q():
    race = _race([[3.0, 2.0, 4.0], [1.0, 2.0, 4.0]])  # means 2, 2, 4
    assert race.winner() == 0
    assert Advice(0, np.array([0.5, 0.0, 0.0])).choose(race) == 1
    assert Advice(2, np.array([0.0, 0.0, -2.5])).choose(race) == 2
    assert Advice(0, np.zeros(3)).choose(race) == 0  # a tie: the first legal move


def test_a_move_out_of_the_race_is_never_chosen_however_the_network_rates_it():
    race = _race([[0.0, 9.0], [1.0, 9.5]] * 30)  # the second move dropped at the first look
    assert race.alive == [0]
    assert Advice(0, np.array([0.0, -100.0])).choose(race) == 0


@pytest.mark.parametrize("players", [3, 5])
def test_the_guide_keeps_swifts_move_and_weighs_its_cost(players):
    views = sample_views(players, 1, f"guide:{players}")
    assert sum(v["phase"] == "passing" for v in views) >= 2
    for i, v in enumerate(views[:12]):
        advice = Guide(weight=1.0).advise(v)
        assert v["legal_moves"][advice.favourite] == choose_move("swift", v, None)
        costs = WEIGHTS[players].costs(network(WEIGHTS[players]).outputs(encode(v)))
        np.testing.assert_allclose(Guide(weight=2.0).advise(v).costs, 2.0 * costs)
        # Swift's move stays in the race, so a network weighed above all plays it...
        overwhelming = search(v, random.Random(i), iterations=60, guide=Guide(weight=1e6))
        if WEIGHTS[players].follows == Q:
            assert overwhelming["move"] == choose_move("swift", v, None)
        # ...and one weighed at nothing plays the race's winner, swift's move kept in it.
        plain = search(v, random.Random(i), iterations=60, guide=Guide(weight=0.0))
        race_moves = race_pass if v["phase"] == "passing" else race_tricks
        race = race_moves(v, random.Random(i), math.inf, 60, advice.favourite)
        assert advice.favourite in race.alive
        assert plain["move"] == v["legal_moves"][race.winner()]


def test_hard_is_guided_at_three_seats_only():
    for players in (3, 4, 5, 6):
        view = sample_views(players, 1, f"tables:{players}")[3]
        assert (HARD.advise(view) is not None) == (players == 3)


def test_swifts_teacher_is_the_search_without_the_network():
    assert SEARCHES[TEACHER] is search  # no guide: the network never teaches itself
