"""The record endpoint: refused while the game runs, then a record anybody can replay."""

import json

import pytest
from django.core.management import call_command

from games import engine
from games.engine import RecordError, from_record
from tests.helpers import client_for

from .conftest import create, finished_table, human_table


def test_the_record_of_a_running_game_is_refused(alice, bob, carol):
    game_id, clients = human_table([alice, bob, carol])
    response = clients[0].get(f"/api/games/{game_id}/record")
    assert response.status_code == 409
    assert response.json()["code"] == "game_running"
    assert "seed" not in response.content.decode().replace('"seed_sha256"', "")


def test_the_record_of_a_table_that_never_started_is_refused(alice):
    game = create(client_for(alice), players=4)
    response = client_for(alice).get(f"/api/games/{game['id']}/record")
    assert response.status_code == 409
    assert response.json()["code"] == "game_running"


@pytest.fixture
def finished(alice, bob, carol):
    game_id, clients = finished_table([alice, bob, carol])
    game = clients[0].get(f"/api/games/{game_id}").json()
    record = clients[1].get(f"/api/games/{game_id}/record")
    assert record.status_code == 200, record.json()
    return game, record.json()


def test_a_finished_game_replays_from_its_record_to_the_same_result(finished):
    game, record = finished
    assert record["format"] == engine.RECORD_FORMAT
    assert record["seats"] == ["alice", "bob", "carol"]
    state = from_record(record)
    assert state["result"] == game["view"]["result"] == record["result"]
    assert state["doghouses"] == game["view"]["doghouses"]


def test_the_record_reveals_the_seed_committed_to_at_the_start(finished):
    game, record = finished
    assert record["seed"]
    assert engine.seed_commitment(record["seed"]) == record["seed_sha256"] == game["seed_sha256"]


def test_the_seed_in_the_record_re_deals_every_round(finished):
    _, record = finished
    from_record(record)  # checks each round's hands against the seed's deal
    forged = json.loads(json.dumps(record))
    forged["rounds"][0]["hands"][0], forged["rounds"][0]["hands"][1] = (
        forged["rounds"][0]["hands"][1],
        forged["rounds"][0]["hands"][0],
    )
    with pytest.raises(RecordError) as refused:
        from_record(forged)
    assert refused.value.code == "seed_mismatch"


def test_the_replay_command_accepts_the_record(finished, tmp_path, capsys):
    _, record = finished
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    call_command("replay", str(path))
    out = capsys.readouterr().out
    assert f"{path}: valid ({record['result']['reason']}" in out


def test_the_replay_command_rejects_a_record_with_another_seed(finished, tmp_path):
    _, record = finished
    path = tmp_path / "record.json"
    path.write_text(json.dumps({**record, "seed": "another", "seed_sha256": None}))
    with pytest.raises(SystemExit) as exited:
        call_command("replay", str(path))
    assert exited.value.code == 1
