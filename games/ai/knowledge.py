"""What one seat knows of the hidden cards, read from its view alone, and deals consistent
with it (determinizations) for the `hard` player's search.

Known for sure: the own hand; every card played or tucked this round; the doghouses; the
cards this seat passed, which sit in the right-hand neighbour's hand (seat - 1) until that
seat plays them. Inferred: a tail-tuck discards the tucker's lowest cards, so everything
the tucker still holds is at least as strong as the highest card it tucked (its floor).
The rest is unknown: spread among the other hands and the set-aside pile.
"""

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from itertools import repeat, starmap

from games.engine.cards import full_deck


@dataclass
class Knowledge:
    seat: int
    players: int
    hand: list[int]
    hand_sizes: list[int]
    aside_count: int
    unknown: list[int]  # sorted: cards in other hands or set aside, placement unknown
    known: list[list[int]]  # per seat: cards surely in that seat's hand (own hand excluded)
    floors: list[int]  # per seat: every card it holds is at least this strong

    # The other seats as `sample_hands` fills them, the most constrained first: (seat,
    # cards to deal it, its floor, the cards it surely holds); worked out once, not per deal.
    slots: list[tuple[int, int, int, list[int]]] = field(init=False, repr=False)

    def __post_init__(self):
        others = sorted(
            (s for s in range(self.players) if s != self.seat), key=lambda s: -self.floors[s]
        )
        self.slots = [
            (s, self.hand_sizes[s] - len(self.known[s]), self.floors[s], self.known[s])
            for s in others
        ]


def multiset_minus(cards: list[int], gone: list[int]) -> list[int]:
    """`cards` minus `gone` as multisets, ignoring what `cards` lacks."""
    left = Counter(cards)
    left.subtract(gone)
    return sorted(left.elements())


def read_knowledge(view: dict) -> Knowledge:
    seat, n = view["seat"], view["players"]
    hand = list(view["hand"])
    passing = view["phase"] == "passing"
    seen = full_deck(view["max_strength"])
    for doghouse in view["doghouses"]:
        seen = multiset_minus(seen, doghouse)
    known: list[list[int]] = [[] for _ in range(n)]
    floors = [0] * n
    if passing:
        # Own dealt hand (before passing; a seat that has passed has no decision left).
        unknown = multiset_minus(seen, hand)
    else:
        right = (seat - 1) % n
        by_right: list[int] = []
        gone: list[int] = []
        for entry in view["moves"]:
            cards = entry.get("play") or entry.get("tuck")
            gone += cards
            if entry["seat"] == right:
                by_right += cards
            if "tuck" in entry:
                floors[entry["seat"]] = max(floors[entry["seat"]], max(cards))
        known[right] = multiset_minus(view["passed_cards"] or [], by_right)
        unknown = multiset_minus(multiset_minus(multiset_minus(seen, hand), gone), known[right])
    return Knowledge(
        seat=seat,
        players=n,
        hand=hand,
        hand_sizes=list(view["hand_sizes"]),
        aside_count=view["aside_count"],
        unknown=unknown,
        known=known,
        floors=floors,
    )


def sample_hands(know: Knowledge, rng: random.Random) -> list[list[int]]:
    """One deal of the unknown cards consistent with `know`: every seat's hand, sorted.

    Slots are filled from the most constrained (highest floor) down, each taking a uniform
    random subset of the cards it may hold; with nested floors this never dead-ends when a
    consistent deal exists. The set-aside pile takes what is left (it is not returned).
    """
    # Sorting by random keys shuffles uniformly, at half the cost of `rng.shuffle` (whose
    # loop is Python): the search deals thousands of times a decision. The key of each
    # card in turn is the next `rng.random()`, drawn through C callables rather than a
    # lambda (`next(draws, card)`: the card is only a default that is never used).
    draws = starmap(rng.random, repeat(()))
    pool = sorted(know.unknown, key=partial(next, draws))
    hands: list[list[int]] = [[] for _ in range(know.players)]
    taken_so_far = 0
    for s, need, floor, known in know.slots:
        if floor <= 1:  # every card may go there (the usual case): the next ones in the pool
            end = taken_so_far + need
            taken = pool[taken_so_far:end]
            taken_so_far = end
        else:  # the first `need` cards it may hold (at least its floor); the rest in order
            taken, pool = [], pool[taken_so_far:]
            taken_so_far = i = 0
            while len(taken) < need and i < len(pool):
                if pool[i] >= floor:
                    taken.append(pool.pop(i))
                else:
                    i += 1
        if len(taken) < need:
            raise ValueError(f"no deal fits what seat {know.seat} has seen")
        taken += known
        taken.sort()
        hands[s] = taken
    hands[know.seat] = list(know.hand)
    return hands
