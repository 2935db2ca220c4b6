"""Which queued players sit down together: a pure planner, no database and no clock.

`plan_tables(wishes, now, rules)` returns tables; services.form_tables seats them, each
in its own transaction. Planning is cheap and may be stale by the time a table is
seated: the seating transaction re-checks that every planned entry is still queued.

A table is:
- one speed (the same `time_per_move`) and one kind (all rated or all casual);
- a size every member accepts;
- ratings close together: the spread (highest skill - lowest) is at most the gap of
  the table's longest-waiting member (its anchor), gap = base + per_second x waited,
  capped. Tables form around the longest waiters first, so the gap that widens is
  the one of whoever has waited most;
- as big as the people waiting allow: the anchor's largest acceptable size is tried
  first;
- never someone with a person they blocked or who blocked them (`Wish.avoid`);
- never someone below the reputation another member asked for (`Wish.min_reputation`,
  on the % of games finished, games/reputation.py; no track record passes no threshold);
- completed by AI seats (level normal) only when the anchor allows AI seats and has
  waited past the AI wait of its speed; the humans seated with AIs allow them too.
"""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

AI_LEVEL = "normal"


@dataclass(frozen=True)
class Wish:
    """One queue entry as the planner sees it."""

    id: int
    user_id: int
    sizes: frozenset[int]
    time_per_move: int
    rated: bool
    ai_fill: bool
    skill: float  # matching skill, on the displayed rating's scale (see ratings.skill)
    joined: datetime
    avoid: frozenset[int] = frozenset()  # user ids never seated with (blocked either way)
    reputation: int | None = None  # % of games finished; None: no finished game yet
    min_reputation: int = 0  # seat only with people who finished at least this % (0: anyone)

    def accepts(self, other: "Wish") -> bool:
        """Whether this player may sit with `other`: no block, reputation high enough."""
        if other.user_id in self.avoid:
            return False
        if not self.min_reputation:
            return True
        return other.reputation is not None and other.reputation >= self.min_reputation


@dataclass(frozen=True)
class Rules:
    gap_base: float
    gap_per_second: float
    gap_max: float
    ai_wait_live: float
    ai_wait_correspondence: float
    live_max_seconds: int  # a time per move up to this is live, above it correspondence

    def gap(self, waited: float) -> float:
        return min(self.gap_max, self.gap_base + self.gap_per_second * max(0.0, waited))

    def ai_wait(self, time_per_move: int) -> float:
        live = time_per_move <= self.live_max_seconds
        return self.ai_wait_live if live else self.ai_wait_correspondence


@dataclass(frozen=True)
class Table:
    wishes: tuple[Wish, ...]  # the anchor first
    ai: int  # AI seats completing the table

    @property
    def size(self) -> int:
        return len(self.wishes) + self.ai

    @property
    def time_per_move(self) -> int:
        return self.wishes[0].time_per_move

    @property
    def rated(self) -> bool:
        return self.wishes[0].rated


def waited(wish: Wish, now: datetime) -> float:
    return (now - wish.joined).total_seconds()


def plan_tables(wishes: Iterable[Wish], now: datetime, rules: Rules) -> list[Table]:
    """Tables for the queue at `now`; nobody is in two of them."""
    pools: dict[tuple[int, bool], list[Wish]] = defaultdict(list)
    for wish in sorted(wishes, key=lambda w: (w.joined, w.id)):
        pools[wish.time_per_move, wish.rated].append(wish)
    tables = []
    for pool in pools.values():
        taken: set[int] = set()
        for anchor in pool:
            if anchor.id in taken:
                continue
            others = [w for w in pool if w.id not in taken and w.id != anchor.id]
            table = table_for(anchor, others, now, rules)
            if table is not None:
                tables.append(table)
                taken.update(w.id for w in table.wishes)
    return tables


def table_for(anchor: Wish, others: Sequence[Wish], now: datetime, rules: Rules) -> Table | None:
    """The table formed around `anchor` from `others` (same speed and kind), if any."""
    wait = waited(anchor, now)
    gap = rules.gap(wait)
    near = [
        w
        for w in others
        if abs(w.skill - anchor.skill) <= gap and anchor.accepts(w) and w.accepts(anchor)
    ]
    for size in sorted(anchor.sizes, reverse=True):
        group = closest(anchor, [w for w in near if size in w.sizes], size - 1, gap)
        if group is not None:
            return Table((anchor, *group), ai=0)
    if not anchor.ai_fill or wait < rules.ai_wait(anchor.time_per_move):
        return None
    best = None
    for size in sorted(anchor.sizes):
        willing = [w for w in near if w.ai_fill and size in w.sizes]
        for humans in range(min(size - 1, len(willing)), -1, -1):
            group = closest(anchor, willing, humans, gap)
            if group is not None:
                table = Table((anchor, *group), ai=size - 1 - humans)
                if best is None or table.ai < best.ai:  # fewest AI seats, then smallest
                    best = table
                break
    return best


def closest(anchor: Wish, candidates: Sequence[Wish], k: int, gap: float) -> list[Wish] | None:
    """The `k` candidates whose skills with the anchor's spread least, if within `gap`.

    The best set is a run of neighbours in skill order, so sliding a window suffices;
    equal spreads go to the earlier joiners.
    """
    if k == 0:
        return []
    if len(candidates) < k:
        return None
    ranked = sorted(candidates, key=lambda w: (w.skill, w.joined, w.id))
    best, best_key = None, None
    for i in range(len(ranked) - k + 1):
        window = ranked[i : i + k]
        low = min(window[0].skill, anchor.skill)
        high = max(window[-1].skill, anchor.skill)
        spread = high - low
        if spread > gap or not compatible((anchor, *window)):
            continue
        key = (spread, sum(w.joined.timestamp() for w in window))
        if best_key is None or key < best_key:
            best, best_key = window, key
    return best


def compatible(wishes: Sequence[Wish]) -> bool:
    """Everybody in `wishes` accepts everybody else in it (blocks, reputation)."""
    return all(a.accepts(b) for a in wishes for b in wishes if a is not b)
