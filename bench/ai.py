"""Decision speed of each AI level on positions from real games (normal self-play).

The searching levels spend their budget on every decision: for them the figures are the
decision time percentiles (p99 against the budget) and playouts per second, `hard-v1`,
`hard-v2` and `hard` measured in the same run on the same positions so they compare fairly.
"""

import random
import time

from games.ai import ALL_LEVELS, DEFAULT_BUDGET, choose_move
from games.ai.knowledge import read_knowledge, sample_hands
from games.ai.levels import SEARCHES
from games.ai.playout import Trick, play_out
from games.ai.simulator import rollout
from games.engine import OVER, apply, new_game, to_act, view

from .percentiles import percentile


def sample_views(players: int, games: int, seed: str) -> list[dict]:
    """Every view with a real choice (2+ legal moves) met in `games` normal self-play games."""
    views = []
    rng = random.Random(seed)
    for g in range(games):
        state = new_game(players, f"{seed}:{g}")
        while state["phase"] != OVER:
            seat = to_act(state)[0]
            seen = view(state, seat)
            if len(seen["legal_moves"]) > 1:
                views.append(seen)
            state, _ = apply(state, {"seat": seat, **choose_move("normal", seen, rng)})
    return views


def bench_ai(write, seconds: float = 3.0, budget: float | None = None, **_) -> None:
    budget = DEFAULT_BUDGET if budget is None else budget
    views = sample_views(3, 20, "bench-ai")
    write(f"ai: 3 players, {len(views)} positions from normal self-play, one process")
    write(f"{'level':<8} {'decisions':>9} {'per s':>9} {'p50 ms':>8} {'p99 ms':>8}")
    for level in ALL_LEVELS:
        if level not in SEARCHES:
            _write_row(write, level, _time_decisions(level, views, seconds))
    searched = _time_searches(views, seconds, budget)
    rates, early = {}, {}
    for level, (times, rates[level], early[level]) in searched.items():
        _write_row(write, level, times)
    for level, rate in rates.items():
        write(
            f"{level}: budget {budget:g} s, {rate:,.0f} playouts/s, "
            f"{early[level]} decisions settled before the budget"
        )
    write(
        "(a playout = one move played to the round's end on one deal; a search's time "
        "includes dealing, and for hard weighing the deals and racing the moves)"
    )
    old, new = _simulator_rates(views, seconds)
    write(
        f"simulators alone, normal play to the round's end from the same trick positions: "
        f"hard-v1 {old:,.0f} playouts/s, hard {new:,.0f} playouts/s"
    )
    # At 5-6 seats swift reads two networks (`network.LARGE_TABLES`): its slowest decisions.
    large = sample_views(6, 5, "bench-ai-6")
    write(f"swift at 6 players, {len(large)} positions from normal self-play:")
    _write_row(write, "swift", _time_decisions("swift", large, seconds))


def _simulator_rates(views: list[dict], seconds: float) -> tuple[float, float]:
    """Playouts/s of `playout.play_out` (hard-v1) and `simulator.rollout` (hard), timed in
    alternating chunks so that a changing machine load weighs on both alike."""
    rng = random.Random(0)
    starts = []
    for seen in views:
        if seen["phase"] == "tricks":
            t = seen["trick"]
            hands = sample_hands(read_knowledge(seen), rng)
            starts.append((hands, seen["seat"], t, len(t["moves"]), seen["sets_unlocked"]))
    runs = {
        "hard-v1": lambda h, seat, t, m, u: play_out(
            [list(x) for x in h], seat, Trick(t["leader"], t["count"], t["top"], t["winner"], m), u
        ),
        "hard": lambda h, seat, t, m, u: rollout(
            [list(x) for x in h], seat, t["count"] or 0, t["top"] or 0, t["winner"], m, u
        ),
    }
    spent = dict.fromkeys(runs, 0.0)
    done = dict.fromkeys(runs, 0)
    while sum(spent.values()) < seconds:
        for name, run in runs.items():
            t0 = time.perf_counter()
            for start in starts[:200]:
                run(*start)
            spent[name] += time.perf_counter() - t0
            done[name] += min(200, len(starts))
        starts = starts[200:] + starts[:200]
    return done["hard-v1"] / spent["hard-v1"], done["hard"] / spent["hard"]


def _time_searches(views: list[dict], seconds: float, budget: float) -> dict:
    """Per searching level: decision times, playouts/s and early stops, every 7th position.

    The searching levels spend their budget per decision: time fewer decisions, but
    enough (30 at least) for a p99 that means something. The levels take turns on each
    position, so that a changing machine load weighs on both alike.
    """
    rngs = {level: random.Random(0) for level in SEARCHES}
    times: dict[str, list[float]] = {level: [] for level in SEARCHES}
    playouts = dict.fromkeys(SEARCHES, 0)
    early = dict.fromkeys(SEARCHES, 0)
    for i in range(max(30, int(seconds / budget))):
        for level, search in SEARCHES.items():
            result = search(views[i * 7 % len(views)], rngs[level], budget=budget)
            times[level].append(result["seconds"])
            playouts[level] += result["playouts"]
            early[level] += result.get("left") == 1  # one move left in the race: early stop
    return {
        level: (times[level], playouts[level] / sum(times[level]), early[level])
        for level in SEARCHES
    }


def _time_decisions(level: str, views: list[dict], seconds: float) -> list[float]:
    rng = random.Random(0)
    times = []
    start = time.perf_counter()
    i = 0
    while time.perf_counter() - start < seconds:
        seen = views[i % len(views)]
        t0 = time.perf_counter()
        choose_move(level, seen, rng)
        times.append(time.perf_counter() - t0)
        i += 1
    return times


def _write_row(write, level: str, times: list[float]) -> None:
    total = sum(times)
    write(
        f"{level:<8} {len(times):>9} {len(times) / total:>9.0f} "
        f"{1000 * percentile(times, 50):>8.2f} {1000 * percentile(times, 99):>8.2f}"
    )
