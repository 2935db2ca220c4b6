"""Whole games between AI seats, for `simulate` and strength measurements."""

import math
import random
from dataclasses import dataclass, field

from games.engine import OVER, apply, new_game, to_act, view

from .levels import choose_move


def play_game(
    levels: list[str], seed: str, deck: str | int = "auto", options: dict | None = None
) -> dict:
    """Play a game to its end with `levels[seat]` at each seat; returns the final state.

    `options` (`budget`, `iterations`) go to every `choose_move` call.
    """
    rng = random.Random(f"{seed}:bots")
    return play_out(
        new_game(len(levels), seed, deck),
        lambda state, seat, seen: choose_move(levels[seat], seen, rng, **(options or {})),
    )


def play_out(state: dict, decide, moved=None) -> dict:
    """Play `state` to its end and return the final state: each move is `decide(state,
    seat, seen)`'s (`seen`: the seat's view), and `moved(seen, before, after)` follows it."""
    while state["phase"] != OVER:
        for seat in to_act(state):
            seen = view(state, seat)
            before, (state, _) = state, apply(state, {"seat": seat, **decide(state, seat, seen)})
            if moved:
                moved(seen, before, state)
            if state["phase"] == OVER:
                break
    return state


def seating(bots: list[str], players: int, game: int) -> list[str]:
    """Seat rotation: the bot list, repeated to fill the table, turned one seat per game."""
    table = [bots[i % len(bots)] for i in range(players)]
    shift = game % players
    return table[shift:] + table[:shift]


@dataclass
class LevelStats:
    games: int = 0
    losses: int = 0
    doghouse_cards: list[int] = field(default_factory=list)

    def add(self, lost: bool, cards: int) -> None:
        self.games += 1
        self.losses += lost
        self.doghouse_cards.append(cards)

    def summary(self) -> dict:
        low, high = wilson_interval(self.losses, self.games)
        mean, half = mean_interval(self.doghouse_cards)
        return {
            "games": self.games,
            "losses": self.losses,
            "loss_rate": self.losses / self.games if self.games else 0.0,
            "loss_rate_95": [low, high],
            "mean_doghouse": mean,
            "mean_doghouse_95": [max(0.0, mean - half), mean + half],  # cards are never < 0
        }


def wilson_interval(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (sound for rates near 0 or 1)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: list[int], z: float = 1.96) -> tuple[float, float]:
    """Mean and the half-width of its normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, z * math.sqrt(var / n)


def tournament(
    bots, players, games, seed, deck="auto", on_game=None, options=None
) -> dict[str, LevelStats]:
    """Play `games` games with seat rotation; per level, its seat results."""
    stats: dict[str, LevelStats] = {level: LevelStats() for level in bots}
    for g in range(games):
        levels = seating(bots, players, g)
        state = play_game(levels, f"{seed}:{g}", deck, options)
        result = state["result"]
        for seat, level in enumerate(levels):
            stats[level].add(seat in result["losers"], len(result["doghouses"][seat]))
        if on_game:
            on_game(state)
    return stats
