"""The `swift` network: a small MLP over (view, move) features, inference in NumPy alone.

For each legal move it gives two numbers from one shared trunk (`features.SIZE` inputs,
ReLU hidden layers):

- `q`: the cost the seat should expect after that move, in doghouse cards (lower is
  better): a Monte Carlo target as in DouZero, the round's cost as `value.RoundValue`
  counts it (cards caught, plus the change in the chance of losing the game in cards);
- `logit`: a policy score, trained to pick the move `hard` chose (imitation), softmaxed
  over the legal moves.

The weights are an `.npz` file in this package (`WEIGHTS`), written by `manage.py
train_swift` with the command that made them (`meta`). They are read once, on first use,
and kept: serving needs NumPy only, no training library.
"""

import functools
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .features import SIZE, encode

WEIGHTS = Path(__file__).with_name("swift.npz")
OUTPUTS = 2  # q, logit


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

    def q(self, view: dict) -> np.ndarray:
        """Expected cost in doghouse cards of each of `view["legal_moves"]`."""
        return self.outputs(encode(view))[:, 0]

    def save(self, path: Path) -> None:
        arrays = {}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"], arrays[f"b{i}"] = w, b
        np.savez_compressed(path, meta=np.array(json.dumps(self.meta, sort_keys=True)), **arrays)


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
def network() -> Network:
    """The committed weights, loaded on first use."""
    return load(WEIGHTS)


def swift_policy(view: dict, rng, **_) -> dict:
    """The move the network expects to cost least (the first such on a tie)."""
    moves = view["legal_moves"]
    if len(moves) == 1:
        return moves[0]
    return moves[int(np.argmin(network().q(view)))]
