"""The normal player's rules on hand-built positions."""

import random

from games.ai import choose_move
from games.ai.heuristic import normal_follow, normal_lead, normal_pass

from .positions import position, seat_view

# Seat 0 will hold [1, 2, 3, 4, 5, 6, 7, 8] after passing 9, 10 and receiving 1, 1.
HANDS = [
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    [1, 1, 2, 2, 3, 3, 4, 4, 5, 5],
    [6, 6, 7, 7, 8, 8, 9, 9, 10, 10],
]
ASIDE = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
PASSES = [[9, 10], [1, 1], [10, 10]]


def test_passes_the_two_highest_cards():
    assert normal_pass([1, 2, 2, 3, 5, 6, 8, 9, 9, 10]) == [9, 10]


def test_passes_lone_cards_before_breaking_a_high_set_of_three():
    assert normal_pass([1, 2, 3, 4, 5, 8, 9, 10, 10, 10]) == [8, 9]


def test_tail_tucks_when_it_cannot_beat_the_top():
    state = position(HANDS, ASIDE, PASSES, moves=[(2, "play", [10])], starter=2)
    seen = seat_view(state, 0)
    assert choose_move("normal", seen, random.Random(0)) == {"kind": "tuck", "cards": [1]}


def test_climbs_with_the_highest_card_it_may_play():
    state = position(HANDS, ASIDE, PASSES, moves=[(2, "play", [6])], starter=2)
    seen = seat_view(state, 0)
    assert choose_move("normal", seen, random.Random(0)) == {"kind": "play", "cards": [8]}


def test_never_leads_a_set_before_sets_unlock():
    assert normal_lead([2, 7, 7, 7, 9], sets_unlocked=False) == ("play", 9, 1)
    state = position(HANDS, ASIDE, PASSES)
    seen = seat_view(state, 0)
    assert not seen["sets_unlocked"]
    assert len(choose_move("normal", seen, random.Random(0))["cards"]) == 1


def test_leads_the_set_that_sheds_most_once_sets_unlock():
    assert normal_lead([2, 7, 7, 7, 9], sets_unlocked=True) == ("play", 7, 3)


def test_a_set_lead_keeps_the_lowest_card_as_the_last_card():
    # All cards equal but one: the set may not empty the hand, nor spend the safe card.
    assert normal_lead([4, 4, 4], sets_unlocked=True) == ("play", 4, 2)
    assert normal_lead([3, 3, 8, 8], sets_unlocked=True) == ("play", 8, 2)


def test_keeps_the_lower_of_its_last_two_cards():
    assert normal_lead([3, 9], sets_unlocked=True) == ("play", 9, 1)
    assert normal_follow([3, 9], 1, 5) == ("play", 9, 1)
    assert normal_follow([5, 6], 1, 5) == ("play", 6, 1)


def test_follows_a_set_only_with_a_set_of_that_size():
    assert normal_follow([2, 8, 9, 9], 2, 8) == ("play", 9, 2)
    assert normal_follow([2, 8, 9, 10], 2, 8) == ("tuck", 2)
