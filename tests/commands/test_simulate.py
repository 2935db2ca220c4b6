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
