"""Deals weighted by how well they explain what the other seats did (the new `hard` player).

`knowledge.sample_hands` deals the unseen cards uniformly among the deals that fit what
is certain (cards seen, tucks' floors). Play tells more: a seat that climbed with a 7
under the normal rule held nothing higher that it could play; a seat that led its 8
before sets unlocked held no 9; the left-hand neighbour passed its two highest cards.
Each deal is weighted by the likelihood of every action observed this round under a
model of play (per seat: the normal rule, or some other way; see `NORMAL_SHARE`). The
search draws fresh deals and weighs each playout's cost by its deal's weight (importance
sampling) rather than resampling a fixed pool of weighted deals, which would judge every
move on the few dozen worlds the pool is worth.

All of it reads the seat's view alone (`Knowledge` and the view's `moves`).
"""

import random
from bisect import bisect_right

from .heuristic import normal_follow, normal_lead
from .knowledge import Knowledge, sample_hands

# The model of each other seat is a mixture: with probability `NORMAL_SHARE` it plays the
# normal rule, leaving it with probability `EPSILON` a move; otherwise it plays some other
# way, which gives each move probability `OTHER_MOVE` whatever its hand. A seat that keeps
# to the normal rule is read closely; a seat whose play no deal explains by the rule (a
# person, a searching player) soon weighs every deal alike instead of misleading the
# search with deals in which its choices were forced.
NORMAL_SHARE = 0.5
EPSILON = 0.05
OTHER_MOVE = 0.3
# The pass received is its own mixture, apart from the play: a seat may climb by the
# normal rule and still keep its highest cards at the pass (both searching levels often
# do), and read as "passed its highest", such a pass all but ruled out the true deals.
PASS_NORMAL_SHARE = 0.5


class Evidence:
    """This round's play as one seat saw it, read once per decision from its view; then
    `likelihood(hands)` for each deal the search draws (it runs thousands of times)."""

    def __init__(self, view: dict, know: Knowledge):
        n, me = know.players, know.seat
        self.know, self.seat, self.players = know, me, n
        self.tricks = view["phase"] == "tricks"
        self.gone: list[list[int]] = [[] for _ in range(n)]  # per seat: played or tucked
        # Per move of another seat: (seat, strength played or None for a tuck, cards,
        # and the trick as it stood: count, top, sets unlocked), all of it public.
        self.moves: list[tuple] = []
        self.other = [1.0] * n  # per seat: the likelihood of its moves under "other way"
        self.received = view.get("received_cards") if self.tricks else None
        self.left = (me + 1) % n
        count, top, unlocked, in_trick = 0, 0, False, 0
        for entry in view["moves"] if self.tricks else []:
            s = entry["seat"]
            played = entry.get("play")
            cards = played or entry["tuck"]
            self.gone[s] += cards
            if s != me:
                self.moves.append(
                    (s, played[0] if played else None, len(cards), count, top, unlocked)
                )
                self.other[s] *= OTHER_MOVE
            if played is not None:
                count, top = len(played), played[0]
            else:
                unlocked = True
            in_trick += 1
            if in_trick == n:
                count, top, in_trick = 0, 0, 0
        # A seat's moves depend on its own hand only, so each seat's factor is computed
        # once per hand it is dealt: late in a round the hidden hands are small and recur.
        # A seat that has not moved yet explains nothing (its factor is 1) and is left out.
        by_seat = [(s, [m[1:] for m in self.moves if m[0] == s]) for s in range(n) if s != me]
        self.by_seat = [(s, moves, {}) for s, moves in by_seat if moves]
        if self.received:
            # Of the cards the left neighbour holds once the exchange is done, those above
            # the lower card it passed: the ones it has played or tucked are counted now.
            self.pass_low = min(self.received)
            self.gone_above_pass = sum(1 for card in self.gone[self.left] if card > self.pass_low)

    def likelihood(self, hands: list[list[int]]) -> float:
        """How likely this round's observed actions are if the other seats hold `hands`
        now (sorted, as `knowledge.sample_hands` deals them)."""
        likelihood = 1.0
        if self.received:
            left = hands[self.left]
            higher = self.gone_above_pass + len(left) - bisect_right(left, self.pass_low)
            passed = _pass_likelihood(higher)
            likelihood = PASS_NORMAL_SHARE * passed + (1 - PASS_NORMAL_SHARE) * OTHER_MOVE
        for s, moves, cache in self.by_seat:
            key = tuple(hands[s])
            factor = cache.get(key)
            if factor is None:
                normal = _normal_likelihood(sorted(hands[s] + self.gone[s]), moves)
                factor = NORMAL_SHARE * normal + (1 - NORMAL_SHARE) * self.other[s]
                cache[key] = factor
            likelihood *= factor
        return likelihood

    def deal(self, rng: random.Random) -> tuple[list[list[int]], float]:
        """A fresh deal that fits what is certain, with its weight: how well it explains play."""
        hands = sample_hands(self.know, rng)
        if not self.tricks:
            return hands, 1.0
        return hands, self.likelihood(hands)


def play_likelihood(view: dict, know: Knowledge, hands: list[list[int]]) -> float:
    """`Evidence.likelihood` for one deal (its hands in any order)."""
    return Evidence(view, know).likelihood([sorted(h) for h in hands])


def _normal_likelihood(hand: list[int], moves: list[tuple]) -> float:
    """How likely a seat's `moves` (strength or None for a tuck, cards, and the trick as it
    stood) are under the normal rule, from its `hand` at the round's start (mutated)."""
    likelihood = 1.0
    for strength, k, count, top, unlocked in moves:
        # The normal rule's choice, its two common cases inlined.
        if count == 0:
            high = hand[-1] if len(hand) <= 2 or not unlocked else None
            expected = ("play", high, 1) if high is not None else normal_lead(hand, True)
        elif count == 1:
            expected = ("play", hand[-1], 1) if hand[-1] >= top else ("tuck", 1)
        else:
            expected = normal_follow(hand, count, top)
        if strength is None:
            matched = expected[0] == "tuck"
            del hand[:k]  # a tuck is the lowest cards
        else:
            matched = expected[0] == "play" and expected[1] == strength
            i = hand.index(strength)
            del hand[i : i + k]
        likelihood *= 1 - EPSILON if matched else EPSILON
    return likelihood


def _pass_likelihood(higher: int) -> float:
    """The left-hand neighbour passed us two cards: under the normal rule its two highest.

    It then received 2 cards from its own left, so at most 2 of the cards it held after
    the exchange may be higher than the lower card it passed (`higher` of them are); each
    one more is a sign that it did not pass its highest cards.
    """
    return 1 - EPSILON if higher <= 2 else EPSILON ** (higher - 2)
