"""While the AI plays a person's seat (three timeouts in a row, a resignation, the table's
vote, a moderator), the person's view offers no move: `legal_moves` is empty however
many the engine gives the seat, as a move of theirs is refused until they take the seat
back. Their cards are still theirs to see. (The socket's views: tests/realtime/
test_handed_over.py.)

The AI's turns are queued, not played, so the seat stays to act with moves to choose.
"""

from datetime import timedelta

import pytest
import time_machine
from django.conf import settings

from games import clocks, engine, services
from games.models import Game, PlayerSettings, Seat

from .conftest import get, human_table, move, state
from .test_handover_notices import time_out_alice

ALICE = 0


def others_move_until_alice_is_to_act(game_id, clients) -> None:
    """bob and carol move while it is theirs, until alice's seat (the AI's, whose turns
    wait in the queue) is to act."""
    while ALICE not in engine.to_act(state(game_id)):
        acting = engine.to_act(state(game_id))[0]
        legal = get(clients[acting], game_id)["view"]["legal_moves"][0]
        answer = move(clients[acting], game_id, legal["kind"], legal.get("cards"))
        assert answer.status_code == 200, answer.json()


def timed_out(game_id, clients, alice) -> None:
    for _ in range(clocks.TIMEOUTS_BEFORE_LEFT):
        time_out_alice(game_id, clients)
    others_move_until_alice_is_to_act(game_id, clients)


def resigned(game_id, clients, alice) -> None:
    assert clients[ALICE].post(f"/api/games/{game_id}/resign").status_code == 200


def expelled(game_id, clients, alice) -> None:
    seat = Seat.objects.get(game_id=game_id, number=ALICE)
    grace = timedelta(seconds=settings.EXPEL_GRACE_SECONDS)
    with time_machine.travel(seat.deadline + grace, tick=False):
        for voter in clients[1:]:
            answer = voter.post(f"/api/games/{game_id}/expel", {"seat": ALICE}, format="json")
            assert answer.status_code == 200, answer.json()


def by_a_moderator(game_id, clients, alice) -> None:
    assert services.seats_to_autopilot(user=alice) == 1


HANDOVERS = {
    "timeouts": timed_out,
    "resigned": resigned,
    "expelled": expelled,
    "moderator": by_a_moderator,
}


@pytest.fixture
def handed_over(request, alice, bob, carol, queued):
    """A correspondence table of three people whose seat 0, alice's, the AI plays now
    (`request.param`: why), while it is to act; (game id, clients)."""
    game_id, clients = human_table([alice, bob, carol])
    HANDOVERS[request.param](game_id, clients, alice)
    seat = Seat.objects.get(game_id=game_id, number=ALICE)
    assert seat.handover == request.param and seat.plays_itself
    assert ALICE in engine.to_act(state(game_id))
    assert engine.legal_moves(state(game_id), ALICE)  # the AI's to choose from
    return game_id, clients


@pytest.mark.parametrize("handed_over", HANDOVERS, indirect=True)
def test_a_seat_the_ai_plays_gets_no_legal_moves_in_its_persons_view(handed_over):
    game_id, clients = handed_over
    game = get(clients[ALICE], game_id)
    assert game["view"]["legal_moves"] == []
    assert game["view"]["hand"] == engine.view(state(game_id), ALICE)["hand"]  # still hers to see
    assert game["seats"][ALICE]["to_act"]  # the AI's turn, told as such


@pytest.mark.parametrize("handed_over", ["timeouts"], indirect=True)
def test_the_others_views_are_the_engines(handed_over):
    game_id, clients = handed_over
    bob = get(clients[1], game_id)["view"]
    assert bob["legal_moves"] == engine.legal_moves(state(game_id), 1)


@pytest.mark.parametrize("handed_over", ["timeouts", "expelled"], indirect=True)
def test_taking_the_seat_back_gives_the_moves_back(handed_over, alice):
    game_id, clients = handed_over
    # Her only legal move would be made for her at once (a forced move): not here.
    PlayerSettings.objects.create(user=alice, forced_moves_correspondence=False)
    answer = clients[ALICE].post(f"/api/games/{game_id}/retake")
    assert answer.status_code == 200, answer.json()
    legal = engine.legal_moves(state(game_id), ALICE)
    assert legal and answer.json()["view"]["legal_moves"] == legal
    assert get(clients[ALICE], game_id)["view"]["legal_moves"] == legal


@pytest.mark.parametrize("handed_over", ["timeouts"], indirect=True)
def test_a_move_at_a_seat_the_ai_plays_is_refused_and_changes_nothing(handed_over):
    game_id, clients = handed_over
    before = Game.objects.get(pk=game_id).version
    legal = engine.legal_moves(state(game_id), ALICE)[0]
    answer = move(clients[ALICE], game_id, legal["kind"], legal.get("cards"))
    assert answer.status_code == 409
    assert answer.json()["code"] == "seat_on_autopilot"
    assert Game.objects.get(pk=game_id).version == before
