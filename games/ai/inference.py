"""Deals weighted by how well they explain what the other seats did (the new `hard` player).

`knowledge.sample_hands` deals the unseen cards uniformly among the deals that fit what
is certain (cards seen, tucks' floors). Play tells more: a seat that climbed with a 7
under the normal rule held nothing higher that it could play; a seat that led its 8
before sets unlocked held no 9; the left-hand neighbour passed its two highest cards.
Each deal is weighted by the likelihood of every action observed this round under a
model of play: the normal rule, left with probability `EPSILON` (other seats may be
people, or searching players, who often leave it). The search draws fresh deals and
weighs each playout's cost by its deal's weight (importance sampling): drawing from a
fixed pool of weighted deals instead was tried, and judging moves on a few dozen worlds
played worse than on many.

All of it reads the seat's view alone (`Knowledge` and the view's `moves`).
"""

import random

from .heuristic import normal_follow, normal_lead
from .knowledge import Knowledge, sample_hands

# How often the model expects a seat to leave the normal rule. Not small: the other seats
# may be people or searching players; a small value would let a few deals that happen to
# explain everything outweigh all the others.
EPSILON = 0.3


def play_likelihood(view: dict, know: Knowledge, hands: list[list[int]]) -> float:
    """How likely this round's observed actions are if the other seats hold `hands` now."""
    n, me = know.players, know.seat
    start = [list(h) for h in hands]
    for entry in view["moves"]:
        start[entry["seat"]] += entry.get("play") or entry["tuck"]
    for h in start:
        h.sort()
    likelihood = _pass_likelihood(view, start[(me + 1) % n])
    count, top, unlocked, in_trick = 0, 0, False, 0
    for entry in view["moves"]:
        s = entry["seat"]
        hand = start[s]
        played = entry.get("play")
        if s != me:
            if count == 0:
                expected = normal_lead(hand, unlocked)
            else:
                expected = normal_follow(hand, count, top)
            if played is None:
                matched = expected[0] == "tuck"
            else:
                matched = expected[0] == "play" and expected[1] == played[0]
            if not matched:
                likelihood *= EPSILON
        cards = played or entry["tuck"]
        for card in cards:
            hand.remove(card)
        if played is not None:
            count, top = len(played), played[0]
        else:
            unlocked = True
        in_trick += 1
        if in_trick == n:
            count, top, in_trick = 0, 0, 0
    return likelihood


def _pass_likelihood(view: dict, left_start: list[int]) -> float:
    """The left-hand neighbour passed us `received`: under the normal rule its two highest.

    It then received 2 cards from its own left, so at most 2 of the cards it held after
    the exchange may be higher than the lower card it passed; each one more is a sign
    that it did not pass its highest cards.
    """
    received = view.get("received_cards")
    if not received:
        return 1.0
    low = min(received)
    higher = sum(1 for card in left_start if card > low)
    return EPSILON ** max(0, higher - 2)


def weighted_deal(view: dict, know: Knowledge, rng: random.Random) -> tuple[list, float]:
    """A fresh deal that fits what is certain, with its weight: how well it explains play."""
    hands = sample_hands(know, rng)
    if view["phase"] != "tricks":
        return hands, 1.0
    return hands, play_likelihood(view, know, hands)
