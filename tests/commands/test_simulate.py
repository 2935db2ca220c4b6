"""`manage.py simulate`: AI-only games, summaries per level, records on request."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from games.engine import from_record


def simulate(*args) -> str:
    out = io.StringIO()
    call_command("simulate", *args, stdout=out)
    return out.getvalue()


def test_json_summary_counts_every_seat_of_every_game():
    summary = json.loads(simulate("--games", "6", "--players", "4", "--bots", "random", "--json"))
    level = summary["levels"]["random"]
    assert level["games"] == 24
    low, high = level["loss_rate_95"]
    assert 0 <= low <= level["loss_rate"] <= high <= 1
    assert 1 <= level["losses"] <= 24
    assert level["mean_doghouse"] > 0


def test_records_prints_one_valid_record_per_game():
    lines = simulate("--games", "3", "--players", "5", "--bots", "random", "--records").split()
    assert len(lines) == 3
    for line in lines:
        assert from_record(json.loads(line))["result"] is not None


def test_the_same_seed_plays_the_same_games():
    args = ("--games", "2", "--players", "3", "--bots", "random", "--seed", "7", "--records")
    assert simulate(*args) == simulate(*args)


def test_table_summary_names_each_level():
    out = simulate("--games", "3", "--players", "3", "--bots", "random")
    assert "random" in out and "loss rate" in out


def test_an_unknown_level_is_refused():
    with pytest.raises(CommandError):
        simulate("--bots", "grandmaster")


def play_duplicate(tmp_path, bots):
    log = tmp_path / "games.jsonl"
    args = ("--duplicate", "--games", "2", "--players", "3", "--bots", bots, "--json")
    summary = json.loads(simulate(*args, "--log", str(log)))
    return summary, [json.loads(line) for line in log.read_text().splitlines()]


def test_duplicate_plays_every_deal_at_every_seat_and_with_the_first_two_swapped(tmp_path):
    summary, games = play_duplicate(tmp_path, "normal,easy,random")
    assert len(games) == 12
    for deal in (0, 1):
        tables = [tuple(g["levels"]) for g in games if g["deal"] == deal]
        assert len(set(tables)) == 6  # 3 rotations, and 3 more with normal and easy swapped
        for seat in range(3):
            assert sorted(t[seat] for t in tables) == sorted(["easy", "normal", "random"] * 2)
    assert all(summary["levels"][level]["games"] == 12 for level in ("normal", "easy", "random"))


def test_duplicate_pairs_the_first_two_levels_at_twin_tables(tmp_path):
    """A pair: one seat of one deal, the two levels swapped and every other seat alike."""
    summary, games = play_duplicate(tmp_path, "normal,easy,random")
    twins, loose = summary["paired"]
    assert (twins["a"], twins["b"], twins["twins"], twins["pairs"]) == ("normal", "easy", True, 12)
    assert (loose["a"], loose["b"], loose["twins"]) == ("normal", "random", False)
    diffs = []
    for game in games:
        for seat, level in enumerate(game["levels"]):
            if level == "normal":
                twin = [
                    level
                    if level not in ("normal", "easy")
                    else {"normal": "easy", "easy": "normal"}[level]
                    for level in game["levels"]
                ]
                (other,) = [g for g in games if g["deal"] == game["deal"] and g["levels"] == twin]
                diffs.append(game["doghouses"][seat] - other["doghouses"][seat])
    assert len(diffs) == 12 and twins["deals"] == 2
    assert twins["doghouse_diff"] == pytest.approx(sum(diffs) / 12)
    # The interval is over the deals (their pairs are not independent): two deal means.
    means = [sum(diffs[:6]) / 6, sum(diffs[6:]) / 6]
    half = 1.96 * abs(means[0] - means[1]) / 2**0.5 / 2**0.5
    assert twins["doghouse_diff_95"] == pytest.approx(
        [twins["doghouse_diff"] - half, twins["doghouse_diff"] + half]
    )


def test_duplicate_table_names_the_pairs():
    out = simulate("--duplicate", "--games", "1", "--players", "3", "--bots", "normal,easy,random")
    assert "6 games" in out and "normal - easy: 6 pairs (same neighbours) in 1 deals" in out


def test_duplicate_takes_one_level_per_seat_the_first_two_different():
    with pytest.raises(CommandError):
        simulate("--duplicate", "--players", "4", "--bots", "normal,easy,random")
    with pytest.raises(CommandError):
        simulate("--duplicate", "--players", "3", "--bots", "normal,normal,random")


def test_levels_kept_for_measurements_may_play():
    out = simulate(
        "--games", "1", "--players", "3", "--bots", "hard-v1,normal,normal", "--iterations", "2"
    )
    assert "hard-v1" in out


def test_a_summary_from_logs_counts_only_the_deals_played_at_every_table(tmp_path):
    summary, games = play_duplicate(tmp_path, "normal,easy,random")
    stopped = tmp_path / "stopped.jsonl"  # a run stopped during its second deal
    stopped.write_text("".join(json.dumps(g) + "\n" for g in games[:9]))
    args = ("--duplicate", "--players", "3", "--bots", "normal,easy,random", "--json")
    again = json.loads(simulate(*args, "--from-log", str(tmp_path / "games.jsonl")))
    assert again["levels"] == summary["levels"] and again["paired"] == summary["paired"]
    partial = json.loads(simulate(*args, "--from-log", str(stopped)))
    assert partial["deals"] == 1 and partial["levels"]["normal"]["games"] == 6
