"""Rule invariants over whole games played with random legal moves (Hypothesis).

Each example plays a full game: 3 to 6 players, either deck, every move chosen uniformly
among the legal moves of a seat that may act.
"""

import copy
import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import (
    OVER,
    PASSING,
    TRICKS,
    IllegalMove,
    apply,
    from_record,
    legal_moves,
    new_game,
    past_rounds,
    to_act,
    to_record,
    view,
)
from tests.engine.positions import deck_of, random_move

MOVE_LIMIT = 3000  # a 3-player game lasts at most ~15 rounds of ~35 moves

games = st.fixed_dictionaries(
    {
        "players": st.integers(3, 6),
        "deck": st.sampled_from(["auto", 50, 60]),
        "seed": st.integers(0, 2**64),
    }
)
quick = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SAMPLED = 0.2  # the costlier checks look at about this share of the states of a game


def states(game: dict):
    """Yield (state, rng) along one random game, ending in `over` within MOVE_LIMIT moves."""
    rng = random.Random(game["seed"])
    state = new_game(game["players"], f"seed-{game['seed']}", game["deck"])
    for _ in range(MOVE_LIMIT):
        yield state, rng
        if state["phase"] == OVER:
            return
        state, _ = apply(state, random_move(state, rng))
    raise AssertionError(f"no end after {MOVE_LIMIT} moves")


def cards_of(moves: list[dict]) -> list[int]:
    return [c for m in moves for c in m.get("play", m.get("tuck", []))]


# --- the cards --------------------------------------------------------------------------


@quick
@given(games)
def test_cards_are_conserved(game):
    for state, _ in states(game):
        rnd = state["rounds"][-1]
        held = [c for h in state["hands"] for c in h]  # the dealt hands while passing
        if "last" in rnd:  # the round is over: the last cards are down
            caught = Counter(rnd["caught"])
            held = list((Counter(e["card"] for e in rnd["last"]) - caught).elements())
        out_of_round = cards_of(rnd["moves"])
        doghouses = [c for d in state["doghouses"] for c in d]
        assert sorted(held + rnd["aside"] + out_of_round + doghouses) == deck_of(
            state["max_strength"]
        )


@quick
@given(games)
def test_hands_have_one_size_at_every_trick(game):
    for state, _ in states(game):
        if state["phase"] == TRICKS and state["trick"]["count"] is None:
            assert len({len(h) for h in state["hands"]}) == 1
            assert len(state["hands"][0]) >= 2


@quick
@given(games)
def test_the_pass_keeps_hand_sizes_and_moves_two_cards_right(game):
    for state, _ in states(game):
        rnd = state["rounds"][-1]
        if state["phase"] == TRICKS and not rnd["moves"]:
            n = state["players"]
            for s in range(n):
                expected = Counter(rnd["hands"][s]) - Counter(rnd["passes"][s])
                expected += Counter(rnd["passes"][(s + 1) % n])
                assert Counter(state["hands"][s]) == expected


@quick
@given(games)
def test_doghouses_only_grow_and_by_the_catch(game):
    before = None
    for state, _ in states(game):
        if before is not None and state["doghouses"] != before["doghouses"]:
            rnd = before["rounds"][-1]
            done = next(r for r in state["rounds"] if r["hands"] == rnd["hands"])
            grown = [
                Counter(a) - Counter(b)
                for a, b in zip(state["doghouses"], before["doghouses"], strict=True)
            ]
            assert [sorted(g.elements()) for g in grown] == [
                done["caught"] if s == done["loser"] else [] for s in range(state["players"])
            ]
            assert len(done["caught"]) == 3
        before = state


# --- who acts and what they may do ------------------------------------------------------


@quick
@given(games)
def test_a_running_game_always_has_a_seat_with_a_legal_move(game):
    for state, _ in states(game):
        acting = to_act(state)
        if state["phase"] == OVER:
            assert acting == []
        else:
            assert acting
        for seat in range(state["players"]):
            assert bool(legal_moves(state, seat)) == (seat in acting)


@quick
@given(games)
def test_every_legal_move_applies(game):
    for state, rng in states(game):
        for seat in to_act(state):
            moves = legal_moves(state, seat)
            for move in rng.sample(moves, min(len(moves), 6)):
                apply(state, {"seat": seat, **move})


@quick
@given(games)
def test_a_move_is_accepted_exactly_when_it_is_listed(game):
    for state, rng in states(game):
        for _ in range(3):
            move = random_candidate(state, rng)
            listed = {"kind": move["kind"], "cards": sorted(move["cards"])}
            try:
                apply(state, move)
            except IllegalMove:
                assert listed not in legal_moves(state, move["seat"]), move
            else:
                assert listed in legal_moves(state, move["seat"]), move


def random_candidate(state: dict, rng: random.Random) -> dict:
    """A move that is often nearly legal: cards from the seat's hand, or from anywhere."""
    seat = rng.randrange(state["players"])
    hand = state["hands"][seat]
    kind = rng.choice(["pass", "play", "tuck"])
    if hand and rng.random() < 0.8:
        k = rng.randint(1, min(4, len(hand)))
        if rng.random() < 0.5:
            cards = [rng.choice(hand)] * k
        elif rng.random() < 0.5:
            cards = sorted(hand)[:k]
        else:
            cards = rng.sample(hand, k)
    else:
        cards = [rng.randint(0, state["max_strength"] + 1) for _ in range(rng.randint(0, 3))]
    return {"seat": seat, "kind": kind, "cards": cards}


@quick
@given(games)
def test_apply_leaves_its_input_alone_and_counts_the_move(game):
    for state, rng in states(game):
        if state["phase"] == OVER:
            break
        if rng.random() > SAMPLED:
            continue
        before = copy.deepcopy(state)
        new, _ = apply(state, random_move(state, rng))
        assert state == before
        assert new["moves_applied"] == state["moves_applied"] + 1


@quick
@given(games)
def test_a_state_is_plain_json(game):
    for state, rng in states(game):
        if rng.random() < SAMPLED:
            assert json.loads(json.dumps(state)) == state


# --- what a seat may see ----------------------------------------------------------------


def reshuffle_hidden(state: dict, seat: int | None, rng: random.Random) -> dict:
    """`state` with everything `seat` may not see dealt differently (None: a spectator).

    Other seats' hands and the set-aside cards are shuffled together and redealt at the
    same sizes; hidden passes and past deals are replaced; the seed changes while the
    game runs. Only what the seat sees stays: its own hand and pass, the pass it received
    after the exchange, and the public table.
    """
    n = state["players"]
    new = copy.deepcopy(state)
    rnd = new["rounds"][-1]
    others = [s for s in range(n) if s != seat]
    hidden = [c for s in others for c in new["hands"][s]] + rnd["aside"]
    rng.shuffle(hidden)
    for s in others:
        size = len(new["hands"][s])
        new["hands"][s], hidden = sorted(hidden[:size]), hidden[size:]
    rnd["aside"] = sorted(hidden)
    visible_passes = set() if seat is None else {seat}
    if seat is not None and new["phase"] != PASSING:
        visible_passes.add((seat + 1) % n)  # received in the exchange
    for r in new["rounds"]:
        for s in others:
            r["hands"][s] = sorted(rng.sample(range(1, 13), len(r["hands"][s])))
            seen = r is rnd and s in visible_passes
            if r["passes"][s] is not None and not seen:
                r["passes"][s] = sorted(rng.sample(range(1, 13), 2))
    if new["phase"] != OVER:
        new["seed"] = f"other-{rng.random()}"
    return new


@quick
@given(games)
def test_a_view_does_not_depend_on_what_the_seat_may_not_see(game):
    for state, rng in states(game):
        if rng.random() > SAMPLED:
            continue
        seat = rng.choice([None, *range(state["players"])])
        reshuffled = reshuffle_hidden(state, seat, rng)
        assert view(reshuffled, seat) == view(state, seat)
        assert past_rounds(reshuffled) == past_rounds(state)


@quick
@given(games)
def test_the_views_last_rounds_add_up_to_the_past_rounds(game):
    """A client that keeps each view's newest finished round has them all without asking:
    no move finishes two rounds at once."""
    kept = []
    for state, _ in states(game):
        last = view(state)["last_round"]
        if last is not None and (not kept or kept[-1]["number"] != last["number"]):
            kept.append(last)
    assert kept == past_rounds(state)
    assert [r["number"] for r in kept] == list(range(1, len(kept) + 1))


@quick
@given(games)
def test_a_view_holds_no_other_hand(game):
    for state, rng in states(game):
        if rng.random() > SAMPLED:
            continue
        seat = rng.randrange(state["players"])
        seen = view(state, seat)
        text = json.dumps(seen)
        assert '"hands"' not in text and '"aside"' not in text and '"passes"' not in text
        if state["phase"] != OVER:
            assert seen["seed"] is None
        public = view(state, None)
        assert "hand" not in public and "passed_cards" not in public


# --- records ----------------------------------------------------------------------------


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.floats(0, 1))
def test_a_record_replays_to_the_same_game(game, stop_at):
    played = [state for state, _ in states(game)]
    for state in (played[int(stop_at * (len(played) - 1))], played[-1]):
        record = json.loads(json.dumps(to_record(state)))
        replayed = from_record(record)
        assert {k: v for k, v in replayed.items() if k not in ("seed", "seed_sha256")} == {
            k: v for k, v in state.items() if k not in ("seed", "seed_sha256")
        }
        assert replayed["result"] == state["result"]
