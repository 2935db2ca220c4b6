"""A simulated queue on a simulated clock: random players arrive, runs form tables.

Used by the matchmaking tests (the planner alone, or the real services on a database)
and by `manage.py bench matchmaking` (bench/matchmaking.py). Nothing here sleeps: `now` moves by `tick`.
"""

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from matchmaking import forming

START = datetime(2026, 1, 1, tzinfo=UTC)
# Most people play live; few wait days per move.
SPEED_WEIGHTS = {30: 45, 60: 35, 24 * 3600: 12, 3 * 24 * 3600: 8}


def random_wishes(players: int, rng: random.Random, arrival_seconds: float) -> list[forming.Wish]:
    """`players` wishes arriving uniformly over `arrival_seconds`, ids 1..players."""
    wishes = []
    speeds, weights = zip(*SPEED_WEIGHTS.items(), strict=True)
    for i in range(1, players + 1):
        sizes = frozenset(s for s in range(3, 7) if rng.random() < 0.7) or frozenset(
            {rng.randint(3, 6)}
        )
        wishes.append(
            forming.Wish(
                id=i,
                user_id=i,
                sizes=sizes,
                time_per_move=rng.choices(speeds, weights)[0],
                rated=rng.random() < 0.7,
                ai_fill=rng.random() < 0.5,
                skill=min(1600.0, max(400.0, rng.gauss(1000, 180))),
                joined=START + timedelta(seconds=rng.uniform(0, arrival_seconds)),
            )
        )
    return sorted(wishes, key=lambda w: w.joined)


@dataclass
class Outcome:
    tables: list[forming.Table] = field(default_factory=list)
    seated_at: dict[int, datetime] = field(default_factory=dict)  # wish id -> when
    left: list[forming.Wish] = field(default_factory=list)  # still queued at the end
    runs: int = 0

    def waits(self, wishes: list[forming.Wish]) -> dict[int, float]:
        return {
            w.id: (self.seated_at[w.id] - w.joined).total_seconds()
            for w in wishes
            if w.id in self.seated_at
        }


def simulate(
    wishes: list[forming.Wish],
    rules: forming.Rules,
    *,
    tick: float = 3.0,
    until: datetime,
    run: Callable[[list[forming.Wish], datetime], list[forming.Table]] | None = None,
    arrive: Callable[[forming.Wish], None] | None = None,
) -> Outcome:
    """Every `tick` seconds: queue the arrivals, then one matchmaking run.

    `run(queued, now)` returns the tables seated (default: the planner alone);
    `arrive(wish)` is told of each arrival (e.g. to write a queue entry).
    """
    run = run or (lambda queued, now: forming.plan_tables(queued, now, rules))
    outcome = Outcome()
    pending = list(wishes)
    queued: dict[int, forming.Wish] = {}
    now = START
    while now <= until:
        while pending and pending[0].joined <= now:
            wish = pending.pop(0)
            queued[wish.id] = wish
            if arrive:
                arrive(wish)
        for table in run(list(queued.values()), now):
            for wish in table.wishes:
                if wish.id in outcome.seated_at:
                    raise AssertionError(f"wish {wish.id} seated twice")
                outcome.seated_at[wish.id] = now
                del queued[wish.id]
            outcome.tables.append(table)
        outcome.runs += 1
        now += timedelta(seconds=tick)
    outcome.left = list(queued.values()) + pending
    return outcome
