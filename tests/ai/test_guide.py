"""`hard` with the network choosing the moves it races, and `hard-v2`, the same search
without it: `hard-v2` must stay today's search, decision for decision."""

import json
import random
from pathlib import Path

import pytest

from bench.ai import sample_views
from games.ai import choose_move
from games.ai.guide import Guide
from games.ai.hard import search
from games.ai.policies import normal_policy
from games.ai.race import Race

# Moves of `hard` before the network came in (`hard.search` with no guide), recorded on
# positions of normal self-play at a fixed number of deals, its deterministic mode.
RECORDED = json.loads(Path(__file__).with_name("hard_v2_moves.json").read_text())


@pytest.mark.parametrize("players", [3, 5])
def test_hard_v2_makes_the_recorded_moves_of_the_search_without_the_network(players):
    key = str(players)
    views = sample_views(players, RECORDED["games"][key], RECORDED["seeds"][key])
    views = views[:: RECORDED["every"]]
    moves = [
        v["legal_moves"].index(
            choose_move("hard-v2", v, random.Random(i), iterations=RECORDED["iterations"])
        )
        for i, v in enumerate(views)
    ]
    assert len(moves) == len(RECORDED["moves"][key])
    assert sum(v["phase"] == "passing" for v in views) >= 10  # passes and tricks both
    assert moves == RECORDED["moves"][key]


@pytest.mark.parametrize("players", [3, 5])
def test_the_guide_races_few_passes_and_always_the_normal_rules(players):
    guide = Guide(pass_keep=3, trick_keep=2)
    narrowed = 0
    for v in sample_views(players, 1, f"guide:{players}"):
        entrants = guide.entrants(v)
        moves = v["legal_moves"]
        if entrants is None:
            assert len(moves) <= (3 if v["phase"] == "passing" else 2)
            continue
        assert entrants == sorted(set(entrants))
        assert all(0 <= i < len(moves) for i in entrants)
        assert len(entrants) <= 2 * (3 if v["phase"] == "passing" else 2) + 1
        assert moves.index(normal_policy(v, None)) in entrants
        narrowed += v["phase"] == "passing"
    assert narrowed >= 3


def test_a_guided_search_plays_only_its_entrants():
    guide = Guide(pass_keep=2, trick_keep=2)
    for v in sample_views(3, 1, "guided"):
        entrants = guide.entrants(v)
        if entrants is None:
            continue
        result = search(v, random.Random(0), iterations=50, guide=guide)
        assert v["legal_moves"].index(result["move"]) in entrants
        assert result["candidates"] == len(entrants)


def test_a_race_with_entrants_plays_only_them():
    race = Race(6, entrants=[4, 1])
    assert race.alive == [1, 4]
    race.add_deal(1.0, [2.0, 5.0])
    assert race.costs[1] == [2.0] and race.costs[4] == [5.0]
    assert race.costs[0] == race.costs[2] == []
    assert race.winner() == 1


def test_a_guide_without_a_trick_keep_races_every_trick_move():
    guide = Guide(pass_keep=3, trick_keep=None)
    views = sample_views(3, 1, "untouched")
    assert all(guide.entrants(v) is None for v in views if v["phase"] == "tricks")
    assert any(guide.entrants(v) is not None for v in views if v["phase"] == "passing")
