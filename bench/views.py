"""What each move's views cost: their bytes, and the CPU to build them as JSON, compress
them for the sockets and parse them on a client, over every position of random games.

A view carries the newest finished round only (`last_round`); the same positions are
measured again with every finished round added, as views were before, to show what
sending them once saves.
"""

import random
import time
import zlib

import orjson

from barkside import jsontext
from games.engine import OVER, apply, legal_moves, new_game, past_rounds, to_act, view

GAMES = 20
PLAYERS = 3  # `bench load`'s tables


def _positions(players: int) -> list[dict]:
    positions = []
    for number in range(GAMES):
        rng, state = random.Random(number), new_game(players, f"bench-views:{number}")
        while state["phase"] != OVER:
            positions.append(state)
            seat = to_act(state)[0]
            state, _ = apply(state, {"seat": seat, **rng.choice(legal_moves(state, seat))})
    return positions


def _every_round(state: dict, seat: int) -> dict:
    return {**view(state, seat), "history": past_rounds(state)}


def _measure(positions: list[dict], players: int, build) -> tuple[float, ...]:
    """Per move: KB of every seat's view, then ms to build, compress and parse them. Each
    seat's socket keeps its compressor from move to move (permessage-deflate's context
    takeover)."""
    sockets = [zlib.compressobj(wbits=-15) for _ in range(players)]
    size = built = compressed = parsed = 0.0
    for state in positions:
        started = time.process_time()
        texts = [jsontext.dumps(build(state, seat)).encode() for seat in range(players)]
        at_build = time.process_time()
        for socket, text in zip(sockets, texts, strict=True):
            socket.compress(text)
            socket.flush(zlib.Z_SYNC_FLUSH)
        at_compress = time.process_time()
        for text in texts:
            orjson.loads(text)
        done = time.process_time()
        size += sum(map(len, texts))
        built += at_build - started
        compressed += at_compress - at_build
        parsed += done - at_compress
    n = len(positions)
    return size / n / 1024, built / n * 1e3, compressed / n * 1e3, parsed / n * 1e3


def bench_views(write, seconds: float = 3.0, **_) -> None:
    positions = _positions(PLAYERS)
    write(
        f"views: every position of {GAMES} random {PLAYERS}-seat games ({len(positions)} "
        f"moves); per move, all {PLAYERS} seats' views; best of the runs in {seconds:g} s"
    )
    write(f"{'':<22} {'KB':>6} {'build ms':>9} {'compress ms':>12} {'parse ms':>9}")
    for name, build in (("as sent (last_round)", view), ("with every round", _every_round)):
        runs, start = [], time.perf_counter()
        while not runs or time.perf_counter() - start < seconds:
            runs.append(_measure(positions, PLAYERS, build))
        kb, built, compressed, parsed = min(runs, key=lambda r: sum(r[1:]))
        write(f"{name:<22} {kb:>6.2f} {built:>9.3f} {compressed:>12.3f} {parsed:>9.3f}")
