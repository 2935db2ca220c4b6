"""A person is told when the AI takes their seat without their asking (barkside/notices.py
`HANDED_OVER`): on their `/ws/me/` socket and through `games.signals.game_notices` (Web
Push), once, when the seat's `handover` is set; never for a resignation, which they asked
for. The expel vote's notice is tested with the vote (test_expel.py)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from barkside.notices import HANDED_OVER
from games import clocks, services
from games.models import Game, Seat
from games.signals import game_notices
from tests.matchmaking.conftest import Inbox

from .conftest import get, human_table, move


@pytest.fixture
def pushed():
    """The notices `game_notices` carries to Web Push: `(notice, user id)` pairs."""
    heard = []

    def receiver(sender, *, notices, **kwargs):
        heard.extend(notices)

    game_notices.connect(receiver)
    yield heard
    game_notices.disconnect(receiver)


def handed_over(notices) -> list:
    """The notices among `notices` (pairs, or a socket's messages) that a seat was taken."""
    names = set(HANDED_OVER.values())
    return [n for n in notices if (n.get("notice") if isinstance(n, dict) else n[0]) in names]


def alices_seat(game_id) -> Seat:
    return Seat.objects.get(game_id=game_id, number=0)


def time_out_alice(game_id, clients) -> None:
    """The others move while it is theirs, until alice's clock runs out once more and the
    autopilot moves for her (bob's and carol's never do)."""
    while True:
        game = Game.objects.get(pk=game_id)
        acting = [s.number for s in game.seats.all() if s.to_act]
        if 0 in acting:
            past = timezone.now() - timedelta(seconds=1)
            Seat.objects.filter(game_id=game_id, number=0).update(deadline=past)
            Game.objects.filter(pk=game_id).update(turn_deadline=past)
            assert services.game_timeout(game_id, game.version) is not None
            return
        legal = get(clients[acting[0]], game_id)["view"]["legal_moves"][0]
        answer = move(clients[acting[0]], game_id, legal["kind"], legal.get("cards"))
        assert answer.status_code == 200, answer.json()


@pytest.fixture
def table(alice, bob, carol):
    game_id, clients = human_table([alice, bob, carol])
    return game_id, clients


def test_the_third_timeout_in_a_row_tells_alice_once(table, alice, bob, carol, pushed):
    game_id, clients = table
    boxes = {u.pk: Inbox(u) for u in (alice, bob, carol)}
    for _ in range(clocks.TIMEOUTS_BEFORE_LEFT - 1):
        time_out_alice(game_id, clients)
    assert handed_over(pushed) == []  # two in a row: still hers
    time_out_alice(game_id, clients)
    assert alices_seat(game_id).handover == Seat.Handover.TIMEOUTS
    assert handed_over(pushed) == [("handover_timeouts", alice.pk)]
    [told] = handed_over(boxes[alice.pk].messages())
    assert told == {
        "type": "user.notice",
        "notice": "handover_timeouts",
        "game": game_id,
        "version": told["version"],
    }
    assert handed_over(boxes[bob.pk].messages() + boxes[carol.pk].messages()) == []


def test_the_ais_moves_for_the_seat_tell_nothing_more(table, alice, pushed):
    game_id, clients = table
    for _ in range(clocks.TIMEOUTS_BEFORE_LEFT):
        time_out_alice(game_id, clients)
    version = Game.objects.get(pk=game_id).version
    for client in clients[1:]:  # the game goes on, the AI moving for alice
        legal = get(client, game_id)["view"]["legal_moves"]
        if legal:
            assert move(client, game_id, legal[0]["kind"], legal[0].get("cards")).status_code == 200
    assert Game.objects.get(pk=game_id).version > version
    assert handed_over(pushed) == [("handover_timeouts", alice.pk)]


def test_a_seat_taken_back_and_lost_again_is_told_again(table, alice, pushed):
    game_id, clients = table
    for _ in range(clocks.TIMEOUTS_BEFORE_LEFT):
        time_out_alice(game_id, clients)
    assert clients[0].post(f"/api/games/{game_id}/retake").status_code == 200
    assert handed_over(pushed) == [("handover_timeouts", alice.pk)]
    for _ in range(clocks.TIMEOUTS_BEFORE_LEFT):
        time_out_alice(game_id, clients)
    assert handed_over(pushed) == [("handover_timeouts", alice.pk)] * 2


def test_a_moderator_handing_the_seat_to_the_ai_tells_alice(table, alice, pushed):
    game_id, _ = table
    box = Inbox(alice)
    assert services.seats_to_autopilot(user=alice) == 1
    assert alices_seat(game_id).handover == Seat.Handover.MODERATOR
    assert handed_over(pushed) == [("handover_moderator", alice.pk)]
    assert [m["notice"] for m in handed_over(box.messages())] == ["handover_moderator"]


def test_resigning_tells_nobody_the_seat_was_taken(table, alice, pushed):
    game_id, clients = table
    box = Inbox(alice)
    assert clients[0].post(f"/api/games/{game_id}/resign").status_code == 200
    assert alices_seat(game_id).handover == Seat.Handover.RESIGNED
    assert handed_over(pushed) == []
    assert handed_over(box.messages()) == []
