"""Small fixed-seed tournaments: the levels are ordered as their names promise."""

from games.ai.arena import tournament


def test_normal_beats_random():
    stats = tournament(["normal", "random", "random"], 3, 60, seed="ci")
    normal, rand = stats["normal"].summary(), stats["random"].summary()
    assert normal["loss_rate"] + 0.25 < rand["loss_rate"]
    assert normal["mean_doghouse"] < rand["mean_doghouse"]


def test_easy_loses_more_often_than_normal_against_the_same_opponents():
    easy = tournament(["easy", "normal", "normal"], 3, 60, seed="ci")["easy"].summary()
    normal = tournament(["normal", "easy", "easy"], 3, 60, seed="ci")["normal"].summary()
    assert easy["loss_rate"] > normal["loss_rate"] + 0.25


def test_hard_beats_normal_in_a_short_deterministic_match():
    stats = tournament(["hard", "normal", "normal"], 3, 6, seed="ci", options={"iterations": 20})
    assert stats["hard"].summary()["mean_doghouse"] < stats["normal"].summary()["mean_doghouse"]
