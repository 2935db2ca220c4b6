"""The `swift` network's features: the seat's view alone, one length at every table size."""

import random

import numpy as np
import pytest

from games.ai.features import SIZE, STATE_SIZE, encode
from games.engine import OVER, apply, new_game, to_act, view

from .positions import position
from .test_honesty import MOMENTS, hidden_deals, states_for


def views_of_random_play(players: int, seed: str, games: int = 2) -> list[dict]:
    """Every view with a choice met in random games at `players` seats, either deck."""
    seen = []
    rng = random.Random(seed)
    for g in range(games):
        state = new_game(players, f"{seed}:{g}", deck=(50, 60)[g % 2])
        while state["phase"] != OVER:
            for seat in to_act(state):
                v = view(state, seat)
                if len(v["legal_moves"]) > 1:
                    seen.append(v)
                state, _ = apply(state, {"seat": seat, **rng.choice(v["legal_moves"])})
                if state["phase"] == OVER:
                    break
    return seen


@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_features_never_read_a_hidden_card(moment):
    views = [view(states_for(deal, MOMENTS[moment]), 0) for deal in hidden_deals(4)]
    features = [encode(v) for v in views]
    assert all(np.array_equal(f, features[0]) for f in features)


def test_features_of_a_pass_never_read_a_hidden_card():
    features = []
    for seat1, seat2, aside in hidden_deals(4):
        state = position([[1, 2, 3, 4, 5, 7, 8, 8, 9, 10], seat1, seat2], aside, passes=[])
        features.append(encode(view(state, 0)))
    assert all(np.array_equal(f, features[0]) for f in features)


def test_features_change_with_what_the_seat_sees():
    # The honesty tests above would pass for features that ignore the view: these do not.
    deal = hidden_deals(1)[0]
    following = encode(view(states_for(deal, MOMENTS["following"]), 0))
    leading = encode(view(states_for(deal, MOMENTS["leading"]), 0))
    assert not np.array_equal(following[0, :STATE_SIZE], leading[0, :STATE_SIZE])
    assert len({row.tobytes() for row in following}) == len(following)  # a row a move


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_features_have_one_length_at_every_table_size(players):
    for v in views_of_random_play(players, f"len{players}", games=1):
        assert encode(v).shape == (len(v["legal_moves"]), SIZE)
