"""`manage.py replay`: one verdict per record, exit status 1 when any is invalid."""

import io
import json

import pytest
from django.core.management import call_command

from games.ai.arena import play_game
from games.engine import to_record


@pytest.fixture(scope="module")
def record():
    return to_record(play_game(["random"] * 3, seed="replay-cmd"))


def replay(*args, stdin: str = "", monkeypatch=None) -> tuple[int, str]:
    out = io.StringIO()
    if monkeypatch is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    try:
        call_command("replay", *args, stdout=out)
        code = 0
    except SystemExit as e:
        code = e.code
    return code, out.getvalue()


def test_a_valid_record_file_is_reported_valid_with_exit_0(tmp_path, record):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    code, out = replay(str(path))
    assert code == 0
    assert out.startswith(f"{path}: valid ({record['result']['reason']}")


def test_jsonl_prints_one_verdict_per_input_line_in_order(monkeypatch, record):
    broken = json.loads(json.dumps(record))
    broken["rounds"][0]["moves"][0]["seat"] = (broken["rounds"][0]["starter"] + 1) % 3
    running = json.loads(json.dumps(record))
    del running["result"]
    running["rounds"] = running["rounds"][:1]
    running["rounds"][0]["moves"] = running["rounds"][0]["moves"][:3]
    for key in ("last", "loser", "caught"):
        running["rounds"][0].pop(key, None)
    lines = [json.dumps(record), "not json", json.dumps(broken), "[1, 2]", json.dumps(running)]
    code, out = replay("--jsonl", "-", stdin="\n".join(lines) + "\n", monkeypatch=monkeypatch)
    verdicts = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert len(verdicts) == len(lines)
    assert verdicts[0] == {"valid": True, "result": record["result"]}
    assert verdicts[1]["valid"] is False and verdicts[1]["error"]["code"] == "malformed"
    assert verdicts[2]["error"] == {
        "code": "not_your_turn",
        "round": 0,
        "move": 0,
        "detail": verdicts[2]["error"]["detail"],
    }
    assert verdicts[3]["error"]["code"] == "malformed"
    assert verdicts[4] == {"valid": True, "result": None}


def test_jsonl_of_valid_records_exits_0(monkeypatch, record):
    code, out = replay("--jsonl", "-", stdin=json.dumps(record) + "\n", monkeypatch=monkeypatch)
    assert code == 0
    assert json.loads(out) == {"valid": True, "result": record["result"]}


def test_a_derived_field_that_disagrees_makes_the_record_invalid(monkeypatch, record):
    wrong = json.loads(json.dumps(record))
    wrong["result"]["losers"] = [s for s in range(3) if s not in record["result"]["losers"]][:1]
    code, out = replay("--jsonl", "-", stdin=json.dumps(wrong), monkeypatch=monkeypatch)
    assert code == 1
    assert json.loads(out)["error"]["code"] == "derived_mismatch"
