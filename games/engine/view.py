"""What one seat (or a spectator) may see of a game: the only way state reaches people."""

from .cards import kinds, without
from .rules import OVER, PASSING, check_seat, legal_moves, standings, to_act

_PUBLIC_ROUND_FIELDS = ("starter", "moves", "last", "loser", "caught")


def view(state: dict, seat: int | None = None) -> dict:
    """The game as `seat` sees it; `seat=None` is a spectator's public view.

    Holds the seat's own hand, pass and received cards, and everything public: plays and
    tucks, hand sizes, doghouses, the number of set-aside cards, whose turn it is. Never
    another seat's hand or pass, the set-aside cards or the seed while the game runs.
    """
    n = state["players"]
    rounds = state["rounds"]
    rnd = rounds[-1] if rounds else None
    over = state["phase"] == OVER
    passes = rnd["passes"] if rnd else [None] * n
    current_done = rnd is not None and "loser" in rnd
    trick = state["trick"]
    public = {
        "players": n,
        "max_strength": state["max_strength"],
        "phase": state["phase"],
        "round": len(rounds),
        "starter": rnd["starter"] if rnd else None,
        "to_act": to_act(state),
        "passed": [p is not None for p in passes],
        "hand_sizes": [len(h) for h in state["hands"]],
        "aside_count": len(rnd["aside"]) if rnd else 0,
        "sets_unlocked": state["sets_unlocked"],
        "trick": None
        if trick is None
        else {
            "leader": trick["leader"],
            "count": trick["count"],
            "top": trick["top"],
            "winner": trick["winner"],
            "moves": rnd["moves"][trick["start"] :],
        },
        "moves": [] if current_done else list(rnd["moves"]) if rnd else [],
        "last_round": _last_round(rounds),
        "doghouses": [list(d) for d in state["doghouses"]],
        "kinds": [kinds(d) for d in state["doghouses"]],
        "seed_sha256": state["seed_sha256"],
        "result": state["result"],
        "standings": standings(state["result"]) if over else None,
        "seed": state["seed"] if over else None,
    }
    if seat is None:
        return public
    check_seat(state, seat)
    received = None
    if rnd and state["phase"] != PASSING and all(p is not None for p in passes):
        received = list(passes[(seat + 1) % n])
    public.update(
        seat=seat,
        hand=_own_hand(state, seat),
        passed_cards=list(passes[seat]) if passes[seat] is not None else None,
        received_cards=received,
        legal_moves=legal_moves(state, seat),
    )
    return public


def past_rounds(state: dict) -> list[dict]:
    """Every finished round as anyone may see it, oldest first, each with its `number`.

    Not part of `view`: a view goes to every seat with every move, and the finished rounds
    are most of a late view's bytes. A view holds
    the newest of them (`last_round`); a client keeps the ones it saw and asks for these
    when it missed some."""
    return [_past(number, r) for number, r in enumerate(state["rounds"], 1) if "loser" in r]


def _last_round(rounds: list[dict]) -> dict | None:
    for number in range(len(rounds), 0, -1):
        if "loser" in rounds[number - 1]:
            return _past(number, rounds[number - 1])
    return None


def _past(number: int, rnd: dict) -> dict:
    return {"number": number, **{k: rnd[k] for k in _PUBLIC_ROUND_FIELDS}}


def _own_hand(state: dict, seat: int) -> list[int]:
    """During passing a seat that has passed no longer holds the 2 cards it gave away."""
    hand = state["hands"][seat]
    if state["phase"] == PASSING:
        given = state["rounds"][-1]["passes"][seat]
        if given is not None:
            return without(hand, given)
    return list(hand)
