"""One test per rule and per **Decision** of RULES.md, on hand-built positions."""

import copy
import itertools
import json
from collections import Counter

import pytest

from games.engine import (
    DEALING,
    DECK_EXHAUSTED_REASON,
    OVER,
    PASSING,
    SEVEN_KINDS_REASON,
    TRICKS,
    IllegalMove,
    apply,
    game_result,
    legal_moves,
    new_game,
    standings,
    to_act,
)
from tests.engine.positions import (
    ALICE,
    BOB,
    CAROL,
    HIGH_PAIRS,
    LOW_PAIRS,
    ONE_TO_TEN,
    dealt_position,
    deck_of,
    lead_low_and_tuck,
    pass_,
    play,
    play_until,
    run,
    trick_position,
    tuck,
)


def refused(state: dict, move: dict) -> str:
    """The code `apply` refuses `move` with (and checks the state was left alone)."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove) as caught:
        apply(state, move)
    assert state == before
    return caught.value.code


def all_cards(state: dict) -> list[int]:
    rnd = state["rounds"][-1]
    return sorted([c for h in rnd["hands"] for c in h] + rnd["aside"])


@pytest.fixture
def pairs_game() -> dict:
    """Tricks: Alice [1,1,2,2,..5,5], Bob [6,6,..10,10], Carol 1-10; Alice leads."""
    return trick_position([LOW_PAIRS, HIGH_PAIRS, ONE_TO_TEN], starter=ALICE)


# --- cards and players ----------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_players_use_fifty_cards_one_to_ten(players):
    state = new_game(players, "deck")
    assert state["max_strength"] == 10
    assert all_cards(state) == deck_of(10)


@pytest.mark.parametrize("players", [5, 6])
def test_five_or_six_players_use_sixty_cards_one_to_twelve(players):
    state = new_game(players, "deck")
    assert state["max_strength"] == 12
    assert all_cards(state) == deck_of(12)


@pytest.mark.parametrize(
    "players, deck, max_strength", [(3, 60, 12), (4, 60, 12), (5, 50, 10), (6, 50, 10)]
)
def test_an_explicit_deck_overrides_the_player_count(players, deck, max_strength):
    state = new_game(players, "house-rule", deck)
    assert state["max_strength"] == max_strength
    assert all_cards(state) == deck_of(max_strength)


def test_the_chosen_deck_is_kept_for_every_round():
    state = play_until(3, "keep-deck", lambda s: len(s["rounds"]) == 3, deck=60)
    assert state["max_strength"] == 12
    pool = sorted(all_cards(state) + [c for d in state["doghouses"] for c in d])
    assert pool == deck_of(12)


@pytest.mark.parametrize("deck", [40, 52, "big", None])
def test_only_fifty_or_sixty_card_decks_exist(deck):
    with pytest.raises(ValueError):
        new_game(3, "x", deck)


@pytest.mark.parametrize("players", [2, 7, "3"])
def test_a_game_has_three_to_six_players(players):
    with pytest.raises(ValueError):
        new_game(players, "x")


# --- the deal -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, deck, hand_size, aside",
    [
        (3, "auto", 10, 20),
        (4, "auto", 10, 10),
        (5, "auto", 10, 10),
        (6, "auto", 10, 0),
        (6, 50, 8, 2),
        (5, 50, 10, 0),
        (3, 60, 10, 30),
    ],
)
def test_each_player_gets_min_ten_or_pool_share_and_the_rest_is_set_aside(
    players, deck, hand_size, aside
):
    rnd = new_game(players, "deal-size", deck)["rounds"][0]
    assert [len(h) for h in rnd["hands"]] == [hand_size] * players
    assert len(rnd["aside"]) == aside


def test_a_later_round_is_dealt_from_the_cards_outside_the_doghouses():
    state = play_until(6, "later-deal", lambda s: len(s["rounds"]) == 2)
    rnd = state["rounds"][1]
    outside = Counter(deck_of(12)) - Counter(c for d in state["doghouses"] for c in d)
    assert Counter(all_cards(state)) == outside
    assert sum(len(d) for d in state["doghouses"]) == 3
    assert [len(h) for h in rnd["hands"]] == [9] * 6  # floor(57 / 6)
    assert len(rnd["aside"]) == 3


# --- the pass -------------------------------------------------------------------------


@pytest.fixture
def dealt() -> dict:
    """Passing: Alice was dealt low pairs, Bob high pairs, Carol one of each."""
    return dealt_position([LOW_PAIRS, HIGH_PAIRS, ONE_TO_TEN])


def test_a_round_starts_with_the_pass(dealt):
    assert dealt["phase"] == PASSING
    assert to_act(dealt) == [ALICE, BOB, CAROL]


def test_passes_go_to_the_right_hand_neighbour(dealt):
    state = run(dealt, pass_(ALICE, 1, 2), pass_(BOB, 9, 10), pass_(CAROL, 5, 6))
    assert state["phase"] == TRICKS
    assert state["hands"][ALICE] == [1, 2, 3, 3, 4, 4, 5, 5, 9, 10]  # from Bob
    assert state["hands"][BOB] == [5, 6, 6, 6, 7, 7, 8, 8, 9, 10]  # from Carol
    assert state["hands"][CAROL] == [1, 1, 2, 2, 3, 4, 7, 8, 9, 10]  # from Alice


def test_nothing_is_exchanged_until_every_seat_has_passed(dealt):
    state = run(dealt, pass_(ALICE, 1, 2), pass_(BOB, 9, 10))
    assert state["phase"] == PASSING
    assert state["hands"] == dealt["hands"]
    assert to_act(state) == [CAROL]


def test_the_order_of_the_passes_does_not_matter(dealt):
    passes = [pass_(ALICE, 1, 2), pass_(BOB, 9, 10), pass_(CAROL, 5, 6)]
    finals = [run(dealt, *order) for order in itertools.permutations(passes)]
    assert all(f == finals[0] for f in finals)


def test_the_round_keeps_the_dealt_hands_and_the_passes(dealt):
    state = run(dealt, pass_(ALICE, 1, 2), pass_(BOB, 9, 10), pass_(CAROL, 5, 6))
    rnd = state["rounds"][-1]
    assert rnd["hands"] == [LOW_PAIRS, HIGH_PAIRS, ONE_TO_TEN]
    assert rnd["passes"] == [[1, 2], [9, 10], [5, 6]]


def test_legal_passes_are_every_pair_of_dealt_cards(dealt):
    moves = legal_moves(dealt, ALICE)
    pairs = {(a, b) for a in range(1, 6) for b in range(a, 6)}
    assert sorted(tuple(m["cards"]) for m in moves) == sorted(pairs)
    assert {m["kind"] for m in moves} == {"pass"}


@pytest.mark.parametrize("cards", [[1], [1, 2, 3], []])
def test_a_pass_is_exactly_two_cards(dealt, cards):
    assert refused(dealt, pass_(ALICE, *cards)) == "wrong_count"


@pytest.mark.parametrize("cards", [[6, 7], [1, 6], [5, 11]])
def test_a_pass_comes_from_the_dealt_hand(dealt, cards):
    assert refused(dealt, pass_(ALICE, *cards)) == "cards_not_in_hand"


def test_a_pass_may_be_two_cards_of_one_strength(dealt):
    assert run(dealt, pass_(ALICE, 1, 1))["rounds"][-1]["passes"][ALICE] == [1, 1]


def test_a_pass_cannot_use_a_card_twice(dealt):
    assert refused(dealt, pass_(CAROL, 3, 3)) == "cards_not_in_hand"


def test_a_seat_passes_only_once(dealt):
    state = run(dealt, pass_(ALICE, 1, 2))
    assert refused(state, pass_(ALICE, 3, 4)) == "already_passed"
    assert legal_moves(state, ALICE) == []


def test_no_card_is_played_before_every_seat_has_passed(dealt):
    state = run(dealt, pass_(ALICE, 1, 2))
    assert refused(state, play(ALICE, 3)) == "wrong_phase"
    assert refused(state, tuck(BOB, 6)) == "wrong_phase"


def test_passing_is_over_once_the_tricks_begin(pairs_game):
    assert refused(pairs_game, pass_(ALICE, 1, 1)) == "wrong_phase"


# --- the starting player --------------------------------------------------------------


def test_round_one_starter_is_the_same_for_the_same_seed():
    assert new_game(4, "same")["rounds"][0] == new_game(4, "same")["rounds"][0]


def test_round_one_starter_varies_with_the_seed():
    starters = {new_game(4, f"seed-{i}")["rounds"][0]["starter"] for i in range(40)}
    assert starters == {0, 1, 2, 3}


def test_the_starter_leads_the_first_trick():
    state = dealt_position([ONE_TO_TEN] * 3, starter=CAROL)
    assert state["rounds"][-1]["starter"] == CAROL
    state = run(state, *(pass_(seat, 9, 10) for seat in (ALICE, BOB, CAROL)))
    assert to_act(state) == [CAROL]
    assert state["trick"]["leader"] == CAROL


@pytest.mark.parametrize("seed", ["loser-1", "loser-2", "loser-3"])
def test_a_later_round_starts_with_the_previous_loser(seed):
    state = play_until(4, seed, lambda s: len(s["rounds"]) == 2)
    assert state["rounds"][1]["starter"] == state["rounds"][0]["loser"]


# --- leading --------------------------------------------------------------------------


def test_the_leader_may_lead_any_single_card(pairs_game):
    moves = legal_moves(pairs_game, ALICE)
    assert moves == [{"kind": "play", "cards": [s]} for s in range(1, 6)]


def test_sets_are_locked_before_any_tail_tuck_in_the_round(pairs_game):
    assert refused(pairs_game, play(ALICE, 1, 1)) == "sets_locked"
    assert all(len(m["cards"]) == 1 for m in legal_moves(pairs_game, ALICE))


def test_sets_stay_locked_after_tricks_without_a_tuck(pairs_game):
    state = run(pairs_game, play(ALICE, 1), play(BOB, 6), play(CAROL, 6))
    assert to_act(state) == [CAROL]
    assert not state["sets_unlocked"]
    state = run(state, play(CAROL, 1), play(ALICE, 1), play(BOB, 6))
    assert refused(state, play(BOB, 7, 7)) == "sets_locked"


def test_a_tail_tuck_unlocks_sets_for_the_rest_of_the_round(pairs_game):
    state = run(pairs_game, play(ALICE, 1), play(BOB, 6), tuck(CAROL, 1))
    assert state["sets_unlocked"]
    assert [7, 7] in [m["cards"] for m in legal_moves(state, BOB)]
    state = run(state, play(BOB, 7, 7))
    assert state["trick"]["count"] == 2


def test_sets_lock_again_at_the_next_round():
    def round_two_tricks(s):
        return len(s["rounds"]) == 2 and s["phase"] == TRICKS

    state = play_until(3, "relock", round_two_tricks)
    assert any("tuck" in m for m in state["rounds"][0]["moves"])
    assert not state["sets_unlocked"]
    leader = to_act(state)[0]
    assert all(len(m["cards"]) == 1 for m in legal_moves(state, leader))


def test_the_leader_may_lead_a_set_of_any_size_that_keeps_a_card():
    alice = [1, 2, 3, 4, 5, 6, 7, 7, 7, 7]
    bob = [1, 2, 3, 4, 5, 6, 8, 8, 9, 10]
    state = lead_low_and_tuck(trick_position([alice, bob, ONE_TO_TEN]), tricks=6)
    assert state["hands"][ALICE] == [7, 7, 7, 7]
    leads = sorted(m["cards"] for m in legal_moves(state, ALICE))
    assert leads == [[7], [7, 7], [7, 7, 7]]


def test_a_set_must_leave_the_leader_at_least_one_card():
    alice = [1, 2, 3, 4, 5, 6, 7, 8, 9, 9]
    state = lead_low_and_tuck(trick_position([alice, ONE_TO_TEN, ONE_TO_TEN]), tricks=8)
    assert state["sets_unlocked"]
    assert state["hands"][ALICE] == [9, 9]
    assert refused(state, play(ALICE, 9, 9)) == "set_empties_hand"
    assert legal_moves(state, ALICE) == [{"kind": "play", "cards": [9]}]


def test_a_set_is_cards_of_one_strength(pairs_game):
    state = run(pairs_game, play(ALICE, 1), play(BOB, 6), tuck(CAROL, 1))
    assert refused(state, play(BOB, 7, 8)) == "mixed_strengths"


# --- following ------------------------------------------------------------------------


def test_turns_go_clockwise_and_wrap_around():
    state = trick_position([ONE_TO_TEN] * 3, starter=CAROL)
    seen = []
    for card in (3, 4, 5):
        seen.append(to_act(state)[0])
        state = run(state, play(to_act(state)[0], card))
    assert seen == [CAROL, ALICE, BOB]


def test_only_the_seat_whose_turn_it_is_may_move(pairs_game):
    assert refused(pairs_game, play(BOB, 6)) == "not_your_turn"
    assert refused(pairs_game, tuck(CAROL, 1)) == "not_your_turn"
    assert legal_moves(pairs_game, BOB) == []


def test_a_follower_must_play_as_many_cards_as_the_leader(pairs_game):
    state = run(pairs_game, play(ALICE, 1))
    assert refused(state, play(BOB, 6, 6)) == "wrong_count"
    state = run(state, play(BOB, 6), tuck(CAROL, 1), play(BOB, 7, 7))
    assert refused(state, play(CAROL, 8)) == "wrong_count"


def test_a_follower_must_reach_the_highest_strength_played_so_far(pairs_game):
    state = run(pairs_game, play(ALICE, 3), play(BOB, 8))
    assert refused(state, play(CAROL, 7)) == "too_low"
    assert [7] not in [m["cards"] for m in legal_moves(state, CAROL)]


def test_a_follower_may_play_the_same_strength(pairs_game):
    state = run(pairs_game, play(ALICE, 3), play(BOB, 8), play(CAROL, 8))
    assert state["hands"][CAROL] == [1, 2, 3, 4, 5, 6, 7, 9, 10]


def test_a_follower_set_must_reach_the_strength_of_the_set(pairs_game):
    state = run(pairs_game, play(ALICE, 1), play(BOB, 6), tuck(CAROL, 1), play(BOB, 8, 8))
    # Carol holds singles only: she can but tuck. Alice's pairs are all lower.
    assert legal_moves(state, CAROL) == [{"kind": "tuck", "cards": [2, 3]}]
    state = run(state, tuck(CAROL, 2, 3))
    assert refused(state, play(ALICE, 5, 5)) == "too_low"


def test_the_follower_moves_are_plays_that_reach_the_top_and_one_tuck(pairs_game):
    state = run(pairs_game, play(ALICE, 4))
    moves = legal_moves(state, BOB)
    assert moves == [{"kind": "play", "cards": [s]} for s in range(6, 11)] + [
        {"kind": "tuck", "cards": [6]}
    ]


def test_a_tail_tuck_is_allowed_even_when_a_play_is_possible(pairs_game):
    state = run(pairs_game, play(ALICE, 1))
    assert any(m["kind"] == "play" for m in legal_moves(state, BOB))
    state = run(state, tuck(BOB, 6))
    assert state["hands"][BOB] == [6, 7, 7, 8, 8, 9, 9, 10, 10]


def test_a_tail_tuck_discards_the_lowest_cards(pairs_game):
    state = run(pairs_game, play(ALICE, 1))
    assert refused(state, tuck(BOB, 10)) == "tuck_not_lowest"
    assert refused(state, tuck(BOB, 7)) == "tuck_not_lowest"


def test_a_tail_tuck_of_a_set_discards_the_k_lowest_of_any_strengths(pairs_game):
    state = run(pairs_game, play(ALICE, 1), play(BOB, 6), tuck(CAROL, 1), play(BOB, 7, 7))
    assert state["hands"][CAROL] == [2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert refused(state, tuck(CAROL, 2, 4)) == "tuck_not_lowest"
    assert refused(state, tuck(CAROL, 2)) == "wrong_count"
    state = run(state, tuck(CAROL, 2, 3))
    assert state["hands"][CAROL] == [4, 5, 6, 7, 8, 9, 10]


def test_a_tail_tuck_lists_cards_the_seat_holds(pairs_game):
    state = run(pairs_game, play(ALICE, 1))
    assert refused(state, tuck(BOB, 1)) == "cards_not_in_hand"


def test_a_tail_tuck_without_cards_discards_the_lowest(pairs_game):
    state = run(pairs_game, play(ALICE, 1))
    state, events = apply(state, {"seat": BOB, "kind": "tuck"})
    assert state["rounds"][-1]["moves"][-1] == {"seat": BOB, "tuck": [6]}
    assert {"type": "tucked", "seat": BOB, "cards": [6]} in events


def test_the_leader_cannot_tail_tuck(pairs_game):
    assert refused(pairs_game, tuck(ALICE, 1)) == "leader_cannot_tuck"


def test_a_tucked_card_does_not_win_the_trick():
    """Decision: tucked cards never count as played, even when higher than the top."""
    bob = [3, 3, 4, 4, 5, 5, 6, 6, 7, 7]
    state = trick_position([ONE_TO_TEN, bob, ONE_TO_TEN])
    state = run(state, play(ALICE, 2), tuck(BOB, 3), tuck(CAROL, 1))
    assert to_act(state) == [ALICE]
    assert state["trick"]["leader"] == ALICE


def test_a_tucked_card_does_not_raise_the_strength_to_beat():
    """Decision: after a lead of 2, a tucked 3 leaves 2 as the strength to reach."""
    bob = [3, 3, 4, 4, 5, 5, 6, 6, 7, 7]
    state = trick_position([ONE_TO_TEN, bob, ONE_TO_TEN])
    state = run(state, play(ALICE, 2), tuck(BOB, 3))
    assert state["trick"]["top"] == 2
    assert {"kind": "play", "cards": [2]} in legal_moves(state, CAROL)
    state = run(state, play(CAROL, 2))
    assert to_act(state) == [CAROL]


def test_the_trick_goes_to_the_last_player_who_played(pairs_game):
    state = run(pairs_game, play(ALICE, 3), play(BOB, 8), tuck(CAROL, 1))
    assert to_act(state) == [BOB]
    assert state["trick"]["leader"] == BOB
    assert state["trick"]["count"] is None  # a new trick, led by the winner


def test_on_a_tie_the_later_play_wins_the_trick(pairs_game):
    state = run(pairs_game, play(ALICE, 5), tuck(BOB, 6), play(CAROL, 5))
    assert to_act(state) == [CAROL]


def test_the_leader_wins_when_everybody_else_tucks(pairs_game):
    state = run(pairs_game, play(ALICE, 5), tuck(BOB, 6), tuck(CAROL, 1))
    assert to_act(state) == [ALICE]


def test_every_hand_loses_the_same_number_of_cards_per_trick(pairs_game):
    state = run(pairs_game, play(ALICE, 1), play(BOB, 6), tuck(CAROL, 1))
    assert [len(h) for h in state["hands"]] == [9, 9, 9]
    state = run(state, play(BOB, 7, 7), tuck(CAROL, 2, 3), tuck(ALICE, 1, 2))
    assert [len(h) for h in state["hands"]] == [7, 7, 7]


@pytest.mark.parametrize("cards", [[11], [4, 4, 4], [6]])
def test_a_play_uses_cards_the_seat_holds(pairs_game, cards):
    assert refused(pairs_game, play(ALICE, *cards)) == "cards_not_in_hand"


def test_a_play_has_at_least_one_card(pairs_game):
    assert refused(pairs_game, play(ALICE)) == "wrong_count"


# --- the last card --------------------------------------------------------------------


def test_last_cards_are_played_automatically_when_every_hand_holds_one():
    state = trick_position([ONE_TO_TEN] * 3)
    state = lead_low_and_tuck(state, tricks=8)
    assert state["phase"] == TRICKS and state["hands"] == [[9, 10]] * 3
    state = run(state, play(ALICE, 9), tuck(BOB), tuck(CAROL))
    assert state["phase"] == DEALING  # no seed: the next deal comes from outside
    assert state["hands"] == [[], [], []]
    assert to_act(state) == []
    assert state["rounds"][-1]["last"] == [
        {"seat": ALICE, "card": 10},
        {"seat": BOB, "card": 10},
        {"seat": CAROL, "card": 10},
    ]


def test_the_highest_last_card_loses_the_round():
    alice = [1, 2, 2, 3, 4, 5, 6, 7, 8, 8]
    carol = [1, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    state = lead_low_and_tuck(trick_position([alice, ONE_TO_TEN, carol]))
    rnd = state["rounds"][-1]
    assert [e["card"] for e in rnd["last"]] == [8, 10, 9]
    assert rnd["loser"] == BOB


def test_a_tie_on_the_last_card_goes_to_the_later_card():
    bob = [1, 2, 3, 4, 5, 6, 7, 8, 9, 9]
    carol = [1, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    state = lead_low_and_tuck(trick_position([[*ONE_TO_TEN[:-1], 9], bob, carol]))
    rnd = state["rounds"][-1]
    assert rnd["last"] == [
        {"seat": ALICE, "card": 9},
        {"seat": BOB, "card": 9},
        {"seat": CAROL, "card": 6},
    ]
    assert rnd["loser"] == BOB


def test_last_cards_go_down_clockwise_from_the_winner_of_the_last_trick():
    alice = [1, 1, 1, 2, 2, 2, 3, 3, 4, 9]
    bob = [1, 1, 2, 2, 3, 3, 4, 4, 5, 6]
    carol = [3, 4, 4, 5, 5, 5, 5, 6, 6, 9]
    state = lead_low_and_tuck(trick_position([alice, bob, carol]), tricks=8)
    assert state["hands"] == [[4, 9], [5, 6], [6, 9]]
    state = run(state, play(ALICE, 4), play(BOB, 5), play(CAROL, 6))
    rnd = state["rounds"][-1]
    assert [e["seat"] for e in rnd["last"]] == [CAROL, ALICE, BOB]
    assert rnd["loser"] == ALICE  # Alice's 9 comes after Carol's 9


def test_with_three_players_the_loser_catches_all_three_last_cards():
    bob = [1, 2, 3, 4, 5, 6, 7, 8, 9, 9]
    carol = [1, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    state = lead_low_and_tuck(trick_position([[*ONE_TO_TEN[:-1], 9], bob, carol]))
    assert state["rounds"][-1]["caught"] == [6, 9, 9]
    assert state["doghouses"] == [[], [6, 9, 9], []]


def test_the_loser_catches_their_card_and_the_two_lowest_other_last_cards():
    alice = [7, 7, 7, 7, 7, 8, 8, 8, 8, 10]
    bob = [1, 1, 1, 1, 1, 2, 2, 2, 2, 2]
    carol = [3, 3, 3, 3, 4, 4, 4, 4, 5, 5]
    dave = [3, 4, 5, 5, 5, 6, 6, 6, 6, 6]
    state = lead_low_and_tuck(trick_position([alice, bob, carol, dave]))
    rnd = state["rounds"][-1]
    assert [e["card"] for e in rnd["last"]] == [10, 2, 5, 6]
    assert rnd["loser"] == ALICE
    assert rnd["caught"] == [2, 5, 10]
    assert state["doghouses"] == [[2, 5, 10], [], [], []]


def test_caught_cards_join_the_doghouse_already_there():
    doghouses = [[1, 2], [3], []]
    bob = [1, 2, 3, 4, 5, 6, 7, 8, 9, 9]
    carol = [1, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    hands = [[2, 3, 4, 5, 6, 7, 8, 9, 10, 10], bob, carol]
    state = lead_low_and_tuck(trick_position(hands, doghouses=doghouses))
    assert state["doghouses"] == [[1, 2, 6, 9, 10], [3], []]


# --- the end of the game --------------------------------------------------------------


def test_seven_kinds_in_the_losers_doghouse_ends_the_game_at_once():
    doghouses = [[1, 2, 3, 4, 5, 6], [], []]
    bob = [1, 2, 3, 4, 5, 6, 7, 8, 9, 9]
    carol = [1, 2, 3, 4, 5, 6, 7, 8, 8, 9]
    state = trick_position([ONE_TO_TEN, bob, carol], doghouses=doghouses, seed="seven")
    state = lead_low_and_tuck(state)
    assert state["doghouses"][ALICE] == [1, 2, 3, 4, 5, 6, 9, 9, 10]
    assert state["phase"] == OVER
    assert len(state["rounds"]) == 1  # no further deal
    assert state["result"] == {
        "reason": SEVEN_KINDS_REASON,
        "losers": [ALICE],
        "winners": [BOB, CAROL],
        "doghouses": [[1, 2, 3, 4, 5, 6, 9, 9, 10], [], []],
    }
    assert to_act(state) == []


def test_six_kinds_do_not_end_the_game():
    doghouses = [[1, 2, 3, 4, 5, 10], [], []]
    alice = [6, 6, 6, 6, 6, 7, 7, 7, 7, 10]
    bob = [1, 1, 1, 1, 2, 2, 2, 2, 3, 5]
    carol = [3, 3, 3, 4, 4, 4, 4, 5, 5, 5]
    state = trick_position([alice, bob, carol], doghouses=doghouses, seed="six")
    state = lead_low_and_tuck(state)
    assert state["doghouses"][ALICE] == [1, 2, 3, 4, 5, 5, 5, 10, 10]
    assert state["result"] is None
    assert state["phase"] == PASSING
    assert len(state["rounds"]) == 2
    assert state["rounds"][1]["starter"] == ALICE  # the loser


def test_seven_kinds_is_checked_before_the_deck():
    """The pool is about to run out, but the loser's seventh kind ends the game first."""
    doghouses = [[1] * 5 + [2] * 5 + [3] * 5 + [4, 5, 6], [4, 5, 6] * 4, [7] * 5]
    hands = [[8, 8, 9, 9, 10], [8, 8, 9, 10, 10], [8, 9, 9, 10, 10]]
    state = lead_low_and_tuck(trick_position(hands, starter=BOB, doghouses=doghouses))
    assert [e["seat"] for e in state["rounds"][-1]["last"]] == [BOB, CAROL, ALICE]
    assert state["rounds"][-1]["loser"] == ALICE  # the last of three tens
    assert state["result"]["reason"] == SEVEN_KINDS_REASON
    assert state["result"]["losers"] == [ALICE]


def test_the_game_ends_before_a_deal_of_fewer_than_five_cards_each():
    doghouses = [[1] * 5 + [2] * 5 + [3] * 5, [4] * 5 + [5] * 5 + [6] * 5, [7] * 5]
    hands = [[8, 8, 9, 9, 10], [8, 8, 9, 10, 10], [8, 9, 9, 10, 10]]
    state = trick_position(hands, doghouses=doghouses, seed="exhausted")
    state = lead_low_and_tuck(state)
    assert state["rounds"][-1]["loser"] == CAROL
    assert state["phase"] == OVER
    assert len(state["rounds"]) == 1
    assert state["result"]["reason"] == DECK_EXHAUSTED_REASON


def test_a_tie_in_kinds_and_cards_shares_the_loss_at_the_end_of_the_deck():
    """Decision: Alice and Bob both hold 3 kinds in 15 cards; Carol wins with 8."""
    doghouses = [[1] * 5 + [2] * 5 + [3] * 5, [4] * 5 + [5] * 5 + [6] * 5, [7] * 5]
    hands = [[8, 8, 9, 9, 10], [8, 8, 9, 10, 10], [8, 9, 9, 10, 10]]
    state = lead_low_and_tuck(trick_position(hands, doghouses=doghouses, seed="shared"))
    assert state["result"]["losers"] == [ALICE, BOB]
    assert state["result"]["winners"] == [CAROL]


def test_a_round_is_dealt_when_the_pool_gives_exactly_five_each():
    doghouses = [[1] * 5 + [2] * 5 + [3] * 5, [4] * 5 + [5] * 5 + [6] * 5, [7, 7]]
    hands = [[7, 8, 8, 9, 9, 10], [7, 8, 8, 9, 10, 10], [7, 8, 9, 9, 10, 10]]
    state = lead_low_and_tuck(trick_position(hands, doghouses=doghouses, seed="five"))
    assert state["doghouses"][CAROL] == [7, 7, 10, 10, 10]
    assert state["phase"] == PASSING
    rnd = state["rounds"][1]
    assert rnd["starter"] == CAROL
    assert [len(h) for h in rnd["hands"]] == [5, 5, 5]
    assert rnd["aside"] == []
    assert all_cards(state) == [7, 7, 7, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 10, 10]


def test_deck_exhausted_the_most_kinds_lose():
    result = game_result([[1, 2, 3], [1, 1, 1, 1, 1, 2, 2, 2], [4, 5]], DECK_EXHAUSTED_REASON)
    assert result["losers"] == [ALICE]
    assert result["winners"] == [CAROL]


def test_deck_exhausted_a_tie_in_kinds_goes_to_the_most_cards():
    result = game_result([[1, 2, 3], [4, 5, 6, 6], [7]], DECK_EXHAUSTED_REASON)
    assert result["losers"] == [BOB]
    assert result["winners"] == [CAROL]


def test_deck_exhausted_a_tie_in_kinds_and_cards_shares_the_loss():
    result = game_result([[1, 2, 3], [4, 5, 6], [7], [8, 9]], DECK_EXHAUSTED_REASON)
    assert result["losers"] == [ALICE, BOB]
    assert result["winners"] == [CAROL]


def test_deck_exhausted_with_everybody_tied_is_a_draw():
    """Decision: no losers and no winners."""
    result = game_result([[1, 2], [3, 4], [5, 6]], DECK_EXHAUSTED_REASON)
    assert result == {
        "reason": DECK_EXHAUSTED_REASON,
        "losers": [],
        "winners": [],
        "doghouses": [[1, 2], [3, 4], [5, 6]],
    }


def test_seven_kinds_loser_is_the_player_who_collected_them():
    result = game_result([[1, 2, 3, 4, 5, 6, 7], [8] * 5 + [9] * 5, [1]], SEVEN_KINDS_REASON, 0)
    assert result["losers"] == [ALICE]
    assert result["winners"] == [CAROL]


def test_winners_are_the_non_losers_with_fewest_doghouse_cards_ties_sharing():
    """Decision: ties share the win."""
    doghouses = [[1, 2, 3, 4, 5, 6, 7], [1, 2], [3, 4], [5, 6, 7]]
    result = game_result(doghouses, SEVEN_KINDS_REASON, ALICE)
    assert result["winners"] == [BOB, CAROL]


def test_standings_place_non_losers_by_doghouse_cards_and_losers_last():
    doghouses = [[1, 2, 3, 4, 5, 6, 7], [1, 2], [3, 4], [5, 6, 7]]
    result = game_result(doghouses, SEVEN_KINDS_REASON, ALICE)
    assert standings(result) == [4, 1, 1, 3]


def test_standings_put_every_shared_loser_last():
    result = game_result([[1, 2, 3], [4, 5, 6], [7], [8, 9]], DECK_EXHAUSTED_REASON)
    assert standings(result) == [3, 3, 1, 2]


def test_standings_of_a_draw_share_first_place():
    result = game_result([[1, 2], [3, 4], [5, 6]], DECK_EXHAUSTED_REASON)
    assert standings(result) == [1, 1, 1]


def test_no_move_is_accepted_once_the_game_is_over(finished_game):
    assert finished_game["phase"] == OVER
    assert to_act(finished_game) == []
    for seat in range(4):
        assert legal_moves(finished_game, seat) == []
        assert refused(finished_game, play(seat, 1)) == "game_over"
        assert refused(finished_game, pass_(seat, 1, 2)) == "game_over"


def test_no_move_is_accepted_between_rounds_without_a_deal():
    state = new_game(3, None)
    assert state["phase"] == DEALING
    assert refused(state, pass_(ALICE, 1, 2)) == "wrong_phase"
    assert refused(state, play(ALICE, 1)) == "wrong_phase"


# --- moves, counts and state -------------------------------------------------------------


@pytest.mark.parametrize(
    "move",
    [
        None,
        [0, "play", [1]],
        {"seat": 3, "kind": "play", "cards": [1]},
        {"seat": -1, "kind": "play", "cards": [1]},
        {"seat": True, "kind": "play", "cards": [1]},
        {"seat": "0", "kind": "play", "cards": [1]},
        {"seat": 0, "kind": "lead", "cards": [1]},
        {"seat": 0, "kind": "play", "cards": 1},
        {"seat": 0, "kind": "play", "cards": ["1"]},
        {"seat": 0, "kind": "play", "cards": [1.0]},
        {"seat": 0, "kind": "play"},
        {"seat": 0, "kind": "pass"},
    ],
)
def test_a_malformed_move_is_a_bad_move(pairs_game, move):
    assert refused(pairs_game, move) == "bad_move"


def test_each_applied_move_adds_one_to_the_moves_applied(dealt):
    counts = [dealt["moves_applied"]]
    state = dealt
    for move in (pass_(ALICE, 1, 2), pass_(BOB, 9, 10), pass_(CAROL, 5, 6), play(ALICE, 3)):
        state = run(state, move)
        counts.append(state["moves_applied"])
    assert counts == [0, 1, 2, 3, 4]


def test_a_refused_move_leaves_the_count(pairs_game):
    refused(pairs_game, play(BOB, 6))
    assert run(pairs_game, play(ALICE, 1))["moves_applied"] == pairs_game["moves_applied"] + 1


def test_a_new_game_starts_with_no_move_applied():
    assert new_game(3, "v")["moves_applied"] == 0


def test_apply_does_not_mutate_its_input():
    state = trick_position([ONE_TO_TEN] * 3, seed="pure")
    state = lead_low_and_tuck(state, tricks=8)
    for move in (play(ALICE, 9), tuck(BOB), tuck(CAROL)):
        before = copy.deepcopy(state)
        new = run(state, move)
        assert state == before
        state = new
    assert state["rounds"][0]["loser"] == CAROL  # the round ended and round 2 was dealt


def test_apply_does_not_mutate_its_input_while_passing(dealt):
    before = copy.deepcopy(dealt)
    state = run(dealt, pass_(ALICE, 1, 2), pass_(BOB, 9, 10))
    snapshot = copy.deepcopy(state)
    run(state, pass_(CAROL, 5, 6))
    assert dealt == before
    assert state == snapshot


def test_a_state_round_trips_through_json(running_game, finished_game, dealt):
    for state in (running_game, finished_game, dealt, new_game(6, "json", 50)):
        assert json.loads(json.dumps(state)) == state


def test_apply_returns_the_public_events_of_a_move(pairs_game):
    _, events = apply(pairs_game, play(ALICE, 1))
    assert events == [{"type": "played", "seat": ALICE, "cards": [1]}]
