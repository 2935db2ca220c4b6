"""The expel vote: in correspondence games, from EXPEL_GRACE_SECONDS after the first
deadline a seat missed until its player moves again, the other people still playing may
hand it to the AI, when all of them agree; every vote is logged. Live games have none.
An expelled seat is rated last and counts as a game not finished (the rules page)."""

from datetime import timedelta

import pytest
from django.conf import settings

from barkside.notices import HANDED_OVER
from games import reputation, services
from games.models import Game, GameEvent, Seat
from games.services import Actor
from games.signals import game_notices
from matchmaking.models import RatingChange
from tests.helpers import client_for, fast_forward
from tests.matchmaking.conftest import Inbox

from .conftest import T0, create, get, human_table, others_pass, pass_first

DEADLINE = T0 + timedelta(days=2)  # a day a move, and a day in the bank
GRACE = timedelta(seconds=settings.EXPEL_GRACE_SECONDS)


@pytest.fixture
def waiting_on_alice(clock, alice, bob, carol):
    """bob and carol passed at once; alice has not, and her deadline is DEADLINE."""
    game_id, clients = human_table([alice, bob, carol])
    others_pass(game_id, clients)
    return game_id, clients


def expel(client, game_id, seat=0):
    return client.post(f"/api/games/{game_id}/expel", {"seat": seat}, format="json")


def alices_seat(game_id) -> Seat:
    return Seat.objects.get(game_id=game_id, number=0)


def refused(response) -> tuple[int, str]:
    return response.status_code, response.json()["code"]


def test_when_everyone_else_votes_the_ai_takes_the_seat(clock, waiting_on_alice):
    game_id, (_, bob, carol) = waiting_on_alice
    clock.move_to(DEADLINE + GRACE)
    response = expel(bob, game_id)
    assert response.status_code == 200, response.json()
    assert response.json()["seats"][0]["expel_votes"] == [1]
    assert alices_seat(game_id).state == Seat.State.PLAYING
    assert expel(carol, game_id).status_code == 200
    assert alices_seat(game_id).state == Seat.State.LEFT
    logged = GameEvent.objects.filter(game_id=game_id, kind__in=["expel_vote", "expelled"])
    assert list(logged.values_list("kind", "seat")) == [
        ("expel_vote", 1),
        ("expel_vote", 2),
        ("expelled", 0),
    ]
    assert GameEvent.objects.filter(game_id=game_id, seat=0, actor="ai").exists()  # it passed


def test_no_vote_before_the_deadline(waiting_on_alice):
    game_id, (_, bob, _) = waiting_on_alice
    assert refused(expel(bob, game_id)) == (409, "not_overdue")


def test_no_vote_within_the_grace_after_the_deadline(clock, waiting_on_alice):
    # The live game of the report: a vote 0.05 s after the deadline took the seat.
    game_id, (_, bob, _) = waiting_on_alice
    clock.move_to(DEADLINE + timedelta(milliseconds=50))
    response = expel(bob, game_id)
    assert refused(response) == (409, "not_overdue")
    assert response.json()["opens"] == (DEADLINE + GRACE).isoformat()
    clock.move_to(DEADLINE + GRACE - timedelta(seconds=1))
    assert refused(expel(bob, game_id)) == (409, "not_overdue")


def test_the_seat_says_when_the_vote_opens(waiting_on_alice):
    game_id, (_, bob, _) = waiting_on_alice
    seats = get(bob, game_id)["seats"]
    assert seats[0]["expel_from"] == (DEADLINE + GRACE).isoformat().replace("+00:00", "Z")
    assert seats[1]["expel_from"] is None  # bob passed: he is not to act


def test_the_vote_stays_open_after_the_sweeper_timed_the_seat_out(clock, waiting_on_alice):
    game_id, (_, bob, carol) = waiting_on_alice
    clock.move_to(DEADLINE + timedelta(seconds=1))
    assert services.sweep()["timeouts"] == 1  # the autopilot passed for alice
    seat = alices_seat(game_id)
    assert seat.deadline != DEADLINE  # a fresh one, or none: she is not to act
    assert seat.overdue_since == DEADLINE
    clock.move_to(DEADLINE + GRACE)
    assert expel(bob, game_id).status_code == 200
    assert expel(carol, game_id).status_code == 200
    assert alices_seat(game_id).state == Seat.State.LEFT


def test_votes_outlast_the_sweepers_timeouts(clock, waiting_on_alice):
    game_id, (_, bob, carol) = waiting_on_alice
    clock.move_to(DEADLINE + GRACE)
    assert expel(bob, game_id).status_code == 200
    assert services.sweep()["timeouts"] == 1
    assert alices_seat(game_id).expel_votes == [1]
    assert expel(carol, game_id).status_code == 200
    assert alices_seat(game_id).state == Seat.State.LEFT


def test_the_players_own_move_closes_the_vote(clock, waiting_on_alice):
    game_id, (alice, bob, carol) = waiting_on_alice
    clock.move_to(DEADLINE + GRACE)
    assert expel(bob, game_id).status_code == 200
    pass_first(alice, game_id)  # late, hers
    seat = alices_seat(game_id)
    assert (seat.overdue_since, seat.expel_votes) == (None, [])
    assert refused(expel(carol, game_id)) == (409, "not_overdue")


def test_taking_the_seat_back_closes_the_vote(clock, waiting_on_alice):
    game_id, (alice, bob, carol) = waiting_on_alice
    clock.move_to(DEADLINE + GRACE)
    expel(bob, game_id)
    expel(carol, game_id)
    assert alice.post(f"/api/games/{game_id}/retake").status_code == 200
    seat = get(bob, game_id)["seats"][0]
    assert (seat["state"], seat["expel_votes"], seat["expel_from"]) == ("playing", [], None)
    assert refused(expel(bob, game_id)) == (409, "not_overdue")


def test_live_games_have_no_expel_vote(clock, alice, bob, carol):
    game_id = create(client_for(alice), time_per_move=15)["id"]
    for user in (bob, carol):
        assert client_for(user).post(f"/api/games/{game_id}/join").status_code == 200
    clients = [client_for(u) for u in (alice, bob, carol)]
    others_pass(game_id, clients)
    assert get(clients[1], game_id)["seats"][0]["expel_from"] is None
    clock.shift(timedelta(seconds=15) + 2 * GRACE)  # long past the deadline
    assert refused(expel(clients[1], game_id)) == (409, "live_game")


def test_a_vote_counts_once(clock, waiting_on_alice):
    game_id, (_, bob, _) = waiting_on_alice
    clock.move_to(DEADLINE + GRACE)
    expel(bob, game_id)
    assert refused(expel(bob, game_id)) == (409, "already_voted")


def test_nobody_votes_on_their_own_seat(clock, waiting_on_alice):
    game_id, (alice, _, _) = waiting_on_alice
    clock.move_to(DEADLINE + GRACE)
    assert refused(expel(alice, game_id)) == (403, "cannot_vote")


def test_people_not_at_the_table_have_no_vote(clock, waiting_on_alice, outsider):
    game_id, _ = waiting_on_alice
    clock.move_to(DEADLINE + GRACE)
    assert refused(expel(client_for(outsider), game_id)) == (403, "not_a_player")


def test_a_seat_away_on_vacation_cannot_be_expelled(clock, waiting_on_alice):
    game_id, (_, bob, _) = waiting_on_alice
    clock.move_to(DEADLINE + GRACE)
    Seat.objects.filter(game_id=game_id, number=0).update(away_since=T0)
    assert refused(expel(bob, game_id)) == (409, "not_overdue")


def test_an_expelled_seat_is_rated_last_and_counts_as_not_finished(clock, alice, bob, carol):
    game_id = create(client_for(alice), rated=True)["id"]
    for user in (bob, carol):
        assert client_for(user).post(f"/api/games/{game_id}/join").status_code == 200
    clients = [client_for(u) for u in (alice, bob, carol)]
    others_pass(game_id, clients)
    clock.move_to(DEADLINE + GRACE)
    expel(clients[1], game_id)
    expel(clients[2], game_id)
    last = fast_forward(Game.objects.get(pk=game_id))
    game = Game.objects.get(pk=game_id)
    play = {"kind": last["kind"], "cards": last["cards"]}
    services.apply_move(game_id, Actor("ai", last["seat"]), play, game.version)
    assert Game.objects.get(pk=game_id).status == Game.Status.FINISHED
    change = RatingChange.objects.get(game_id=game_id, user=alice)
    assert (change.place, change.finish) == (3, RatingChange.Finish.TIMED_OUT)
    assert reputation.reputation(alice.pk)["finished"] == 0
    assert reputation.reputation(bob.pk)["finished"] == 100


def test_the_expelled_person_is_told_once_on_the_socket_and_by_push(
    clock, waiting_on_alice, alice, bob, carol
):
    game_id, (_, bob_client, carol_client) = waiting_on_alice
    clock.move_to(DEADLINE + GRACE)
    boxes = {user: Inbox(user) for user in (alice, bob, carol)}  # the layer's clock is now's
    pushed = []

    def receiver(sender, *, notices, **kwargs):
        pushed.extend(n for n in notices if n[0] in HANDED_OVER.values())

    game_notices.connect(receiver)
    try:
        assert expel(bob_client, game_id).status_code == 200
        assert pushed == []  # one vote takes nothing
        assert expel(carol_client, game_id).status_code == 200  # the AI passes for her at once
    finally:
        game_notices.disconnect(receiver)
    assert alices_seat(game_id).handover == Seat.Handover.EXPELLED
    assert pushed == [("handover_expelled", alice.pk)]
    told = {
        user: [m["notice"] for m in box.messages() if m.get("notice") in HANDED_OVER.values()]
        for user, box in boxes.items()
    }
    assert told == {alice: ["handover_expelled"], bob: [], carol: []}
