"""Duplicate matches: the same deals at every seat, results compared in pairs.

Luck of the deal dominates a card game, so two levels are compared where it cancels. A
lineup (say `hard, hard-v1, normal`) plays every deal (seed) once per rotation of its
seats, and once more per rotation with its first two levels swapped. So for the first
two levels, each game has a twin: the same deal, the same seats for everyone else, the
two levels in each other's seat. Each seat either held in a game and its twin gives a
paired difference (doghouse cards, lost or not): same first-round cards, same
neighbours to pass to and receive from. (Rotations alone would not do: in a lineup the
first level always receives its passes from the second, and passes decide rounds.)

The first level is also compared with every other level of the lineup, paired by deal
and seat only (its results at that seat against theirs, averaged when a level sits there
more than once): the neighbours then differ, so that comparison is looser.
"""

from dataclasses import dataclass

from .arena import LevelStats, mean_interval, play_game


def rotations(lineup: list[str]) -> list[list[str]]:
    """The lineup turned one seat at a time: each level sits once at each seat."""
    return [lineup[-r:] + lineup[:-r] if r else list(lineup) for r in range(len(lineup))]


def tables(lineup: list[str]) -> list[list[str]]:
    """Every rotation of the lineup, then of the lineup with its first two levels swapped."""
    swapped = [lineup[1], lineup[0], *lineup[2:]]
    return rotations(lineup) + rotations(swapped)


def play_deal(lineup, seed, deal, deck="auto", options=None) -> list[dict]:
    """Every table of `lineup` on one deal; one result per game (seats, doghouses, losers)."""
    games = []
    for levels in tables(lineup):
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


def complete_deals(logs: list[list[dict]], lineup: list[str]) -> list[dict]:
    """The games of every deal played at all its tables, from one or more logs of games
    (a run stopped midway leaves its last deal incomplete). Deals of different logs are
    told apart, as their seeds may differ."""
    tables_per_deal = len(tables(lineup))
    kept = []
    for number, games in enumerate(logs):
        by_deal: dict = {}
        for game in games:
            by_deal.setdefault(game["deal"], []).append(game)
        for deal, played in by_deal.items():
            if len(played) == tables_per_deal:
                kept += [{**game, "deal": f"{number}:{deal}"} for game in played]
    return kept


@dataclass
class Paired:
    """A paired difference `a - b` per (deal, seat): its mean and a 95% interval.

    The pairs of one deal are not independent (a game and its twin give two of them, and
    the later rounds of a deal's games share its luck), so the interval is taken over
    the deals: the spread of each deal's mean difference, not of the single pairs.
    """

    a: str
    b: str
    twins: bool  # paired with the same neighbours too (see the module's docstring)
    pairs: int
    deals: int
    cards: tuple[float, float, float]  # mean, low, high
    losses: tuple[float, float, float]

    def as_dict(self) -> dict:
        return {
            "a": self.a,
            "b": self.b,
            "twins": self.twins,
            "pairs": self.pairs,
            "deals": self.deals,
            "doghouse_diff": self.cards[0],
            "doghouse_diff_95": list(self.cards[1:]),
            "loss_rate_diff": self.losses[0],
            "loss_rate_diff_95": list(self.losses[1:]),
        }


def summarize(games: list[dict], lineup: list[str]) -> dict:
    """Per level its seat results; the first level against each other one in pairs."""
    stats = {level: LevelStats() for level in lineup}
    for game in games:
        for seat, level in enumerate(game["levels"]):
            stats[level].add(seat in game["losers"], game["doghouses"][seat])
    a, b = lineup[0], lineup[1]
    paired = [_paired(games, a, b, twins=True)]
    paired += [_paired(games, a, c, twins=False) for c in dict.fromkeys(lineup[2:]) if c != a]
    return {
        "levels": {level: s.summary() for level, s in stats.items()},
        "paired": [p.as_dict() for p in paired],
    }


def _paired(games: list[dict], a: str, b: str, twins: bool) -> Paired:
    """Pairs of results of `a` and `b` at one seat of one deal; with `twins`, also at a
    table whose other seats are the same (the two levels swapped)."""
    results: dict[tuple, dict[str, list[tuple[int, int]]]] = {}
    for game in games:
        levels = game["levels"]
        table = tuple("*" if level in (a, b) else level for level in levels) if twins else ()
        for seat, level in enumerate(levels):
            if level in (a, b):
                key = (game["deal"], seat, table)
                outcome = (game["doghouses"][seat], int(seat in game["losers"]))
                results.setdefault(key, {}).setdefault(level, []).append(outcome)
    by_deal: dict = {}  # deal -> its pairs' differences (cards, lost)
    for (deal, _, _), by_level in results.items():
        if a in by_level and b in by_level:
            mine, theirs = _mean(by_level[a]), _mean(by_level[b])
            by_deal.setdefault(deal, []).append((mine[0] - theirs[0], mine[1] - theirs[1]))
    pairs = sum(len(d) for d in by_deal.values())
    per_deal = [_mean(d) for d in by_deal.values()]
    cards = _interval([d[0] for d in per_deal])
    losses = _interval([d[1] for d in per_deal])
    return Paired(a, b, twins, pairs, len(per_deal), cards, losses)


def _mean(results: list[tuple[float, float]]) -> tuple[float, float]:
    n = len(results)
    return sum(r[0] for r in results) / n, sum(r[1] for r in results) / n


def _interval(values: list[float]) -> tuple[float, float, float]:
    mean, half = mean_interval(values)
    return mean, mean - half, mean + half
