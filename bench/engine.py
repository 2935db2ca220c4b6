"""Random self-play throughput of the rules engine through its public functions."""

import random
import time

from games.engine import OVER, apply, legal_moves, new_game, to_act


def random_game(players: int, seed: str, rng: random.Random) -> int:
    """Play one game with uniform random moves; returns the number of moves applied."""
    state = new_game(players, seed)
    moves = 0
    while state["phase"] != OVER:
        seat = to_act(state)[0]
        move = rng.choice(legal_moves(state, seat))
        move["seat"] = seat  # the move is a fresh dict of our own: no need to build another
        state, _ = apply(state, move)
        moves += 1
    return moves


def bench_engine(write, seconds: float = 3.0, **_) -> None:
    write(f"engine: random self-play, one process, {seconds:g} s per player count")
    write(f"{'players':>7} {'games':>7} {'games/s':>9} {'moves/s':>10} {'moves/game':>10}")
    for players in range(3, 7):
        rng = random.Random(players)
        games = moves = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            moves += random_game(players, f"bench:{players}:{games}", rng)
            games += 1
        write(
            f"{players:>7} {games:>7} {games / elapsed:>9.0f} {moves / elapsed:>10.0f} "
            f"{moves / games:>10.1f}"
        )
