"""The coach's speed: the analysis of one seat of a 9-round game, at 3 and at 6 players.

The games are AI games (`hard` at seat 0, `random` at seat 1, `normal` at the others),
played from fixed seeds until one lasts 9 rounds or more; the record of its first 9 rounds
is analysed for the `hard` seat and the `random` seat, as a worker would (one process).
"""

import time

from games.ai.arena import play_game
from games.ai.coach import ITERATIONS, analyse
from games.engine import to_record

ROUNDS = 9
GAME_ITERATIONS = 100  # the `hard` seat's deals per decision while the games are played
SEATS = {0: "hard", 1: "random"}


def nine_round_game(players: int) -> tuple[dict, str, int]:
    """The record of the first `ROUNDS` rounds of the first game that lasts as long, its
    seed, and the games played to find it."""
    levels = ["hard", "random"] + ["normal"] * (players - 2)
    played = 0
    while True:
        seed = f"bench-coach:{players}:{played}"
        state = play_game(levels, seed, options={"iterations": GAME_ITERATIONS})
        played += 1
        if len(state["rounds"]) >= ROUNDS:
            record = to_record(state, reveal_seed=True)
            if len(record["rounds"]) > ROUNDS:  # the game as it stood after its 9th round
                record["rounds"] = record["rounds"][:ROUNDS]
                del record["result"]
            return record, seed, played


def bench_coach(write, seconds: float = 3.0, iterations: int | None = None, **_) -> None:
    iterations = ITERATIONS if iterations is None else iterations
    write(f"coach: {iterations} deals a judged decision, one process")
    write(
        f"{'players':>7} {'seat':<10} {'seconds':>8} {'cpu s':>6} {'judged':>6} "
        f"{'s/decision':>10} {'marks':>5} {'saving':>7}"
    )
    for players in (3, 6):
        record, seed, played = nine_round_game(players)
        for seat, level in SEATS.items():
            start, cpu = time.perf_counter(), time.process_time()
            analysis = analyse(record, seat, iterations=iterations, top=10**6)
            spent, cpu = time.perf_counter() - start, time.process_time() - cpu
            marks = analysis["marks"]
            write(
                f"{players:>7} {f'{seat} {level}':<10} {spent:>8.1f} {cpu:>6.1f} "
                f"{analysis['judged']:>6} "
                f"{spent / max(1, analysis['judged']):>10.3f} {len(marks):>5} "
                f"{sum(m['saving'] for m in marks):>7.1f}"
            )
        write(f"        (game {seed}, the {played}th played)")
    write(
        "(seconds: wall time, cpu s: this process's; s/decision: wall time per judged "
        "decision; marks: every decision clear of the threshold, the app shows the top 5; "
        "saving: their doghouse cards summed)"
    )
