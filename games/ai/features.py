"""A fixed-length encoding of (a seat's view, one legal move), for the `swift` network.

Built from the `view` dict alone (games/engine/view.py), what a person at that seat sees:
nothing here can read a hidden card. Seats are relative to the seat deciding (0 = itself,
1 = the next to act after it, who passes to it; n-1 = the one it passes to), so a
position means the same at every seat. Cards are strengths 1..12, counted per strength
and divided by the 5 copies of each; strengths above the deck's highest stay 0. Every
vector has `SIZE` entries, at 3 to 6 players and either deck.

The state part (`STATE_SIZE`), in order:

- players, one-hot 3..6 (4); the 60-card deck (1); the passing phase (1); the round
  number / 10 (1); sets unlocked (1); set-aside cards / 20 (1);
- per strength (12 each): the own hand; cards played in this round's tricks; cards
  tucked in this round; the own pass; the own pass not yet seen played by the seat it
  went to; the cards received; the unseen cards (the round's pool less all the above
  that are known to be somewhere: hand, played, tucked, the pass still out);
- per relative seat 0..5 (`SEAT_BLOCK` each, zeros for seats the table does not have):
  present (1), hand size / 10 (1), doghouse per strength (12), kinds / 7 (1),
  doghouse cards / 20 (1), cards played this round per strength (12), tucks this round
  / 10 (1), the estimated chance of losing the game (`value.danger`, 1);
- the trick: leading (1), cards a play needs one-hot 1, 2, 3, 4+ (4), the top strength
  one-hot (12), the leader's and the current winner's relative seat one-hot (6 + 6),
  plays and tucks made in this trick / 6 (1), the last to act in it (1);
- the round's starter, relative seat one-hot (6).

The move part (`MOVE_SIZE`): kind one-hot pass, play, tuck (3); its cards per strength
(12); its number of cards / 10 (1); the strength played / 12 (1); the highest card
tucked / 12 (1); the hand after it per strength (12), its distinct strengths / 10, its
highest / 12, its lowest / 12 (3); a play that raises the strength to beat (1, a lead
too); a play that wins the trick for sure, being the last to act (1).
"""

import numpy as np

from games.engine.cards import COPIES

from .value import danger

STRENGTHS = 12  # the 60-card deck's highest strength; the 50-card deck uses 1..10
SEATS = 6  # the most players a table has
SEAT_BLOCK = 1 + 1 + STRENGTHS + 1 + 1 + STRENGTHS + 1 + 1
STATE_SIZE = 4 + 1 + 1 + 1 + 1 + 1 + 7 * STRENGTHS + SEATS * SEAT_BLOCK + 31 + SEATS
MOVE_SIZE = 3 + STRENGTHS + 1 + 1 + 1 + STRENGTHS + 3 + 1 + 1
SIZE = STATE_SIZE + MOVE_SIZE
MOVE_KINDS = ("pass", "play", "tuck")


def counts(cards: list[int]) -> list[int]:
    """Cards per strength: index s - 1 holds how many cards of strength s."""
    out = [0] * STRENGTHS
    for card in cards:
        out[card - 1] += 1
    return out


def _scaled(values: list[int]) -> list[float]:
    return [v / COPIES for v in values]


def _one_hot(index: int | None, size: int) -> list[float]:
    out = [0.0] * size
    if index is not None and 0 <= index < size:
        out[index] = 1.0
    return out


def encode_state(view: dict) -> list[float]:
    """The state part of every move's features: what the seat knows, `STATE_SIZE` long."""
    n, me = view["players"], view["seat"]
    rel = [(s - me) % n for s in range(n)]  # absolute seat -> relative seat
    moves = view["moves"]
    hand = counts(view["hand"])
    played, tucked = [0] * STRENGTHS, [0] * STRENGTHS
    seat_played = [[0] * STRENGTHS for _ in range(n)]
    seat_tucks = [0] * n
    for move in moves:
        seat = move["seat"]
        if "play" in move:
            for card in move["play"]:
                played[card - 1] += 1
                seat_played[seat][card - 1] += 1
        else:
            seat_tucks[seat] += 1
            for card in move["tuck"]:
                tucked[card - 1] += 1
    passed = counts(view["passed_cards"] or [])
    # The pass went to seat me - 1: the cards of it that seat has not played are still
    # held there (as far as the seat can tell; a tucked copy may be either).
    taker = (me - 1) % n
    out_there = [max(0, p - seat_played[taker][s]) for s, p in enumerate(passed)]
    received = counts(view["received_cards"] or [])
    pool = [0] * STRENGTHS
    for s in range(view["max_strength"]):
        pool[s] = COPIES
    for doghouse in view["doghouses"]:
        for card in doghouse:
            pool[card - 1] -= 1
    unseen = [
        max(0, pool[s] - hand[s] - played[s] - tucked[s] - out_there[s]) for s in range(STRENGTHS)
    ]
    state = _one_hot(n - 3, 4)
    state += [
        float(view["max_strength"] > 10),
        float(view["phase"] == "passing"),
        view["round"] / 10,
        float(view["sets_unlocked"]),
        view["aside_count"] / 20,
    ]
    for part in (hand, played, tucked, passed, out_there, received, unseen):
        state += _scaled(part)
    seat_blocks = [[0.0] * SEAT_BLOCK for _ in range(SEATS)]
    chance = danger(view["doghouses"])
    for seat in range(n):
        doghouse = view["doghouses"][seat]
        seat_blocks[rel[seat]] = [
            1.0,
            view["hand_sizes"][seat] / 10,
            *_scaled(counts(doghouse)),
            view["kinds"][seat] / 7,
            len(doghouse) / 20,
            *_scaled(seat_played[seat]),
            seat_tucks[seat] / 10,
            chance[seat],
        ]
    for block in seat_blocks:
        state += block
    state += _trick(view, rel)
    state += _one_hot(None if view["starter"] is None else rel[view["starter"]], SEATS)
    return state


def _trick(view: dict, rel: list[int]) -> list[float]:
    trick = view["trick"]
    if trick is None:  # passing: no trick yet
        return [0.0] * 31
    count, top = trick["count"], trick["top"]
    made = len(trick["moves"])
    return [
        float(count is None),
        *_one_hot(None if count is None else min(count, 4) - 1, 4),
        *_one_hot(None if top is None else top - 1, STRENGTHS),
        *_one_hot(rel[trick["leader"]], SEATS),
        *_one_hot(None if trick["winner"] is None else rel[trick["winner"]], SEATS),
        made / 6,
        float(count is not None and made == view["players"] - 1),
    ]


def encode_move(view: dict, move: dict, last_to_act: bool) -> list[float]:
    """The move part of one legal move's features, `MOVE_SIZE` long."""
    cards = move["cards"]
    kind = move["kind"]
    after = counts(view["hand"])
    for card in cards:
        after[card - 1] -= 1
    held = [s + 1 for s in range(STRENGTHS) if after[s]]
    top = view["trick"]["top"] if view["trick"] else None
    # Every legal play tops the trick (a tie goes to the later play); raising it is not.
    raises = kind == "play" and (top is None or cards[0] > top)
    return [
        *_one_hot(MOVE_KINDS.index(kind), 3),
        *_scaled(counts(cards)),
        len(cards) / 10,
        cards[0] / 12 if kind == "play" else 0.0,
        cards[-1] / 12 if kind == "tuck" else 0.0,
        *_scaled(after),
        len(held) / 10,
        held[-1] / 12 if held else 0.0,
        held[0] / 12 if held else 0.0,
        float(raises),
        float(kind == "play" and last_to_act),
    ]


def encode(view: dict, moves: list[dict] | None = None) -> np.ndarray:
    """One row of `SIZE` features per move (default: every legal move), float32."""
    moves = view["legal_moves"] if moves is None else moves
    state = encode_state(view)
    trick = view["trick"]
    last = (
        trick is not None
        and trick["count"] is not None
        and len(trick["moves"]) == view["players"] - 1
    )
    return np.array([state + encode_move(view, m, last) for m in moves], dtype=np.float32)
