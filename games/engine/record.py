"""Game records (`barkside-record/1`, RULES.md): export a game, rebuild one, checking every step."""

from collections import Counter
from collections.abc import Generator

from .cards import MAX_PLAYERS, MIN_PLAYERS, deal_size
from .deal import deal, seed_commitment
from .errors import IllegalMove, RecordError
from .rules import OVER, apply, begin_round, new_game, next_round_due, pool, resume_with_seed

RECORD_FORMAT = "barkside-record/1"
_ROUND_FIELDS = ("starter", "hands", "aside", "passes", "moves")
_DERIVED_ROUND_FIELDS = ("last", "loser", "caught")


def to_record(state: dict, reveal_seed: bool | None = None) -> dict:
    """The record of a game, finished or running; the seed once the game is over, unless
    `reveal_seed` says otherwise."""
    if reveal_seed is None:
        reveal_seed = state["phase"] == OVER
    record = {
        "format": RECORD_FORMAT,
        "players": state["players"],
        "max_strength": state["max_strength"],
        "rounds": [
            {k: r[k] for k in _ROUND_FIELDS + _DERIVED_ROUND_FIELDS if k in r}
            for r in state["rounds"]
        ],
    }
    if state["result"] is not None:
        record["result"] = state["result"]
    if state["seed_sha256"] is not None:
        record["seed_sha256"] = state["seed_sha256"]
        if reveal_seed:
            record["seed"] = state["seed"]
    return record


def from_record(record: object) -> dict:
    """Rebuild the game a record describes, or raise `RecordError` at its first fault.

    Derived fields (`last`, `loser`, `caught`, `result`), when present, must equal what the
    rules compute. A seed, when present, must match its commitment and re-deal every round.
    """
    steps = replay(record)
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value


Step = tuple[int, int | None, dict, dict]


def replay(record: object) -> Generator[Step, None, dict]:
    """Rebuild a record's game step by step, checking it as `from_record` does.

    Yields `(round, move, state, made)` before each pass and move: `round` and `move` are
    0-based indexes into the record's `rounds` and that round's `moves` (`move` is None for
    a pass; a round's passes come in seat order), `state` the game before it, `made` the
    move as `apply` takes it. Returns the rebuilt game (`from_record`'s result). A fault
    raises `RecordError` when the replay reaches it.
    """
    if not isinstance(record, dict):
        raise RecordError("malformed", "a record is a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError("bad_format", f"format must be {RECORD_FORMAT!r}")
    players, max_strength = record.get("players"), record.get("max_strength")
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RecordError("malformed", f"players must be {MIN_PLAYERS}-{MAX_PLAYERS}")
    if max_strength not in (10, 12) or type(max_strength) is not int:
        raise RecordError("malformed", "max_strength must be 10 or 12 (a 50 or 60 card deck)")
    seed = _checked_seed(record)
    rounds = record.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise RecordError("malformed", "rounds must be a non-empty list")
    state = new_game(players, None, deck=5 * max_strength)
    for r, rnd in enumerate(rounds):
        if state["phase"] == OVER:
            raise RecordError("round_after_end", "the game was already over", round=r)
        state = yield from _replay_round(state, rnd, r, seed)
    _check_result(state, record)
    if seed is not None:  # the game can go on: later rounds are dealt from its seed
        resume_with_seed(state, seed)
    elif isinstance(record.get("seed_sha256"), str):
        state["seed_sha256"] = record["seed_sha256"]
    return state


def _checked_seed(record: dict) -> str | None:
    seed, commitment = record.get("seed"), record.get("seed_sha256")
    if seed is None:
        return None
    if not isinstance(seed, str):
        raise RecordError("malformed", "seed must be a string")
    if commitment is not None and commitment != seed_commitment(seed):
        raise RecordError("seed_mismatch", "seed_sha256 is not the SHA-256 of the seed")
    return seed


def _replay_round(
    state: dict, rnd: object, r: int, seed: str | None
) -> Generator[Step, None, dict]:
    if not isinstance(rnd, dict) or any(k not in rnd for k in _ROUND_FIELDS):
        raise RecordError("malformed", f"a round needs {', '.join(_ROUND_FIELDS)}", round=r)
    n = state["players"]
    hands, aside, starter = rnd["hands"], rnd["aside"], rnd["starter"]
    if not (_is_card_lists(hands, n) and _is_cards(aside)):
        raise RecordError("malformed", f"hands must be {n} lists of cards", round=r)
    if type(starter) is not int or not 0 <= starter < n:
        raise RecordError("malformed", "starter must be a seat number", round=r)
    _check_deal(state, hands, aside, starter, r, seed)
    begin_round(state, hands, aside, starter)
    passes, moves = rnd["passes"], rnd["moves"]
    if not isinstance(passes, list) or len(passes) != n or not isinstance(moves, list):
        raise RecordError("malformed", f"passes must list {n} passes", round=r)
    if moves and None in passes:
        raise RecordError("malformed", "moves before every seat has passed", round=r)
    for seat, cards in enumerate(passes):
        if cards is not None:
            made = {"seat": seat, "kind": "pass", "cards": cards}
            yield r, None, state, made
            state = _apply(state, made, r, None)
    for m, entry in enumerate(moves):
        made = _move_of(entry, r, m)
        yield r, m, state, made
        state = _apply(state, made, r, m)
    done = state["rounds"][-1]
    for field in _DERIVED_ROUND_FIELDS:
        if field in rnd and rnd[field] != done.get(field):
            raise RecordError(
                "derived_mismatch", f"{field} is {done.get(field)!r} by the rules", round=r
            )
    return state


def _check_deal(state, hands, aside, starter, r: int, seed: str | None) -> None:
    n = state["players"]
    expected_pool = pool(state)
    if r > 0:
        if not next_round_due(state):
            raise RecordError("round_incomplete", "a new round began before the last ended", r)
        if starter != state["rounds"][-1]["loser"]:
            raise RecordError("wrong_starter", "a round starts with the last round's loser", r)
    if Counter(c for h in hands for c in h) + Counter(aside) != Counter(expected_pool):
        raise RecordError("wrong_deck", "hands, aside and doghouses must make the deck", r)
    size = deal_size(len(expected_pool), n)
    if any(len(h) != size for h in hands):
        raise RecordError("wrong_hand_size", f"each hand must be dealt {size} cards", r)
    if seed is not None:
        want_hands, want_aside, want_starter = deal(seed, r + 1, expected_pool, n)
        if r == 0 and starter != want_starter:
            raise RecordError("seed_mismatch", "the seed chooses another starter", r)
        if [sorted(h) for h in hands] != want_hands or sorted(aside) != want_aside:
            raise RecordError("seed_mismatch", "the seed deals other hands", r)


def _is_cards(cards: object) -> bool:
    return isinstance(cards, list) and all(type(c) is int for c in cards)


def _is_card_lists(lists: object, n: int) -> bool:
    return isinstance(lists, list) and len(lists) == n and all(_is_cards(h) for h in lists)


def _move_of(entry: object, r: int, m: int) -> dict:
    if isinstance(entry, dict) and type(entry.get("seat")) is int:
        kinds = [k for k in ("play", "tuck") if k in entry]
        if len(kinds) == 1:
            return {"seat": entry["seat"], "kind": kinds[0], "cards": entry[kinds[0]]}
    raise RecordError("malformed", 'a move is {"seat": S, "play"|"tuck": [cards]}', r, m)


def _apply(state: dict, move: dict, r: int, m: int | None) -> dict:
    if move["kind"] == "tuck" and not isinstance(move["cards"], list):
        raise RecordError("malformed", "a tuck lists the cards it discarded", r, m)
    try:
        state, _ = apply(state, move)
    except IllegalMove as e:
        code = "malformed" if e.code == "bad_move" else e.code
        where = f"seat {move['seat']}'s pass: " if m is None else ""
        raise RecordError(code, where + e.detail, r, m) from None
    return state


def _check_result(state: dict, record: dict) -> None:
    last = len(record["rounds"]) - 1
    if "result" in record and record["result"] != state["result"]:
        raise RecordError(
            "derived_mismatch", f"result is {state['result']!r} by the rules", round=last
        )
