"""The coach: after a game, which of a seat's decisions cost it most, and what to play instead.

Each decision of the seat with a choice is judged from the seat's view at that moment
(what it knew then, the information rule of the AI levels), by `hard`'s own search in its
deterministic mode: inference weighs deals of the unseen cards, and the moves are raced
on the same deals (`race`), the pass by `passing.race_pass`, a trick move by
`hard.race_tricks` with its tree. Unlike `hard`, the race never drops the move that was
played, so it ends with the move played and the best one compared on the same deals: the
saving is their paired difference in expected cost (`value.RoundValue`: doghouse cards,
the game's loss counted in cards), and a decision is marked when the saving is at least
`MIN_SAVING` cards and `MIN_Z` standard errors of that difference. The best of several
moves measured on the same deals is a little luckier than its true cost (the winner's
curse), which the two standard errors hold in check.

Every decision's deals come from its own generator, seeded by the record's seed and the
decision's place in the record: the same record gives the same analysis.
"""

import hashlib
import json
import math
import random

from games.engine import from_record, replay, view

from .hard import race_tricks
from .passing import race_pass

# Bump when judgements change: the app caches analyses by it.
COACH_VERSION = 1
# Deals per judged decision (hard's deterministic mode): a 9-round game's analysis within a
# minute on one slow core, at 3 and at 6 players (`manage.py bench coach`, docs/ai.md).
ITERATIONS = 2000
MIN_SAVING = 0.5  # doghouse cards a mark must expect to save
MIN_Z = 2.0  # standard errors of the paired difference the saving must clear


def analyse(record: dict, seat: int, *, iterations: int = ITERATIONS, top: int = 5) -> dict:
    """Judge every decision of `seat` in a finished game's record (barkside-record/1, as
    `games.engine.to_record` or `games.selectors.game_record` give it, seed included).

    Returns `{"version", "seat", "judged", "marks"}`: `judged` counts the decisions with a
    choice (2+ legal moves); `marks` holds the `top` costliest of them by saving, ordered by
    (round, move) with the round's pass first, each `{"round", "move", "played", "better",
    "saving"}`: `round` and `move` index `record["rounds"]` and that round's `moves` (`move`
    None for the seat's pass), `played` and `better` are legal moves (`{"kind", "cards"}`),
    `saving` the doghouse cards `better` is expected to save (2 decimals).

    A game ended early (aborted) is judged as far as it went. Raises `RecordError` for a
    record that is not a valid game, `ValueError` for a seat not in it or a bad
    `iterations` or `top`.
    """
    state = from_record(record)  # the whole record checked before any judging
    if type(seat) is not int or not 0 <= seat < state["players"]:
        raise ValueError(f"no seat {seat!r} in a game of {state['players']}")
    if type(iterations) is not int or iterations < 2:
        raise ValueError("iterations must be an integer of at least 2")
    if type(top) is not int or top < 0:
        raise ValueError("top must be a non-negative integer")
    base = _record_seed(record)
    judged = 0
    marks = []
    for r, m, before, made in replay(record):
        if made["seat"] != seat:
            continue
        seen = view(before, seat)
        if len(seen["legal_moves"]) < 2:
            continue
        judged += 1
        rng = random.Random(f"{base}:coach:{r}:{'pass' if m is None else m}")
        judgement = judge(seen, made, rng, iterations)
        if is_mark(judgement):
            marks.append(
                {
                    "round": r,
                    "move": m,
                    "played": judgement["played"],
                    "better": judgement["better"],
                    "saving": round(judgement["saving"], 2),
                }
            )
    marks.sort(key=lambda mark: -mark["saving"])  # stable: the earlier of two equal savings
    kept = marks[:top]
    kept.sort(key=lambda mark: (mark["round"], -1 if mark["move"] is None else mark["move"]))
    return {"version": COACH_VERSION, "seat": seat, "judged": judged, "marks": kept}


def judge(view: dict, played: dict, rng: random.Random, iterations: int = ITERATIONS) -> dict:
    """Judge the move `played` (`{"kind", "cards"}`, a legal move of `view`) from the view
    alone: `{"played", "better", "saving", "error"}`, `better` the legal move the search
    expects to cost least (`played` itself when none beats it), `saving` its expected
    saving over `played` in doghouse cards and `error` the saving's standard error."""
    moves = view["legal_moves"]
    index = _index_of(moves, played)
    if view["phase"] == "passing":
        result = race_pass(view, rng, math.inf, iterations, keep=index)
    else:
        result = race_tricks(view, rng, math.inf, iterations, keep=index)
    best = result.winner()
    if best == index:
        saving, error = 0.0, 0.0
    else:
        saving, error = result.difference(index, best)
    return {"played": moves[index], "better": moves[best], "saving": saving, "error": error}


def is_mark(judgement: dict) -> bool:
    """Whether a judgement is worth telling: a saving large enough and clear of noise."""
    saving = judgement["saving"]
    return saving >= MIN_SAVING and saving >= MIN_Z * judgement["error"]


def _index_of(moves: list[dict], played: dict) -> int:
    kind, cards = played.get("kind"), sorted(played.get("cards") or [])
    for i, move in enumerate(moves):
        if move["kind"] == kind and sorted(move["cards"]) == cards:
            return i
    raise ValueError(f"{played!r} is not a legal move here")


def _record_seed(record: dict) -> str:
    """The record's seed, or what stands for it in a record without one."""
    if isinstance(record.get("seed"), str):
        return record["seed"]
    if isinstance(record.get("seed_sha256"), str):
        return record["seed_sha256"]
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()
