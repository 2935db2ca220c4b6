"""Where the AI levels sit on the players' rating scale, measured by rated AI-only play.

Each level is a few virtual players, each with an OpenSkill rating from the model's
defaults. Tables of 3-6 distinct virtual players (as real tables are) play whole games,
and every game is rated exactly as a person's rated game is (`games.outcome.places`, `rate`).
Plackett-Luce does not keep the sum of the ratings fixed, so at the end every mu is
shifted by one amount that puts the mean level back at the model's default (25): the
scale of a newcomer. A level's reference is then the mean mu of its virtual players.
`manage.py calibrate_ai` runs it; `ratings.AI_RATINGS` holds what it printed.
"""

import random
from dataclasses import dataclass
from statistics import fmean, pstdev

from games import engine, outcome
from games.ai.arena import play_game
from games.engine.cards import MAX_PLAYERS, MIN_PLAYERS
from matchmaking import ratings


@dataclass(frozen=True)
class Reference:
    level: str
    mu: float
    spread: float  # of its virtual players' mu: how far they agree
    seats: int  # seats the level played


def calibrate(
    levels: list[str],
    games: int,
    seed: str,
    per_level: int = 4,
    options: dict | None = None,
    on_game=None,
) -> list[Reference]:
    rng = random.Random(f"calibrate:{seed}")
    pool = {(level, i): ratings.default() for level in levels for i in range(per_level)}
    seats = dict.fromkeys(levels, 0)
    for g in range(games):
        size = rng.randint(MIN_PLAYERS, min(MAX_PLAYERS, len(pool)))
        table = rng.sample(sorted(pool), size)
        state = play_game([level for level, _ in table], f"{seed}:{g}", options=options)
        ranks = outcome.places(engine.standings(state["result"]), left=set())
        for who, new in zip(table, ratings.rate([pool[w] for w in table], ranks), strict=True):
            pool[who] = new
        for level, _ in table:
            seats[level] += 1
        if on_game:
            on_game(g + 1)
    by_level = {level: [pool[(level, i)][0] for i in range(per_level)] for level in levels}
    shift = ratings.default()[0] - fmean(fmean(mus) for mus in by_level.values())
    return [
        Reference(level, fmean(mus) + shift, pstdev(mus), seats[level])
        for level, mus in by_level.items()
    ]
