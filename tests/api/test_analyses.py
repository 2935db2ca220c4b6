"""The coach's analyses, app side: who may ask, once per seat, one at a time per person.

The judgement is games.ai.coach's (tests/ai/); here a stand-in coach counts its calls
and marks the seat's first play of each round, so the app's rules are what is tested.
"""

from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.utils import timezone

from games import analyses
from games.models import Analysis
from tests.helpers import client_for

from .conftest import finished_table, human_table

VERSION = 7
# What the stand-in coach adds to each mark beyond the published fields: never sent.
EXTRA = {"hands_seen": [[1, 2, 3]], "deals": 160}


class Coach:
    """The coach's interface (games.ai.coach): COACH_VERSION and analyse()."""

    COACH_VERSION = VERSION

    def __init__(self):
        self.calls = []
        self.fails = False

    def analyse(self, record, seat, **options):
        self.calls.append((record["rounds"][0]["hands"][seat], seat))
        if self.fails:
            raise ValueError("a bug in the coach")
        marks = []
        for r, round_ in enumerate(record["rounds"]):
            m = next((m for m, mv in enumerate(round_["moves"]) if mv["seat"] == seat), None)
            if m is not None:
                move = round_["moves"][m]
                played = {
                    "kind": "play" if "play" in move else "tuck",
                    "cards": move.get("play") or move["tuck"],
                }
                marks.append(
                    {
                        "round": r,
                        "move": m,
                        "played": played,
                        "better": played,
                        "saving": 1.5,
                        **EXTRA,
                    }
                )
        marks = marks[:5]
        return {"version": VERSION, "seat": seat, "judged": 2 * len(marks), "marks": marks}


@pytest.fixture
def coach(monkeypatch) -> Coach:
    fake = Coach()
    monkeypatch.setattr(
        analyses, "coach", SimpleNamespace(COACH_VERSION=VERSION, analyse=fake.analyse)
    )
    return fake


@pytest.fixture
def held(monkeypatch) -> list:
    """The analyses' tasks kept back, as on a busy coach worker: `(analysis id)`s."""
    sent = []
    monkeypatch.setattr(analyses, "_send", sent.append)
    return sent


@pytest.fixture
def finished(alice, bob, carol) -> int:
    game_id, _ = finished_table([alice, bob, carol])
    return game_id


def ask(user, game_id, seat, **body):
    return client_for(user).post(
        f"/api/games/{game_id}/analyses", {"seat": seat, **body}, format="json"
    )


def read(user, game_id, seat):
    return client_for(user).get(f"/api/games/{game_id}/analyses/{seat}")


def test_a_player_asks_for_an_analysis_of_their_seat_and_reads_its_marks(alice, finished, coach):
    response = ask(alice, finished, 0)
    assert response.status_code == 200, response.json()  # tasks run in the caller here
    body = read(alice, finished, 0).json()
    assert (body["status"], body["seat"], body["version"]) == ("done", 0, VERSION)
    assert body["judged"] == 2 * len(body["marks"]) > 0
    assert body["marks"][0]["round"] == 0 and body["marks"][0]["saving"] == 1.5
    assert body == response.json()


def test_asked_again_by_anyone_it_is_the_same_analysis_and_no_new_work(
    alice, bob, outsider, finished, coach
):
    first = ask(alice, finished, 1).json()
    assert ask(bob, finished, 1).status_code == 200
    assert ask(outsider, finished, 1).json() == first
    assert len(coach.calls) == 1
    assert Analysis.objects.filter(game_id=finished).count() == 1


def test_anyone_may_have_a_seat_of_a_public_game_analysed(outsider, finished, coach):
    assert ask(outsider, finished, 2).status_code == 200
    assert read(outsider, finished, 2).json()["status"] == "done"


def test_a_private_game_s_analyses_are_not_there_for_others(alice, bob, carol, outsider, coach):
    game_id, _ = finished_table([alice, bob, carol], private=True)
    assert ask(bob, game_id, 0).status_code == 200  # its players may
    missing = ask(outsider, 2**40, 0)
    for response in (ask(outsider, game_id, 0), read(outsider, game_id, 0), missing):
        assert response.status_code == 404
        assert response.json() == missing.json()
    assert len(coach.calls) == 1


def test_a_running_game_is_not_analysed(alice, bob, carol, coach):
    game_id, _ = human_table([alice, bob, carol])
    response = ask(alice, game_id, 0)
    assert (response.status_code, response.json()["code"]) == (409, "game_running")
    assert read(alice, game_id, 0).status_code == 404
    assert coach.calls == [] and not Analysis.objects.exists()


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"seat": 3}, "no_such_seat", None),  # a table of three
        ({"seat": -1}, "invalid", "seat"),
        ({"seat": 6}, "invalid", "seat"),
        ({"seat": "0"}, "invalid", "seat"),
        ({"seat": None}, "invalid", "seat"),
        ({}, "invalid", "seat"),
        ({"seat": 0, "rounds": 9}, "invalid", "rounds"),
    ],
)
def test_a_bad_seat_or_body_is_refused(alice, finished, coach, body, code, field):
    response = client_for(alice).post(f"/api/games/{finished}/analyses", body, format="json")
    assert response.status_code == 400
    error = response.json()
    assert error["code"] == code and error["detail"]
    assert (field in error["fields"]) if field else error["fields"] == {}
    assert coach.calls == []


def test_a_malformed_body_is_refused(alice, finished, coach):
    response = client_for(alice).post(
        f"/api/games/{finished}/analyses", "{seat", content_type="application/json"
    )
    assert (response.status_code, response.json()["code"]) == (400, "malformed")


def test_a_seat_nobody_asked_for_is_not_found(alice, finished, coach):
    assert read(alice, finished, 0).json()["code"] == "not_found"
    assert read(alice, finished, 9).status_code == 404


def test_only_signed_in_people_ask(finished, coach):
    assert client_for().post(f"/api/games/{finished}/analyses", {"seat": 0}).status_code in (
        401,
        403,
    )
    assert client_for().get(f"/api/games/{finished}/analyses/0").status_code in (401, 403)


def test_one_analysis_at_a_time_per_person(alice, bob, finished, coach, held):
    queued = ask(alice, finished, 0)
    assert queued.status_code == 202 and queued.json()["status"] == "queued"
    assert read(bob, finished, 0).json()["status"] == "queued"

    busy = ask(alice, finished, 1)
    assert (busy.status_code, busy.json()["code"]) == (429, "analysis_busy")
    assert ask(alice, finished, 0).status_code == 202  # the same one: still queued
    assert ask(bob, finished, 1).status_code == 202  # another person's own
    assert len(held) == 2

    assert analyses.analysis_run(held[0]) == "done"
    assert read(alice, finished, 0).json()["status"] == "done"
    assert ask(alice, finished, 1).status_code == 202  # bob's, queued: hers to wait for
    assert ask(alice, finished, 2).status_code == 202  # free again


def test_a_failed_analysis_frees_its_person_who_may_ask_again(alice, finished, coach):
    coach.fails = True
    ask(alice, finished, 0)
    assert read(alice, finished, 0).json() | {"created": None, "finished": None} == {
        "game": finished,
        "seat": 0,
        "version": VERSION,
        "status": "failed",
        "judged": None,
        "marks": [],
        "created": None,
        "finished": None,
    }
    coach.fails = False
    assert ask(alice, finished, 0).status_code == 200
    assert read(alice, finished, 0).json()["status"] == "done"
    assert len(coach.calls) == 2


def test_a_lost_analysis_no_longer_holds_its_person_back(alice, finished, coach, held, settings):
    assert ask(alice, finished, 0).status_code == 202
    assert ask(alice, finished, 1).status_code == 429
    long_ago = timezone.now() - timedelta(seconds=settings.COACH_STALE_SECONDS + 1)
    Analysis.objects.filter(seat=0).update(requested=long_ago)  # its task never ran

    assert read(alice, finished, 0).json()["status"] == "failed"
    assert ask(alice, finished, 1).status_code == 202
    assert ask(alice, finished, 0).status_code == 429  # busy with seat 1 now
    assert len(held) == 2


def test_a_repeated_task_does_nothing(alice, finished, coach, held):
    ask(alice, finished, 0)
    assert analyses.analysis_run(held[0]) == "done"
    assert analyses.analysis_run(held[0]) is None
    assert len(coach.calls) == 1


def test_a_new_coach_version_analyses_anew(alice, finished, coach, monkeypatch):
    ask(alice, finished, 0)
    monkeypatch.setattr(analyses.coach, "COACH_VERSION", VERSION + 1)
    assert ask(alice, finished, 0).json()["version"] == VERSION + 1
    assert len(coach.calls) == 2


def test_the_marks_say_nothing_beyond_the_record(outsider, finished, coach):
    """The record publishes every hand and the seed once a game ends; the marks say which
    moves were made and preferred, and only that: nothing else the coach computed."""
    ask(outsider, finished, 1)
    response = read(outsider, finished, 1)
    assert set(response.json()) == {
        *("game", "seat", "version", "status", "judged", "marks", "created", "finished")
    }
    assert response.json()["marks"]
    for mark in response.json()["marks"]:
        assert set(mark) == {"round", "move", "played", "better", "saving"}
    assert "hands_seen" not in response.content.decode()
    assert "deals" not in response.content.decode()
