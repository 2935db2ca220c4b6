"""Fitting the `swift` network in NumPy: minibatch Adam, no training library.

The loss is the squared error of `q` against a cost target on the moves made (the
DouZero-style Monte Carlo regression), plus `imitation` times the cross-entropy of the
policy logits, softmaxed over each of `hard`'s decisions, against the move it chose.
The cost target is standardized while fitting and the scale folded back into the last
layer, so `q` comes out in doghouse cards. Every random draw (initial weights, batches)
follows from `seed`; the arithmetic is NumPy's float32, one thread or many alike on a
given machine.
"""

from dataclasses import dataclass

import numpy as np

from .features import SIZE
from .network import OUTPUTS, Network


@dataclass
class Fit:
    network: Network
    report: list[str]


def init_layers(sizes: list[int], rng: np.random.Generator) -> list[list[np.ndarray]]:
    layers = []
    for fan_in, fan_out in zip(sizes, sizes[1:], strict=False):
        w = rng.normal(0.0, np.sqrt(2.0 / fan_in), (fan_in, fan_out)).astype(np.float32)
        layers.append([w, np.zeros(fan_out, np.float32)])
    return layers


def forward(layers, x):
    """The outputs and every layer's input (for the backward pass)."""
    inputs = []
    for i, (w, b) in enumerate(layers):
        inputs.append(x)
        x = x @ w + b
        if i < len(layers) - 1:
            x = np.maximum(x, 0.0)
    return x, inputs


def backward(layers, inputs, grad_out):
    """Gradients of every (w, b) given the loss's gradient at the outputs."""
    grads = [None] * len(layers)
    g = grad_out
    for i in range(len(layers) - 1, -1, -1):
        w, _ = layers[i]
        x = inputs[i]
        grads[i] = [x.T @ g, g.sum(axis=0)]
        if i:
            g = (g @ w.T) * (x > 0)
    return grads


class Adam:
    def __init__(self, layers, lr: float, beta1=0.9, beta2=0.999, eps=1e-8):
        self.lr, self.beta1, self.beta2, self.eps = lr, beta1, beta2, eps
        self.m = [[np.zeros_like(p) for p in layer] for layer in layers]
        self.v = [[np.zeros_like(p) for p in layer] for layer in layers]
        self.t = 0

    def step(self, layers, grads) -> None:
        self.t += 1
        c1, c2 = 1 - self.beta1**self.t, 1 - self.beta2**self.t
        for layer, grad, m, v in zip(layers, grads, self.m, self.v, strict=True):
            for j in range(2):
                m[j] = self.beta1 * m[j] + (1 - self.beta1) * grad[j]
                v[j] = self.beta2 * v[j] + (1 - self.beta2) * grad[j] ** 2
                layer[j] -= (self.lr * (m[j] / c1) / (np.sqrt(v[j] / c2) + self.eps)).astype(
                    np.float32
                )


def _groups(sizes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    starts = np.zeros(len(sizes), np.int64)
    np.cumsum(sizes[:-1], out=starts[1:])
    return starts, sizes


def _gather(starts, sizes, chosen, picked):
    """Rows of the `picked` decisions, their local starts, and their chosen rows."""
    lengths = sizes[picked]
    local = np.zeros(len(picked), np.int64)
    np.cumsum(lengths[:-1], out=local[1:])
    rows = np.repeat(starts[picked] - local, lengths) + np.arange(lengths.sum())
    return rows, local, local + chosen[picked]


def _imitation_grad(logits, local, chosen_rows):
    """Mean cross-entropy over decisions and its gradient at the logits."""
    top = np.maximum.reduceat(logits, local)
    group = np.repeat(np.arange(len(local)), np.diff(np.append(local, len(logits))))
    e = np.exp(logits - top[group])
    total = np.add.reduceat(e, local)
    loss = float(np.mean(np.log(total) + top - logits[chosen_rows]))
    grad = e / total[group]
    grad[chosen_rows] -= 1.0
    return loss, grad / len(local)


def fit(
    data: dict[str, np.ndarray],
    seed: int,
    hidden: list[int],
    epochs: int,
    batch: int = 512,
    lr: float = 1e-3,
    imitation: float = 1.0,
    target: str = "round_cost",
    holdout: int = 20,
    meta: dict | None = None,
    log=None,
) -> Fit:
    """Train from `data` (`selfplay.generate`'s arrays). Every `holdout`-th game is held
    out (0: none), and its losses reported each epoch."""
    rng = np.random.default_rng(seed)
    layers = init_layers([SIZE, *hidden, OUTPUTS], rng)
    opt = Adam(layers, lr)
    y = data[target].astype(np.float32)
    games = data["game"]
    held = (lambda g: g % holdout == holdout - 1) if holdout else (lambda g: g < 0)
    train, test = np.flatnonzero(~held(games)), np.flatnonzero(held(games))
    mean, std = float(y[train].mean()), float(y[train].std() or 1.0)
    z = (y - mean) / std
    starts, sizes = _groups(data["teacher_sizes"])
    chosen = data["teacher_choice"]
    t_games = data["teacher_game"]
    t_train, t_test = np.flatnonzero(~held(t_games)), np.flatnonzero(held(t_games))
    per_batch = max(1, batch * len(t_train) // max(1, len(train)))
    report = []
    for epoch in range(epochs):
        order = rng.permutation(train)
        t_order = rng.permutation(t_train)
        steps = max(1, len(order) // batch)
        for step in range(steps):
            rows = order[step * batch : (step + 1) * batch]
            x = data["x"][rows].astype(np.float32)
            out, inputs = forward(layers, x)
            grad = np.zeros_like(out)
            grad[:, 0] = 2 * (out[:, 0] - z[rows]) / len(rows)
            grads = backward(layers, inputs, grad)
            if imitation and len(t_order):
                picked = t_order[(step * per_batch + np.arange(per_batch)) % len(t_order)]
                t_rows, local, chosen_rows = _gather(starts, sizes, chosen, picked)
                out, inputs = forward(layers, data["teacher_x"][t_rows].astype(np.float32))
                _, g = _imitation_grad(out[:, 1], local, chosen_rows)
                grad = np.zeros_like(out)
                grad[:, 1] = imitation * g
                for mine, more in zip(grads, backward(layers, inputs, grad), strict=True):
                    mine[0] += more[0]
                    mine[1] += more[1]
            opt.step(layers, grads)
        line = f"epoch {epoch + 1}: " + _evaluate(
            layers, data, z, std, train, test, starts, sizes, chosen, t_test
        )
        report.append(line)
        if log:
            log(line)
    # q in doghouse cards: fold the target's scale back into the last layer.
    w, b = layers[-1]
    w[:, 0] *= std
    b[0] = b[0] * std + mean
    network = Network(tuple((w.copy(), b.copy()) for w, b in layers), dict(meta or {}))
    return Fit(network, report)


def _evaluate(layers, data, z, std, train, test, starts, sizes, chosen, t_test) -> str:
    parts = []
    for name, rows in (("train", train[:50_000]), ("held out", test)):
        if len(rows):
            out, _ = forward(layers, data["x"][rows].astype(np.float32))
            rmse = float(np.sqrt(np.mean((out[:, 0] - z[rows]) ** 2))) * std
            parts.append(f"{name} q rmse {rmse:.3f} cards (sd {std * float(z[rows].std()):.3f})")
    if len(t_test):
        t_rows, local, chosen_rows = _gather(starts, sizes, chosen, t_test)
        out, _ = forward(layers, data["teacher_x"][t_rows].astype(np.float32))
        loss, _ = _imitation_grad(out[:, 1], local, chosen_rows)
        best = np.maximum.reduceat(out[:, 1], local)
        agree = float(np.mean(out[chosen_rows, 1] >= best))
        parts.append(f"held out imitation loss {loss:.3f}, picks hard's move {agree:.1%}")
    return "; ".join(parts)
