"""The AI levels' reference ratings: measured by rated AI-only games, on the players' scale."""

import io

import pytest
from django.core.management import CommandError, call_command

from games.ai import LEVELS
from matchmaking import ratings
from matchmaking.calibration import calibrate


def test_a_stronger_level_is_rated_well_above_a_weaker_one():
    references = {r.level: r for r in calibrate(["random", "normal"], games=120, seed="t")}
    assert references["normal"].mu - references["random"].mu > 10
    assert references["random"].spread < 5  # its virtual players agree


def test_levels_are_anchored_on_a_newcomers_mu_and_every_seat_is_counted():
    references = calibrate(["random", "easy", "normal"], games=40, seed="t", per_level=2)
    assert sum(r.mu for r in references) / 3 == pytest.approx(ratings.default()[0])
    seats = sum(r.seats for r in references)
    assert 40 * 3 <= seats <= 40 * 6  # tables of 3-6


def test_the_same_seed_measures_the_same():
    assert calibrate(["random", "easy"], games=20, seed="s") == calibrate(
        ["random", "easy"], games=20, seed="s"
    )


def test_the_reference_ratings_in_use_rank_the_levels_in_order_of_strength():
    mus = [ratings.AI_RATINGS[level][0] for level in ("random", "easy", "normal", "hard")]
    assert mus == sorted(mus) and len(set(mus)) == 4
    # hard's figure is a floor (100 deals a decision in calibration, not its budget)
    assert ratings.AI_RATINGS["swift"][0] > ratings.AI_RATINGS["normal"][0]


def test_every_level_offered_to_players_has_a_reference_rating():
    assert set(ratings.AI_RATINGS) == set(LEVELS)


def test_the_command_prints_a_line_per_level():
    out = io.StringIO()
    call_command("calibrate_ai", "--games", "30", "--levels", "random,normal", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("30 rated games")
    assert [line.split()[0] for line in lines[2:]] == ["random", "normal"]


@pytest.mark.parametrize("levels", ["random", "random,random", "random,grandmaster"])
def test_the_command_refuses_fewer_than_two_known_levels(levels):
    with pytest.raises(CommandError):
        call_command("calibrate_ai", "--games", "1", "--levels", levels, stdout=io.StringIO())
