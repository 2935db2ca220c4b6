"""Every level, those kept for measurements too, decides from its seat's view alone:
hidden cards never change a decision.

Two (or more) games share everything seat 0 may see (its hand, its pass and the pass it
received, every play and tuck, hand sizes, the number of set-aside cards) but deal the
cards seat 0 cannot see differently among seats 1, 2 and the set-aside pile. In the
deterministic mode (an explicit seed, a fixed iteration count) the decisions must match.
"""

import random

import pytest

from games.ai import ALL_LEVELS, choose_move
from games.engine import view

from .positions import position

SEAT0 = [1, 2, 3, 4, 5, 7, 8, 8, 9, 10]
SEAT1_PASS = [6, 9]  # what seat 0 receives: in seat 1's hand in every deal
SEAT1_PUBLIC = [7]  # seat 1 leads a 7
SEAT2_PUBLIC = [1, 9]  # seat 2 tucks its 1 (its lowest) and later plays a 9
SEAT0_PASS = [9, 10]


def hidden_deals(count: int) -> list[tuple[list[int], list[int], list[int]]]:
    """`count` different (seat 1, seat 2, aside) deals around the same public cards."""
    rest = [s for s in range(1, 11) for _ in range(5)]
    for card in SEAT0 + SEAT1_PASS + SEAT1_PUBLIC + SEAT2_PUBLIC:
        rest.remove(card)
    deals = []
    rng = random.Random(2024)
    while len(deals) < count:
        rng.shuffle(rest)
        seat1, seat2, aside = rest[:7], rest[7:15], rest[15:]
        public1 = SEAT1_PASS + SEAT1_PUBLIC
        deals.append((sorted(seat1 + public1), sorted(seat2 + SEAT2_PUBLIC), sorted(aside)))
    return deals


def states_for(deal, moves):
    seat1, seat2, aside = deal
    # Seat 2's hidden pass: its two highest cards, whatever they are in this deal.
    passes = [SEAT0_PASS, SEAT1_PASS, sorted(seat2)[-2:]]
    return position([SEAT0, seat1, seat2], aside, passes, moves=moves, starter=1)


MOMENTS = {
    # Seat 1 leads a 7, seat 2 tucks its 1: seat 0 follows, sets now unlocked.
    "following": [(1, "play", [7]), (2, "tuck", [1])],
    # ... seat 0 plays 9, wins the trick and leads the next one.
    "leading": [(1, "play", [7]), (2, "tuck", [1]), (0, "play", [9])],
}


@pytest.mark.parametrize("level", sorted(ALL_LEVELS))
@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_hidden_cards_never_change_a_decision(level, moment):
    views = [view(states_for(deal, MOMENTS[moment]), 0) for deal in hidden_deals(4)]
    assert all(v == views[0] for v in views), "the deals must look alike to seat 0"
    decisions = [choose_move(level, v, random.Random(7), iterations=40) for v in views]
    assert all(d == decisions[0] for d in decisions)
    assert decisions[0] in views[0]["legal_moves"]


@pytest.mark.parametrize("level", sorted(ALL_LEVELS))
def test_hidden_cards_never_change_a_pass(level):
    views = []
    for seat1, seat2, aside in hidden_deals(4):
        state = position([SEAT0, seat1, seat2], aside, passes=[], starter=1)
        views.append(view(state, 0))
    assert all(v == views[0] for v in views)
    decisions = [choose_move(level, v, random.Random(7), iterations=40) for v in views]
    assert all(d == decisions[0] for d in decisions)
