"""`swift`, the learned level: its weights file, its moves and its training."""

import io
import random

import numpy as np
import pytest
from django.core.management import call_command

from games.ai import ALL_LEVELS, AUTOPILOT, LEVELS, choose_move
from games.ai.features import SIZE, encode
from games.ai.network import LOGIT, OUTPUTS, WEIGHTS, Q, Weights, load, network
from games.ai.selfplay import generate

from .test_features import views_of_random_play


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_table_size_has_weights_files_with_the_features_shapes(players):
    weights = WEIGHTS[players]
    assert weights.paths
    for path in weights.paths:
        net = load(path)
        assert net.layers[0][0].shape[0] == SIZE
        assert net.layers[-1][0].shape[1] == OUTPUTS
        for (w, b), (w_next, _) in zip(net.layers, net.layers[1:], strict=False):
            assert w.shape[1] == b.shape[0] == w_next.shape[0]
        assert net.meta["command"].startswith("manage.py train_swift")
        assert f"--players {'3,4' if players < 5 else '5,6'}" in net.meta["command"]
        assert path.stat().st_size < 2_500_000


def test_an_ensemble_averages_its_networks_outputs():
    members = [load(path) for path in WEIGHTS[5].paths]
    assert len(members) == 2 and members[0].meta["command"] != members[1].meta["command"]
    x = encode(views_of_random_play(5, "ensemble")[7])
    expected = (members[0].outputs(x) + members[1].outputs(x)) / 2
    assert np.array_equal(network(WEIGHTS[5]).outputs(x), expected)


def test_a_network_plays_the_output_it_follows():
    outputs = np.array([[2.0, 0.1], [1.0, -3.0], [3.0, 5.0]])
    assert Weights((), follows=Q).best(outputs) == 1  # least cost
    assert WEIGHTS[6].follows == LOGIT and WEIGHTS[6].best(outputs) == 2  # likeliest


def test_at_small_tables_a_move_likelier_to_be_hards_may_cost_a_little_more():
    small = WEIGHTS[3]
    assert small.follows == Q and small.imitation == 2.0
    # The second move is e times likelier: 2 cards of log-likelihood, against its q.
    assert small.best(np.array([[1.0, 0.0], [2.9, 1.0]])) == 1
    assert small.best(np.array([[1.0, 0.0], [3.1, 1.0]])) == 0
    log_p = np.log(np.array([1, np.e]) / (1 + np.e))
    np.testing.assert_allclose(
        small.costs(np.array([[1.0, 0.0], [2.9, 1.0]])), [1.0, 2.9] - 2.0 * log_p
    )


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_swift_makes_a_legal_move_at_every_table_size(players):
    for v in views_of_random_play(players, f"legal{players}")[::5]:
        assert choose_move("swift", v, random.Random(0)) in v["legal_moves"]


def test_swift_is_offered_to_players_and_moves_for_the_autopilot():
    assert "swift" in LEVELS and "swift" in ALL_LEVELS
    assert AUTOPILOT == "swift"


def test_self_play_data_follow_from_the_seed():
    first = generate(3, [3, 5], "tiny", 0.2, teacher_iterations=5)
    again = generate(3, [3, 5], "tiny", 0.2, teacher_iterations=5)
    other = generate(3, [3, 5], "tinier", 0.2, teacher_iterations=5)
    assert len(first["x"]) > 100 and len(first["teacher_sizes"]) > 10
    assert all(np.array_equal(first[k], again[k]) for k in first)
    assert not np.array_equal(first["round_cost"][:100], other["round_cost"][:100])


def test_games_played_in_several_processes_give_the_same_data():
    one = generate(5, [3, 5], "jobs", 0.2, teacher_iterations=5)
    three = generate(5, [3, 5], "jobs", 0.2, teacher_iterations=5, jobs=3)
    assert set(one) == set(three)
    assert all(np.array_equal(one[k], three[k]) for k in one)


def test_training_follows_from_the_seed(tmp_path):
    def train(name, seed):
        call_command(
            "train_swift",
            "--seed",
            seed,
            "--games",
            "3",
            "--players",
            "3,4",
            "--generations",
            "2",
            "--teacher-iterations",
            "5",
            "--teacher-games",
            "2",
            "--hidden",
            "16",
            "--epochs",
            "2",
            "--batch",
            "64",
            "--out",
            str(tmp_path / name),
            stdout=io.StringIO(),
        )
        return load(tmp_path / name)

    first, again, other = train("a.npz", "s"), train("b.npz", "s"), train("c.npz", "t")
    for (w, b), (w2, b2) in zip(first.layers, again.layers, strict=True):
        assert np.array_equal(w, w2) and np.array_equal(b, b2)
    assert not np.array_equal(first.layers[0][0], other.layers[0][0])
    assert first.meta["command"] == again.meta["command"]
