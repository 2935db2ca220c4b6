"""The queue through the API and the services: joining, leaving, status, seating."""

import pytest

from games.models import Game, GameEvent, Seat
from matchmaking import selectors, services
from matchmaking.models import QueueEntry
from tests.helpers import client_for

from .conftest import T0, later, queue, seated

LIVE = {"sizes": [3], "time_per_move": 60, "rated": True}


def join(user, **body):
    return client_for(user).post("/api/matchmaking/join", {**LIVE, **body}, format="json")


def test_joining_answers_the_status(alice):
    response = join(alice, sizes=[3, 4])
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["queued"] is True
    assert body["position"] == 1
    assert body["sizes"] == [3, 4]
    assert body["gap"] >= 100
    assert QueueEntry.objects.filter(user=alice).exists()


def test_joining_twice_is_refused(alice):
    join(alice)
    response = join(alice)
    assert response.status_code == 409
    assert response.json()["code"] == "already_queued"


@pytest.mark.parametrize(
    "body, field",
    [
        ({"time_per_move": 45}, "time_per_move"),
        ({"time_per_move": "60"}, "time_per_move"),
        ({"sizes": [2]}, "sizes.0"),
        ({"sizes": [3, 3]}, "sizes"),
        ({"sizes": []}, "sizes"),
        ({"rated": "yes"}, "rated"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_wishes_are_refused_by_field(alice, body, field):
    response = join(alice, **body)
    assert response.status_code == 400
    assert field in response.json()["fields"]


def test_a_banned_player_cannot_queue(make_user):
    banned = make_user("banned", is_active=False)
    assert services.can_queue(banned) is False
    with pytest.raises(services.MatchmakingError) as refused:
        services.queue_join(user=banned, sizes=[3], time_per_move=60, rated=True, ai_fill=False)
    assert (refused.value.code, refused.value.status) == ("cannot_queue", 403)


def test_strangers_cannot_queue():
    response = client_for().post("/api/matchmaking/join", LIVE, format="json")
    assert response.status_code == 401


def test_leaving_is_instant(alice):
    join(alice)
    assert client_for(alice).delete("/api/matchmaking").status_code == 204
    assert not QueueEntry.objects.filter(user=alice).exists()
    assert client_for(alice).get("/api/matchmaking").json() == {"queued": False}


def test_leaving_by_post(alice):
    join(alice)
    assert client_for(alice).post("/api/matchmaking/leave").status_code == 204
    assert not QueueEntry.objects.exists()


def test_leaving_when_not_queued_says_so(alice):
    response = client_for(alice).delete("/api/matchmaking")
    assert response.status_code == 404
    assert response.json()["code"] == "not_queued"


def test_status_shows_position_wait_and_gap(alice, bob, carol):
    queue(alice, at=T0)
    queue(bob, at=later(5))
    queue(carol, at=later(1), time_per_move=30)  # another pool
    from matchmaking import selectors

    status = selectors.queue_status(bob, now=later(25))
    assert (status["position"], status["waiting"]) == (2, 2)
    assert status["waited"] == 20
    assert status["gap"] == 100 + 10 * 20
    assert status["ai_fill_in"] is None


def test_three_joins_start_a_game_and_tell_the_players(alice, bob, carol, inbox):
    inboxes = [inbox(u) for u in (alice, bob, carol)]
    join(alice)
    join(bob)
    assert Game.objects.count() == 0
    join(carol)  # joining triggers a run (eager Celery here)
    [game] = Game.objects.all()
    assert game.status == Game.Status.ACTIVE
    assert (game.players, game.time_per_move, game.rated, game.private) == (3, 60, True, False)
    assert sorted(game.seats.values_list("user__username", flat=True)) == ["alice", "bob", "carol"]
    assert GameEvent.objects.filter(game=game, kind="started").count() == 1
    assert not QueueEntry.objects.exists()
    for box in inboxes:
        notices = [m for m in box.messages() if m.get("notice") == "matched"]
        assert notices == [
            {"type": "user.notice", "notice": "matched", "game": game.pk, "version": game.version}
        ]


def test_incompatible_players_wait(alice, bob, carol):
    queue(alice, sizes=(3,))
    queue(bob, sizes=(3,), rated=False)
    queue(carol, sizes=(3,), time_per_move=30)
    assert services.form_tables(now=later(10**5)) == []
    assert QueueEntry.objects.count() == 3


def test_the_gap_widens_with_waiting(alice, bob, carol):
    queue(alice, skill=1000)
    queue(bob, skill=1000)
    queue(carol, skill=1400)
    assert services.form_tables(now=later(29)) == []
    [game] = services.form_tables(now=later(30))
    assert game.players == 3


def test_ai_seats_fill_after_the_wait(alice, bob):
    queue(alice, ai_fill=True, sizes=(4,))
    queue(bob, ai_fill=True, sizes=(4,), at=later(30))
    assert services.form_tables(now=later(59)) == []
    [game] = services.form_tables(now=later(60))
    seats = list(game.seats.order_by("number"))
    assert sorted(s.ai_level for s in seats if s.is_ai) == ["normal", "normal"]
    assert {s.user for s in seats if not s.is_ai} == {alice, bob}
    assert game.status == Game.Status.ACTIVE


def test_a_leave_between_planning_and_seating_seats_nobody(alice, bob, carol, dave):
    for user in (alice, bob, carol):
        queue(user, sizes=(3,))
    [table] = services.forming.plan_tables(
        services.queued_wishes(), later(1), selectors.forming_rules()
    )
    services.queue_leave(user=bob)
    queue(dave, sizes=(3,))  # a newcomer who could replace bob is not in this plan
    assert services.seat_table(table) is None
    assert Game.objects.count() == 0
    assert set(QueueEntry.objects.values_list("user__username", flat=True)) == {
        "alice",
        "carol",
        "dave",
    }
    [game] = services.form_tables(now=later(2))
    assert sorted(game.seats.values_list("user__username", flat=True)) == [
        "alice",
        "carol",
        "dave",
    ]
    assert seated(bob) == []


def test_a_rejoin_between_planning_and_seating_is_a_new_entry(alice, bob, carol):
    for user in (alice, bob, carol):
        queue(user, sizes=(3,))
    [table] = services.forming.plan_tables(
        services.queued_wishes(), later(1), selectors.forming_rules()
    )
    services.queue_leave(user=bob)
    queue(bob, sizes=(4,))  # came back with other wishes
    assert services.seat_table(table) is None
    assert Seat.objects.count() == 0


def test_a_banned_player_in_the_queue_is_not_seated(alice, bob, carol):
    for user in (alice, bob, carol):
        queue(user, sizes=(3,))
    type(bob).objects.filter(pk=bob.pk).update(is_active=False)
    assert services.form_tables(now=later(1)) == []
