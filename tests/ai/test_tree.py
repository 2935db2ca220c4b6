"""The hard player's tree: keeping the playouts of deals dealt again changes no cost."""

import random

from games.ai import tree as tree_module
from games.ai.knowledge import read_knowledge, sample_hands
from games.ai.tree import new_tree
from games.ai.value import RoundValue
from games.engine import view

from .games_for_tests import normal_game_states


def late_trick_views(players: int, seed: str):
    """Views late in a round (few cards left, so the same deals come again), 2+ moves."""
    for state, seat in normal_game_states(players, seed):
        seen = view(state, seat)
        if seen["phase"] == "tricks" and len(seen["hand"]) <= 4 and len(seen["legal_moves"]) > 1:
            yield seen


def tree_for(seen: dict):
    return new_tree(seen, RoundValue(seen["seat"], seen["doghouses"], seen["max_strength"]))


def test_a_deal_dealt_again_costs_what_it_costs_played_afresh():
    checked = repeats = 0
    for seen in list(late_trick_views(3, "kept"))[:12]:
        know = read_knowledge(seen)
        rng = random.Random(5)
        deals = [sample_hands(know, rng) for _ in range(300)]
        keeping, afresh = tree_for(seen), tree_for(seen)
        afresh.dealt = None  # keeps nothing: every playout is played
        moves = list(range(len(seen["legal_moves"])))
        for d, deal in enumerate(deals):
            grow = d >= 16
            assert keeping.play(deal, moves, grow) == afresh.play(deal, moves, grow)
        checked += 1
        repeats += keeping.repeats
    assert checked >= 5 and repeats > 100


def test_a_tree_stops_keeping_playouts_when_deals_do_not_recur(monkeypatch):
    monkeypatch.setattr(tree_module, "RECUR_CHECK", 8)
    for state, seat in normal_game_states(3, "new"):
        seen = view(state, seat)
        if seen["phase"] == "tricks" and len(seen["hand"]) >= 8 and len(seen["legal_moves"]) > 1:
            break
    know, rng, tree = read_knowledge(seen), random.Random(0), tree_for(seen)
    for _ in range(8):
        tree.play(sample_hands(know, rng), [0, 1], False)
    assert tree.repeats == 0
    assert tree.dealt is None
