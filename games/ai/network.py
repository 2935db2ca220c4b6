"""The `swift` network: a small MLP over (view, move) features, inference in NumPy alone.

For each legal move it gives two numbers from one shared trunk (`features.SIZE` inputs,
ReLU hidden layers):

- `q`: the cost the seat should expect after that move, in doghouse cards (lower is
  better): a Monte Carlo target as in DouZero, the round's cost as `value.RoundValue`
  counts it (cards caught, plus the change in the chance of losing the game in cards);
- `logit`: a policy score, trained to pick the move `hard` chose (imitation), softmaxed
  over the legal moves.

There is one network a group of table sizes (`WEIGHTS`), as DouZero keeps one a
position: a 5-6 seat table deals fewer cards with more seats to pass them on, and a
network of each group learns its game from its own games and `hard`'s choices there. Each
plays by the rule measured best for it (docs/ai.md): at 3-4 seats the least `q` less
twice the move's log-likelihood of being `hard`'s choice (a move `hard` would likely make
may cost a little more), at 5-6 the likeliest of `hard`'s choices. A group may hold
several networks trained apart (an ensemble): their outputs are averaged, and as their
errors are partly their own, the average ranks the moves better than either (measured at
5-6 seats, docs/ai.md). The weights are `.npz` files in this package, written by
`manage.py train_swift` with the command that made them (`meta`). Each is read once, on
first use, and kept: serving needs NumPy only, no training library.
"""

import functools
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .features import SIZE, encode

OUTPUTS = 2  # q, logit
Q, LOGIT = range(OUTPUTS)


@dataclass(frozen=True)
class Weights:
    """The committed weights files of a group of table sizes (one network each, their
    outputs averaged) and how `swift` ranks the moves with them."""

    paths: tuple[Path, ...]
    follows: int  # Q: the least cost (`costs`); LOGIT: the move likeliest to be hard's
    # The cards one unit of a move's log-likelihood of being `hard`'s choice is worth,
    # taken off its `q`: at 3-4 seats neither output alone ranks the moves as well.
    imitation: float = 0.0

    def costs(self, outputs: np.ndarray) -> np.ndarray:
        """Each row's cost in cards: its `q`, less `imitation` x its log-likelihood."""
        logits = outputs[:, LOGIT] - outputs[:, LOGIT].max()
        return outputs[:, Q] - self.imitation * (logits - np.log(np.exp(logits).sum()))

    def best(self, outputs: np.ndarray) -> int:
        """The chosen row (the first on a tie)."""
        if self.follows == Q:
            return int(np.argmin(self.costs(outputs)))
        return int(np.argmax(outputs[:, LOGIT]))


HERE = Path(__file__).parent
SMALL_TABLES = Weights((HERE / "swift-3-4.npz",), follows=Q, imitation=2.0)
LARGE_TABLES = Weights((HERE / "swift-5-6-a.npz", HERE / "swift-5-6-b.npz"), follows=LOGIT)
WEIGHTS = {3: SMALL_TABLES, 4: SMALL_TABLES, 5: LARGE_TABLES, 6: LARGE_TABLES}


@dataclass(frozen=True)
class Network:
    layers: tuple[tuple[np.ndarray, np.ndarray], ...]  # (weights, bias) per layer
    meta: dict

    def outputs(self, x: np.ndarray) -> np.ndarray:
        """(moves, 2): q and logit per row of features.

        `einsum` rather than `@`: the products are small (a row a legal move), and `@`
        hands them to OpenBLAS, whose threads, on a busy machine, stalled one decision in
        a hundred by 100 ms and more (`bench ai`); einsum's own loop stays on this thread.
        """
        for i, (w, b) in enumerate(self.layers):
            x = np.einsum("ij,jk->ik", x, w) + b
            if i < len(self.layers) - 1:
                np.maximum(x, 0.0, out=x)
        return x

    def save(self, path: Path) -> None:
        arrays = {}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"], arrays[f"b{i}"] = w, b
        np.savez_compressed(path, meta=np.array(json.dumps(self.meta, sort_keys=True)), **arrays)


@dataclass(frozen=True)
class Ensemble:
    """Networks trained apart, read as one: the mean of their outputs."""

    members: tuple[Network, ...]

    def outputs(self, x: np.ndarray) -> np.ndarray:
        total = self.members[0].outputs(x)
        for member in self.members[1:]:
            total += member.outputs(x)
        return total / len(self.members)


def load(path: Path | str) -> Network:
    with np.load(path) as data:
        layers = []
        while f"w{len(layers)}" in data:
            i = len(layers)
            layers.append((data[f"w{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32)))
        meta = json.loads(str(data["meta"]))
    if not layers or layers[0][0].shape[0] != SIZE or layers[-1][0].shape[1] != OUTPUTS:
        raise ValueError(f"{path}: not a network over {SIZE} features with {OUTPUTS} outputs")
    return Network(tuple(layers), meta)


@functools.cache
def network(weights: Weights) -> Network | Ensemble:
    """A group's committed network (or ensemble), loaded on first use."""
    members = tuple(load(path) for path in weights.paths)
    return members[0] if len(members) == 1 else Ensemble(members)


def _read(view: dict) -> tuple[Weights, np.ndarray]:
    """The table size's weights and its network's outputs for each legal move."""
    weights = WEIGHTS[view["players"]]
    return weights, network(weights).outputs(encode(view))


def rate(view: dict) -> tuple[np.ndarray, int]:
    """The table size's network's cost in cards of each of the view's legal moves
    (`Weights.costs`), and the row of the move `swift` plays."""
    weights, out = _read(view)
    return weights.costs(out), weights.best(out)


def swift_policy(view: dict, rng, **_) -> dict:
    """The move the table size's network rates best (it draws nothing from `rng`)."""
    moves = view["legal_moves"]
    if len(moves) == 1:
        return moves[0]
    weights, out = _read(view)  # not `rate`: the guide's costs are no use here
    return moves[weights.best(out)]
