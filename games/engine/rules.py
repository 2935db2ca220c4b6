"""The rules of The Bark Side as pure functions over a plain-data game state.

A state is a dict of ints, strings, bools, None, lists and dicts (it round-trips through
JSON unchanged). Its `rounds` list holds each round in `barkside-record/1` form, so the
record of a game is a projection of its state. `apply` never mutates its input.
"""

from .cards import (
    MAX_PLAYERS,
    MIN_HAND,
    MIN_PLAYERS,
    PASS_SIZE,
    SEVEN_KINDS,
    deal_size,
    full_deck,
    kinds,
    max_strength_for,
    without,
)
from .deal import deal, seed_commitment
from .errors import IllegalMove

STATE_FORMAT = "barkside-state/2"  # /2: the move counter is `moves_applied`
PASSING, TRICKS, DEALING, OVER = "passing", "tricks", "dealing", "over"
SEVEN_KINDS_REASON, DECK_EXHAUSTED_REASON = "seven-kinds", "deck-exhausted"
MOVE_KINDS = ("pass", "play", "tuck")


# --- creating a game -----------------------------------------------------------------


def new_game(players: int, seed: str | None, deck: str | int = "auto") -> dict:
    """A game for `players` seats, its first round dealt from `seed`.

    With `seed=None` no round is dealt (phase `dealing`): records are replayed this way,
    their deals coming from the record instead of a seed.
    """
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be {MIN_PLAYERS}-{MAX_PLAYERS}, not {players!r}")
    if seed is not None and not isinstance(seed, str):
        raise ValueError("seed must be a string")
    state = {
        "format": STATE_FORMAT,
        "players": players,
        "max_strength": max_strength_for(players, deck),
        "seed": seed,
        "seed_sha256": seed_commitment(seed) if seed is not None else None,
        # Moves applied since the deal, +1 per `apply`: the state's own step counter. The
        # table's `version` (games.models.Game) counts every change of the table instead.
        "moves_applied": 0,
        "phase": DEALING,
        "doghouses": [[] for _ in range(players)],
        "rounds": [],
        "hands": [[] for _ in range(players)],
        "turn": None,
        "trick": None,
        "sets_unlocked": False,
        "result": None,
    }
    if seed is not None:
        _deal_from_seed(state, starter=None, events=[])
    return state


def pool(state: dict) -> list[int]:
    """Every card not in a doghouse: what the next round is dealt from."""
    rest = full_deck(state["max_strength"])
    for doghouse in state["doghouses"]:
        rest = without(rest, doghouse)
    return rest


def begin_round(state: dict, hands: list[list[int]], aside: list[int], starter: int) -> list:
    """Start a round with the given deal (mutates `state`, which must be in `dealing`)."""
    state["rounds"] = state["rounds"] + [
        {
            "starter": starter,
            "hands": [sorted(h) for h in hands],
            "aside": sorted(aside),
            "passes": [None] * state["players"],
            "moves": [],
        }
    ]
    state["hands"] = [sorted(h) for h in hands]
    state["phase"] = PASSING
    state["turn"] = None
    state["trick"] = None
    state["sets_unlocked"] = False
    return [
        {
            "type": "round_dealt",
            "round": len(state["rounds"]),
            "starter": starter,
            "hand_size": len(hands[0]),
            "aside": len(aside),
        }
    ]


def _deal_from_seed(state: dict, starter: int | None, events: list) -> None:
    hands, aside, random_starter = deal(
        state["seed"], len(state["rounds"]) + 1, pool(state), state["players"]
    )
    events += begin_round(state, hands, aside, random_starter if starter is None else starter)


# --- who acts and what they may do ---------------------------------------------------


def to_act(state: dict) -> list[int]:
    """The seats expected to move now: every seat yet to pass, or the one whose turn it is."""
    if state["phase"] == PASSING:
        return [s for s, p in enumerate(state["rounds"][-1]["passes"]) if p is None]
    if state["phase"] == TRICKS:
        return [state["turn"]]
    return []


def legal_moves(state: dict, seat: int) -> list[dict]:
    """Every move `seat` may make now, as `{"kind": ..., "cards": [...]}` dicts."""
    check_seat(state, seat)
    phase = state["phase"]
    if phase == PASSING:
        if state["rounds"][-1]["passes"][seat] is not None:
            return []
        return _pass_moves(state["hands"][seat])
    if phase != TRICKS or state["turn"] != seat:
        return []
    hand = state["hands"][seat]
    trick = state["trick"]
    if trick["count"] is None:
        return _lead_moves(hand, state["sets_unlocked"])
    return _follow_moves(hand, trick["count"], trick["top"])


# Hands are kept sorted (see begin_round and _exchange_passes), and the move generators
# below rely on it: `dict.fromkeys(hand)` gives the distinct strengths in ascending order
# and the lowest cards come first. Plain loops with `append` measured faster here than
# nested comprehensions, and `hand.count` (in C) faster than building a dict of counts.


def _pass_moves(hand: list[int]) -> list[dict]:
    """Each pair of cards once: [a, a] when a is held twice, then [a, b] for every b > a."""
    distinct = list(dict.fromkeys(hand))
    moves = []
    for i, a in enumerate(distinct):
        if hand.count(a) >= 2:
            moves.append({"kind": "pass", "cards": [a, a]})
        for b in distinct[i + 1 :]:
            moves.append({"kind": "pass", "cards": [a, b]})
    return moves


def _lead_moves(hand: list[int], sets_unlocked: bool) -> list[dict]:
    """Every single, then (once unlocked) every set that leaves a card in hand."""
    distinct = dict.fromkeys(hand)
    moves = [{"kind": "play", "cards": [s]} for s in distinct]
    if sets_unlocked:
        most = len(hand) - 1
        for s in distinct:
            for k in range(2, min(hand.count(s), most) + 1):
                moves.append({"kind": "play", "cards": [s] * k})
    return moves


def _follow_moves(hand: list[int], k: int, top: int) -> list[dict]:
    """Every set of `k` cards of strength `top` or more, then the tail-tuck."""
    moves = []
    for s in dict.fromkeys(hand):
        if s >= top and (k == 1 or hand.count(s) >= k):
            moves.append({"kind": "play", "cards": [s] * k})
    moves.append({"kind": "tuck", "cards": hand[:k]})
    return moves


def check_seat(state: dict, seat: int) -> None:
    if type(seat) is not int or not 0 <= seat < state["players"]:
        raise ValueError(f"no seat {seat!r} in a game of {state['players']}")


# --- applying a move ------------------------------------------------------------------


def apply(state: dict, move: dict) -> tuple[dict, list[dict]]:
    """Apply `move` (`{"seat", "kind", "cards"}`) and return (new state, public events).

    Raises `IllegalMove` with a stable code when the rules refuse it; `state` is untouched.
    A tuck may leave out `cards` (it then discards the seat's lowest cards).
    """
    seat, kind, cards = _parse(state, move)
    if state["phase"] == OVER:
        raise IllegalMove("game_over", "the game is over")
    if state["phase"] == DEALING:
        raise IllegalMove("wrong_phase", "no round is being played")
    if kind == "pass":
        new, events = _pass(state, seat, cards)
    else:
        if state["phase"] != TRICKS:
            raise IllegalMove("wrong_phase", "every player must pass 2 cards first")
        if seat != state["turn"]:
            raise IllegalMove("not_your_turn", f"it is seat {state['turn']}'s turn")
        if kind == "play":
            new, events = _play(state, seat, cards)
        else:
            new, events = _tail_tuck(state, seat, cards)
    new["moves_applied"] = state["moves_applied"] + 1
    return new, events


def _parse(state: dict, move: dict) -> tuple[int, str, list[int] | None]:
    if not isinstance(move, dict):
        raise IllegalMove("bad_move", "a move is an object with seat, kind and cards")
    seat, kind, cards = move.get("seat"), move.get("kind"), move.get("cards")
    if type(seat) is not int or not 0 <= seat < state["players"]:
        raise IllegalMove("bad_move", "seat must be a seat number of this game")
    if kind not in MOVE_KINDS:
        raise IllegalMove("bad_move", "kind must be pass, play or tuck")
    if cards is None and kind == "tuck":
        return seat, kind, None
    if not isinstance(cards, list):
        raise _bad_cards()
    for card in cards:  # a plain loop: cheaper than all() over a generator, on every move
        if type(card) is not int:  # not isinstance: True is an int but no card strength
            raise _bad_cards()
    return seat, kind, sorted(cards)


def _bad_cards() -> IllegalMove:
    return IllegalMove("bad_move", "cards must be a list of card strengths")


def _pass(state: dict, seat: int, cards: list[int]) -> tuple[dict, list[dict]]:
    if state["phase"] != PASSING:
        raise IllegalMove("wrong_phase", "passing is over for this round")
    rnd = state["rounds"][-1]
    if rnd["passes"][seat] is not None:
        raise IllegalMove("already_passed", "you have already passed this round")
    if len(cards) != PASS_SIZE:
        raise IllegalMove("wrong_count", f"pass exactly {PASS_SIZE} cards")
    if without(rnd["hands"][seat], cards) is None:
        raise IllegalMove("cards_not_in_hand", "you can only pass cards you were dealt")
    new, rnd = _copy_round(state)
    rnd["passes"] = list(rnd["passes"])
    rnd["passes"][seat] = cards
    events = [{"type": "passed", "seat": seat}]
    if all(p is not None for p in rnd["passes"]):
        _exchange_passes(new, rnd, events)
    return new, events


def _exchange_passes(state: dict, rnd: dict, events: list) -> None:
    """Seat i gives its pass to seat i-1 (its right-hand neighbour), all at once."""
    n = state["players"]
    passes = rnd["passes"]
    state["hands"] = [
        sorted(without(rnd["hands"][s], passes[s]) + passes[(s + 1) % n]) for s in range(n)
    ]
    state["phase"] = TRICKS
    _open_trick(state, rnd["starter"], len(rnd["moves"]))
    events.append({"type": "passes_exchanged"})


def _open_trick(state: dict, leader: int, start: int) -> None:
    state["turn"] = leader
    state["trick"] = {
        "leader": leader,
        "count": None,
        "top": None,
        "winner": leader,
        "start": start,
        "moves": 0,
    }


def _play(state: dict, seat: int, cards: list[int]) -> tuple[dict, list[dict]]:
    rest = without(state["hands"][seat], cards)
    if rest is None:
        raise IllegalMove("cards_not_in_hand", "you do not hold those cards")
    if not cards:
        raise IllegalMove("wrong_count", "play at least one card")
    strength = cards[0]
    if cards[-1] != strength:
        raise IllegalMove("mixed_strengths", "a set is cards of one strength")
    trick = state["trick"]
    k = len(cards)
    if trick["count"] is None:
        if k > 1 and not state["sets_unlocked"]:
            raise IllegalMove("sets_locked", "sets unlock after the round's first tail-tuck")
        if k > 1 and not rest:
            raise IllegalMove("set_empties_hand", "keep at least one card after a set")
    else:
        if k != trick["count"]:
            raise IllegalMove("wrong_count", f"play exactly {trick['count']} cards")
        if strength < trick["top"]:
            raise IllegalMove("too_low", f"play strength {trick['top']} or higher, or tuck")
    played = {**trick, "count": k, "top": strength, "winner": seat, "moves": trick["moves"] + 1}
    new = _after_move(state, seat, rest, {"seat": seat, "play": cards}, played)
    return _next_turn(new, [{"type": "played", "seat": seat, "cards": cards}])


def _tail_tuck(state: dict, seat: int, cards: list[int] | None) -> tuple[dict, list[dict]]:
    trick = state["trick"]
    if trick["count"] is None:
        raise IllegalMove("leader_cannot_tuck", "the leader must play")
    hand = state["hands"][seat]
    k = trick["count"]
    lowest = hand[:k]
    if cards is not None and not (cards == lowest and len(cards) == k):  # the usual tuck is valid
        if without(hand, cards) is None:
            raise IllegalMove("cards_not_in_hand", "you do not hold those cards")
        if len(cards) != k:
            raise IllegalMove("wrong_count", f"tuck exactly {k} cards")
        if cards != lowest:
            raise IllegalMove("tuck_not_lowest", f"a tail-tuck discards your {k} lowest cards")
    tucked = trick.copy()
    tucked["moves"] += 1
    new = _after_move(state, seat, hand[k:], {"seat": seat, "tuck": lowest}, tucked)
    events = [{"type": "tucked", "seat": seat, "cards": lowest}]
    if not state["sets_unlocked"]:
        new["sets_unlocked"] = True
        events.append({"type": "sets_unlocked"})
    return _next_turn(new, events)


def _copy_round(state: dict) -> tuple[dict, dict]:
    """A shallow copy of `state` with a private copy of its current round to change."""
    # `.copy()` measured cheaper than dict()/list() and than {**state, ...} literals
    new = state.copy()
    rounds = new["rounds"] = state["rounds"].copy()
    rnd = rounds[-1] = rounds[-1].copy()
    return new, rnd


def _after_move(state: dict, seat: int, rest: list[int], entry: dict, trick: dict) -> dict:
    """A copy of `state` in which `seat` holds `rest`, `entry` is the round's latest move
    and `trick` the trick. Only what changes is copied; the rest is shared, never mutated.
    """
    new, rnd = _copy_round(state)
    rnd["moves"] = rnd["moves"] + [entry]
    hands = new["hands"] = state["hands"].copy()
    hands[seat] = rest
    new["trick"] = trick
    return new


def _next_turn(state: dict, events: list) -> tuple[dict, list[dict]]:
    trick = state["trick"]
    n = state["players"]
    if trick["moves"] < n:
        state["turn"] = (state["turn"] + 1) % n
        return state, events
    winner = trick["winner"]
    events.append({"type": "trick_won", "seat": winner})
    if len(state["hands"][winner]) > 1:
        _open_trick(state, winner, len(state["rounds"][-1]["moves"]))
    else:
        _last_cards(state, winner, events)
    return state, events


# --- the end of a round and of the game -----------------------------------------------


def _last_cards(state: dict, first: int, events: list) -> None:
    """ "Your owner comes back": last cards go down clockwise from the last trick's winner."""
    n = state["players"]
    order = [(first + i) % n for i in range(n)]
    last = [{"seat": s, "card": state["hands"][s][0]} for s in order]
    top = max(e["card"] for e in last)
    loser = [e["seat"] for e in last if e["card"] == top][-1]  # a tie goes to the later card
    others = sorted(e["card"] for e in last if e["seat"] != loser)
    caught = sorted([top] + others[:2])
    rnd = state["rounds"][-1]  # already a private copy (see _after_move)
    rnd.update(last=last, loser=loser, caught=caught)
    state["hands"] = [[] for _ in range(n)]
    state["doghouses"] = list(state["doghouses"])
    state["doghouses"][loser] = sorted(state["doghouses"][loser] + caught)
    state["turn"] = None
    state["trick"] = None
    state["phase"] = DEALING
    events.append({"type": "last_cards", "cards": last})
    events.append({"type": "caught", "seat": loser, "cards": caught})
    if kinds(state["doghouses"][loser]) >= SEVEN_KINDS:
        _end_game(state, SEVEN_KINDS_REASON, events, loser=loser)
    elif deal_size(len(pool(state)), n) < MIN_HAND:
        _end_game(state, DECK_EXHAUSTED_REASON, events)
    elif state["seed"] is not None:
        _deal_from_seed(state, starter=loser, events=events)


def resume_with_seed(state: dict, seed: str) -> None:
    """Give a replayed game its seed, dealing the next round if one is due (mutates)."""
    state["seed"] = seed
    state["seed_sha256"] = seed_commitment(seed)
    if state["phase"] == DEALING:
        _deal_from_seed(state, starter=state["rounds"][-1]["loser"], events=[])


def next_round_due(state: dict) -> bool:
    """Whether a round ended and the next one waits for its deal (records only)."""
    return state["phase"] == DEALING


def _end_game(state: dict, reason: str, events: list, loser: int | None = None) -> None:
    state["phase"] = OVER
    state["result"] = game_result(state["doghouses"], reason, loser)
    events.append({"type": "game_over", "result": state["result"]})


def game_result(doghouses: list[list[int]], reason: str, loser: int | None = None) -> dict:
    """Losers, winners and doghouses as RULES.md decides them for a finished game."""
    seats = range(len(doghouses))
    if reason == SEVEN_KINDS_REASON:
        losers = [loser]
    else:
        score = [(kinds(d), len(d)) for d in doghouses]
        worst = max(score)
        losers = [s for s in seats if score[s] == worst]
        if len(losers) == len(doghouses):
            losers = []  # everybody ties: a draw
    if losers:
        others = [s for s in seats if s not in losers]
        fewest = min(len(doghouses[s]) for s in others)
        winners = [s for s in others if len(doghouses[s]) == fewest]
    else:
        winners = []
    return {
        "reason": reason,
        "losers": losers,
        "winners": winners,
        "doghouses": [list(d) for d in doghouses],
    }


def standings(result: dict) -> list[int]:
    """Each seat's place (1 = best): non-losers by doghouse cards, equal counts sharing."""
    doghouses, losers = result["doghouses"], result["losers"]
    others = [len(d) for s, d in enumerate(doghouses) if s not in losers]
    return [
        len(others) + 1 if s in losers else 1 + sum(c < len(d) for c in others)
        for s, d in enumerate(doghouses)
    ]
