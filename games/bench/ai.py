"""Decision speed of each AI level on positions from real games (normal self-play)."""

import random
import time

from games.ai import DEFAULT_BUDGET, LEVELS, choose_move
from games.ai.search import search
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
    write(f"{'level':<7} {'decisions':>9} {'per s':>9} {'p50 ms':>8} {'p99 ms':>8}")
    for level in LEVELS:
        if level == "hard":
            continue
        times = _time_decisions(level, views, seconds)
        _write_row(write, level, times)
    # The hard player spends its whole budget per decision: time fewer of them, but
    # enough (20 at least) for a p99 that means something.
    rng = random.Random(0)
    times, playouts = [], 0
    for i in range(max(20, int(seconds / budget))):
        result = search(views[i * 7 % len(views)], rng, budget=budget)
        times.append(result["seconds"])
        playouts += result["playouts"]
    spent = sum(times)
    _write_row(write, "hard", times)
    write(
        f"hard: budget {budget:g} s, {playouts / spent:,.0f} playouts/s (a playout = one "
        "candidate move played to the round's end on one deal)"
    )


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
        f"{level:<7} {len(times):>9} {len(times) / total:>9.0f} "
        f"{1000 * percentile(times, 50):>8.2f} {1000 * percentile(times, 99):>8.2f}"
    )
