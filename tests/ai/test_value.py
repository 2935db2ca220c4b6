"""The hard player's value of a round's end: losing the game is the worst of them."""

from games.ai.value import RoundValue


def test_losing_the_game_costs_more_than_losing_a_round_that_does_not_end_it():
    """A seat one kind from seven: catching a seventh kind ends the game, lost. With the
    first danger estimate (0.9 a kind) the seat counted itself all but lost already and
    scored that below catching three cards of kinds it held, which the game survives."""
    doghouses = [[1, 2, 3, 4, 5, 6], [1, 1, 2, 2, 3, 3], [4, 4, 5, 5, 6, 6]]
    value = RoundValue(0, doghouses, 10)
    game_lost = value.cost(0, [7, 8, 9])
    round_lost = value.cost(0, [1, 2, 3])
    another_loses = value.cost(1, [1, 2, 3])
    assert game_lost > round_lost + 2 > another_loses + 2
