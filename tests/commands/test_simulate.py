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


def test_duplicate_plays_every_deal_once_per_seat_rotation(tmp_path):
    log = tmp_path / "games.jsonl"
    args = ("--duplicate", "--games", "2", "--players", "3", "--bots", "normal,easy,random")
    summary = json.loads(simulate(*args, "--json", "--log", str(log)))
    games = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(games) == 6
    for deal in (0, 1):
        tables = [g["levels"] for g in games if g["deal"] == deal]
        for seat in range(3):
            assert sorted(t[seat] for t in tables) == ["easy", "normal", "random"]
    assert all(summary["levels"][level]["games"] == 6 for level in ("normal", "easy", "random"))


def test_duplicate_pairs_the_first_level_with_each_other_on_the_same_deal_and_seat(tmp_path):
    log = tmp_path / "games.jsonl"
    args = ("--duplicate", "--games", "2", "--players", "3", "--bots", "normal,random,random")
    summary = json.loads(simulate(*args, "--json", "--log", str(log)))
    games = [json.loads(line) for line in log.read_text().splitlines()]
    (paired,) = summary["paired"]
    assert (paired["a"], paired["b"], paired["pairs"]) == ("normal", "random", 6)
    diffs = []
    for deal in (0, 1):
        for seat in range(3):
            at_seat = [
                (g["levels"][seat], g["doghouses"][seat]) for g in games if g["deal"] == deal
            ]
            normal = [cards for level, cards in at_seat if level == "normal"]
            rand = [cards for level, cards in at_seat if level == "random"]
            diffs.append(normal[0] - sum(rand) / len(rand))
    assert paired["doghouse_diff"] == pytest.approx(sum(diffs) / 6)
    low, high = paired["doghouse_diff_95"]
    assert low <= paired["doghouse_diff"] <= high


def test_duplicate_table_names_the_pairs():
    out = simulate("--duplicate", "--games", "1", "--players", "3", "--bots", "normal,easy,easy")
    assert "3 games" in out and "normal - easy: 3 pairs" in out


def test_duplicate_takes_one_level_per_seat():
    with pytest.raises(CommandError):
        simulate("--duplicate", "--players", "4", "--bots", "normal,easy,random")


def test_levels_kept_for_measurements_may_play():
    out = simulate(
        "--games", "1", "--players", "3", "--bots", "hard-v1,normal,normal", "--iterations", "2"
    )
    assert "hard-v1" in out
