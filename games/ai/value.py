"""What the end of a round costs a seat, looking past the round to the end of the game.

The game is scored by two things: the doghouse cards a seat ends with, and whether it
loses (seven kinds, or the most kinds when the deck runs out). So a round's cost is the
cards this seat catches, plus the change in its chance of losing the game, plus (when
the round ends the game) the cards it will no longer catch in the rounds that are not
played. The chance of losing is estimated from every seat's doghouse: the seat with the
most kinds (then cards) is the one the end of the game finds, so each seat's danger is a
softmax of its kinds and cards against everyone's; a doghouse near seven kinds is close
to a loss whatever the others hold.
"""

import math

from games.engine.cards import COPIES, MIN_HAND, SEVEN_KINDS

from .playout import last_cards

LOSS_COST = 20.0  # a game lost, in doghouse cards
# Danger per kind held and per card: fitted (maximum likelihood, a grid) to who went on
# to lose 600 normal self-play games at 3 and at 5 players, from every round's start
# (0.3 and 0.05-0.1 fit both). The earlier guess, 0.9 per kind, made a seat with the most
# kinds all but lost already: one kind from seven, it scored losing the game outright
# below catching three cards of kinds it held, and stopped fighting when it mattered.
KIND_WEIGHT = 0.3
CARD_WEIGHT = 0.08
CAUGHT_PER_ROUND = 3  # cards that go to a doghouse each round


def danger(doghouses: list[list[int]]) -> list[float]:
    """Each seat's estimated chance of losing the game from here."""
    scores = [KIND_WEIGHT * len(set(d)) + CARD_WEIGHT * len(d) for d in doghouses]
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


class RoundValue:
    """What a round's end costs one seat, with the before-the-round figures computed once."""

    def __init__(self, seat: int, doghouses: list[list[int]], max_strength: int):
        self.seat = seat
        self.doghouses = [list(d) for d in doghouses]
        self.n = len(doghouses)
        self.pool = COPIES * max_strength - sum(len(d) for d in doghouses)
        self.before = danger(self.doghouses)[seat]
        self._cache: dict[tuple[int, tuple[int, ...]], float] = {}

    def cost_at_end(self, end: tuple[int, tuple[int, ...]]) -> float:
        """The cost of a round's `end` as `simulator.rollout` returns it: (first, last
        cards by seat), the seat `first` laying its last card down first."""
        cost = self._cache.get(end)
        if cost is None:
            first, last = end
            loser, caught = last_cards([[card] for card in last], first)
            cost = self._cache[end] = self.cost(loser, caught)
        return cost

    def cost(self, loser: int, caught: list[int]) -> float:
        seat, n = self.seat, self.n
        after = [d + caught if s == loser else d for s, d in enumerate(self.doghouses)]
        mine = len(caught) if loser == seat else 0
        pool = self.pool - len(caught)
        kinds = [len(set(d)) for d in after]
        if kinds[loser] >= SEVEN_KINDS:
            lost = [loser]
        elif min(10, pool // n) < MIN_HAND:
            score = [(kinds[s], len(after[s])) for s in range(n)]
            worst = max(score)
            lost = [s for s in range(n) if score[s] == worst]
            lost = [] if len(lost) == n else lost
        else:
            return mine + LOSS_COST * (danger(after)[seat] - self.before)
        # The game ends here: the loss is now certain either way, and the rounds left
        # unplayed would have brought this seat its share of their cards.
        rounds_left = max(1, (pool - MIN_HAND * n) // CAUGHT_PER_ROUND)
        spared = rounds_left * CAUGHT_PER_ROUND / n
        return mine + LOSS_COST * ((seat in lost) - self.before) - spared
