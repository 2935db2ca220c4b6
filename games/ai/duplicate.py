"""Duplicate matches: the same deals played once per seat rotation, results compared in pairs.

Luck of the deal dominates a card game, so two levels are compared where it cancels: a
lineup (say `hard, hard-v1, normal`) plays every deal (seed) once per rotation of its
seats, so on each deal each seat is held once by each level of the lineup. For a pair of
levels, each (deal, seat) gives a paired difference (doghouse cards, lost or not) between
the two games in which they held that seat on that deal: the first round is the very same
deal, and the other seats are the same levels. A level seated more than once in the
lineup is averaged over its rotations at that seat.
"""

from dataclasses import dataclass

from .arena import LevelStats, mean_interval, play_game


def rotations(lineup: list[str]) -> list[list[str]]:
    """The lineup turned one seat at a time: each level sits once at each seat."""
    return [lineup[-r:] + lineup[:-r] if r else list(lineup) for r in range(len(lineup))]


def play_deal(lineup, seed, deal, deck="auto", options=None) -> list[dict]:
    """Every rotation of `lineup` on one deal; one result per game (seats, doghouses, losers)."""
    games = []
    for levels in rotations(lineup):
        state = play_game(levels, f"{seed}:{deal}", deck, options)
        result = state["result"]
        games.append(
            {
                "deal": deal,
                "levels": levels,
                "doghouses": [len(d) for d in result["doghouses"]],
                "losers": result["losers"],
            }
        )
    return games


@dataclass
class Paired:
    """A paired difference `a - b` per (deal, seat): its mean and a 95% interval."""

    a: str
    b: str
    pairs: int
    cards: tuple[float, float, float]  # mean, low, high
    losses: tuple[float, float, float]

    def as_dict(self) -> dict:
        return {
            "a": self.a,
            "b": self.b,
            "pairs": self.pairs,
            "doghouse_diff": self.cards[0],
            "doghouse_diff_95": list(self.cards[1:]),
            "loss_rate_diff": self.losses[0],
            "loss_rate_diff_95": list(self.losses[1:]),
        }


def summarize(games: list[dict], lineup: list[str]) -> dict:
    """Per level its seat results; per pair (first level against each other) the paired diffs."""
    stats = {level: LevelStats() for level in lineup}
    by_seat: dict[tuple[int, int, str], list[tuple[int, int]]] = {}
    for game in games:
        for seat, level in enumerate(game["levels"]):
            cards, lost = game["doghouses"][seat], int(seat in game["losers"])
            stats[level].add(bool(lost), cards)
            by_seat.setdefault((game["deal"], seat, level), []).append((cards, lost))
    first = lineup[0]
    paired = [
        _paired(by_seat, first, other) for other in dict.fromkeys(lineup[1:]) if other != first
    ]
    return {
        "levels": {level: s.summary() for level, s in stats.items()},
        "paired": [p.as_dict() for p in paired],
    }


def _paired(by_seat: dict, a: str, b: str) -> Paired:
    cards, losses = [], []
    for (deal, seat, level), results in by_seat.items():
        other = by_seat.get((deal, seat, b))
        if level != a or other is None:
            continue
        mine = _mean(results)
        theirs = _mean(other)
        cards.append(mine[0] - theirs[0])
        losses.append(mine[1] - theirs[1])
    return Paired(a, b, len(cards), _interval(cards), _interval(losses))


def _mean(results: list[tuple[int, int]]) -> tuple[float, float]:
    n = len(results)
    return sum(r[0] for r in results) / n, sum(r[1] for r in results) / n


def _interval(values: list[float]) -> tuple[float, float, float]:
    mean, half = mean_interval(values)
    return mean, mean - half, mean + half
