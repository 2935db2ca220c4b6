"""Training data for `swift`: self-play games whose decisions are recorded with outcomes.

Each decision with a choice (2+ legal moves) gives one row: the features of the view and
the move made (`features.encode`), and what it came to for the deciding seat:

- `round_cost`: the round's cost as `value.RoundValue` counts it from the doghouses the
  round began with (the cards the seat caught, plus 20 cards times the change in its
  estimated chance of losing the game; at the game's end, the loss itself): the target
  of `q`, a Monte Carlo return with most of the game's later luck left out;
- `game_cost`: the cards the seat caught from that round to the game's end, plus 20 if
  it lost the game (kept for comparison: a noisier target).

The behaviour policy is `normal` (or the network being trained), leaving it for a
uniformly random legal move with probability `explore`. With `teacher_iterations`, one
seat a game (turning with the game number) is `hard`'s search at that many deals a
decision (its deterministic mode): its decisions are recorded as the others', and also
with every legal move's features and the one it chose, for imitation. Everything follows
from `seed`.
"""

import multiprocessing
import random
from dataclasses import dataclass, field

import numpy as np

from games.engine import OVER, new_game

from .arena import play_out
from .features import SIZE, encode
from .levels import choose_move
from .training import forward
from .value import LOSS_COST, RoundValue

# The teacher is the search without the network (`hard` at 3 seats weighs in the very
# network it would then be teaching): the data, and so the weights, follow from the seed
# whatever network is committed.
TEACHER = "hard-v2"


@dataclass
class Data:
    """Rows for `q` and groups for imitation, as float16 features (they are multiples of
    1/5, 1/6, ... below 2: float16 keeps them to 3 digits, half the memory)."""

    x: list[np.ndarray] = field(default_factory=list)
    round_cost: list[float] = field(default_factory=list)
    game_cost: list[float] = field(default_factory=list)
    game: list[int] = field(default_factory=list)  # the game a row came from
    teacher_x: list[np.ndarray] = field(default_factory=list)  # one array per decision
    teacher_choice: list[int] = field(default_factory=list)
    teacher_game: list[int] = field(default_factory=list)

    def arrays(self) -> dict[str, np.ndarray]:
        sizes = np.array([len(x) for x in self.teacher_x], dtype=np.int64)
        return {
            "x": np.concatenate(self.x) if self.x else np.zeros((0, SIZE), np.float16),
            "round_cost": np.array(self.round_cost, dtype=np.float32),
            "game_cost": np.array(self.game_cost, dtype=np.float32),
            "game": np.array(self.game, dtype=np.int64),
            "teacher_x": np.concatenate(self.teacher_x)
            if self.teacher_x
            else np.zeros((0, SIZE), np.float16),
            "teacher_sizes": sizes,
            "teacher_choice": np.array(self.teacher_choice, dtype=np.int64),
            "teacher_game": np.array(self.teacher_game, dtype=np.int64),
        }


def play_and_record(
    data: Data,
    game: int,
    players: int,
    seed: str,
    explore: float,
    behaviour=None,
    teacher_iterations: int = 0,
) -> None:
    """Play one game and add its decisions to `data`. `behaviour` is a `Network` or None
    for `normal`."""
    rng = random.Random(f"{seed}:{game}:moves")
    teacher = game % players if teacher_iterations else None
    pending: list[tuple[int, int, int]] = []  # (row, seat, round) awaiting outcomes
    rounds_caught: list[tuple[list[list[int]], int, list[int]]] = []
    start = len(data.x)

    def decide(state, seat, seen):
        move = _decide(data, seen, seat == teacher, rng, explore, behaviour, teacher_iterations)
        if move is None:
            return seen["legal_moves"][0]
        data.x.append(encode(seen, [move]).astype(np.float16))
        pending.append((len(data.x) - 1, seat, len(state["rounds"])))
        if seat == teacher:
            data.teacher_game.append(game)
        return move

    def moved(seen, before, after):
        if len(after["rounds"]) > len(before["rounds"]) or after["phase"] == OVER:
            rnd = after["rounds"][len(before["rounds"]) - 1]
            rounds_caught.append((seen["doghouses"], rnd["loser"], rnd["caught"]))

    state = play_out(new_game(players, f"{seed}:{game}"), decide, moved)
    _outcomes(data, game, state, pending, rounds_caught, start)


def _decide(data, seen, is_teacher, rng, explore, behaviour, teacher_iterations):
    """The move to make, or None when there is no choice (nothing to record)."""
    moves = seen["legal_moves"]
    if len(moves) == 1:
        return None
    if is_teacher:
        move = choose_move(TEACHER, seen, rng, iterations=teacher_iterations)
        data.teacher_x.append(encode(seen).astype(np.float16))
        data.teacher_choice.append(moves.index(move))
        return move
    if rng.random() < explore:
        return rng.choice(moves)
    if behaviour is None:
        return choose_move("normal", seen, rng)
    # The fit's own forward pass (BLAS products), not the served einsum: the same sums
    # in the same order as when the weights were trained, so near-ties break alike.
    q = forward(behaviour.layers, encode(seen))[0][:, 0]
    return moves[int(np.argmin(q))]


def _outcomes(data, game, state, pending, rounds_caught, start) -> None:
    n = state["players"]
    losers = state["result"]["losers"]
    final = [len(d) for d in state["result"]["doghouses"]]
    costs: dict[tuple[int, int], tuple[float, float]] = {}
    for number, (doghouses, loser, caught) in enumerate(rounds_caught, 1):
        for seat in range(n):
            value = RoundValue(seat, doghouses, state["max_strength"])
            later = final[seat] - len(doghouses[seat]) + LOSS_COST * (seat in losers)
            costs[number, seat] = value.cost(loser, caught), later
    assert len(pending) == len(data.x) - start
    for _, seat, number in pending:
        round_cost, game_cost = costs[number, seat]
        data.round_cost.append(round_cost)
        data.game_cost.append(game_cost)
        data.game.append(game)


def generate(
    games: int,
    players: list[int],
    seed: str,
    explore: float,
    behaviour=None,
    teacher_iterations: int = 0,
    first_game: int = 0,
    progress=None,
    jobs: int = 1,
) -> dict[str, np.ndarray]:
    """Play `games` games (numbered from `first_game`, table sizes cycling through
    `players`) and return their rows as arrays. With `jobs` > 1 the games are played in
    that many processes, in blocks merged back in game order: each game follows from its
    own number, so the arrays are the same as from one process."""
    if jobs > 1:
        return _generate_in_processes(
            games, players, seed, explore, behaviour, teacher_iterations, first_game, progress, jobs
        )
    data = Data()
    for game in range(first_game, first_game + games):
        players_here = players[game % len(players)]
        play_and_record(data, game, players_here, seed, explore, behaviour, teacher_iterations)
        if progress and (game - first_game + 1) % 200 == 0:
            progress(game - first_game + 1, len(data.x), len(data.teacher_x))
    return data.arrays()


def merge(parts: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """One set of arrays from several, in order."""
    return {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}


def _generate_block(args) -> dict[str, np.ndarray]:
    return generate(*args)


def _generate_in_processes(
    games, players, seed, explore, behaviour, teacher_iterations, first_game, progress, jobs
):
    block = max(1, min(200, -(-games // jobs)))
    blocks = [
        (
            min(block, first_game + games - start),
            players,
            seed,
            explore,
            behaviour,
            teacher_iterations,
            start,
        )
        for start in range(first_game, first_game + games, block)
    ]
    parts, played, rows, decisions = [], 0, 0, 0
    # fork: the workers inherit the set-up Django and the loaded modules.
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for (size, *_), part in zip(blocks, pool.imap(_generate_block, blocks), strict=True):
            parts.append(part)
            played, rows = played + size, rows + len(part["x"])
            decisions += len(part["teacher_sizes"])
            if progress:
                progress(played, rows, decisions)
    return merge(parts)
