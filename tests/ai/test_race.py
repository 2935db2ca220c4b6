"""The race between candidate moves: the clearly worse leave, uneven weights drop nobody."""

from games.ai.race import survivors


def test_a_candidate_worse_on_every_one_of_many_deals_leaves_the_race():
    costs = [[1.0 + (d % 3) for d in range(64)], [3.0 + (d % 3) for d in range(64)]]
    assert survivors([0, 1], costs, [1.0] * 64) == [0]


def test_deals_worth_few_equal_ones_drop_no_candidate():
    """At 5 players a few deals often carry most of the weight: a variance taken over them
    comes out near zero, and a move would leave on the luck of one deal."""
    costs = [[1.0 + (d % 3) for d in range(64)], [3.0 + (d % 3) for d in range(64)]]
    weights = [1.0] * 4 + [1e-6] * 60  # worth about 4 equal deals
    assert survivors([0, 1], costs, weights) == [0, 1]
