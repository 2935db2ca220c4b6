"""Reputation: % of games finished and % finished without a timeout, on profiles and
open tables; the queue can be asked for table mates above a threshold."""

from games import services as game_services
from games.models import Game, GameEvent, Seat
from games.reputation import reputation, reputations
from matchmaking import services
from matchmaking.forming import Wish, plan_tables
from matchmaking.models import QueueEntry
from tests.helpers import client_for
from tests.matchmaking.test_forming import RULES, T0, wish
from tests.matchmaking.test_ratings import finished

from .conftest import later, queue

RESULT = ([[1], [2, 3], [4, 5, 6]], [2])


def history(user, others, *, left=0, timeouts=0, clean=0, aborted=0):
    """Finished games for `user` at seat 0: `left` handed to the AI, `timeouts` played to
    the end after a timeout, `clean` played through; plus `aborted` ones."""
    for n in range(left + timeouts + clean + aborted):
        game = finished([user, *others], *RESULT, left=[0] if n < left else [])
        if left <= n < left + timeouts:
            GameEvent.objects.create(game=game, version=1, seat=0, kind="play", actor="timeout")
        if n >= left + timeouts + clean:
            Game.objects.filter(pk=game.pk).update(status=Game.Status.ABORTED)


def test_figures_by_hand(alice, bob, carol):
    # 10 finished: 2 handed to the AI, 3 with a timeout but played through, 5 clean;
    # and 4 aborted, which count for nobody.
    history(alice, [bob, carol], left=2, timeouts=3, clean=5, aborted=4)
    assert reputation(alice.pk) == {"games": 10, "finished": 80, "on_time": 50}
    assert reputation(bob.pk) == {"games": 14 - 4, "finished": 100, "on_time": 100}


def test_a_timeout_of_someone_else_is_not_mine(alice, bob, carol):
    game = finished([alice, bob, carol], *RESULT)
    GameEvent.objects.create(game=game, version=1, seat=1, kind="play", actor="timeout")
    assert reputations([alice.pk, bob.pk]) == {
        alice.pk: {"games": 1, "finished": 100, "on_time": 100},
        bob.pk: {"games": 1, "finished": 100, "on_time": 0},
    }


def test_a_newcomer_has_no_reputation_yet(alice):
    assert reputation(alice.pk) == {"games": 0, "finished": None, "on_time": None}


def test_the_profile_shows_it(alice, bob, carol):
    history(alice, [bob, carol], left=1, clean=3)
    body = client_for().get("/api/players/alice").json()
    assert body["reputation"] == {"games": 4, "finished": 75, "on_time": 75}


def test_open_tables_show_each_person_s_reputation(alice, bob, carol, memory_layer, queued):
    history(alice, [bob, carol], left=1, clean=1)
    game_services.game_create(user=alice, players=4, time_per_move=86400, ai=["easy"])
    [table] = client_for(bob).get("/api/games/open").json()["results"]
    by_name = {s["name"]: s.get("reputation") for s in table["seats"]}
    assert by_name["alice"] == {"games": 2, "finished": 50, "on_time": 50}
    assert [r for name, r in by_name.items() if name != "alice"] == [None]  # the AI seat


def strict(i, at_least, reputation_=None):
    return Wish(**{**wish(i).__dict__, "min_reputation": at_least, "reputation": reputation_})


def reliable(i, finished_):
    return Wish(**{**wish(i).__dict__, "reputation": finished_})


def test_the_planner_keeps_a_threshold_both_ways():
    # 1 asks for 90%: 2 (95%) may sit with 1, 3 (80%) and 4 (a newcomer) may not.
    players = [strict(1, 90, 100), reliable(2, 95), reliable(3, 80), reliable(4, None)]
    alone = plan_tables(players, T0, RULES)
    assert [sorted(w.id for w in t.wishes) for t in alone] == [[2, 3, 4]]  # without 1
    tables = plan_tables([*players, reliable(5, 90)], T0, RULES)
    assert [sorted(w.id for w in t.wishes) for t in tables] == [[1, 2, 5]]
    # a strict player is also held to nobody else's threshold but their own
    assert plan_tables([strict(1, 90, 10), reliable(2, 95), reliable(3, 95)], T0, RULES) != []
    assert plan_tables([strict(1, 0, 10), strict(2, 50, 95), reliable(3, 95)], T0, RULES) == []


def test_the_queue_keeps_the_threshold(alice, bob, carol, dave, make_user):
    for user in (bob, carol):
        history(user, [make_user(f"{user.username}-a"), make_user(f"{user.username}-b")], clean=1)
    history(dave, [make_user("d1"), make_user("d2")], left=1)  # finished 0%
    answer = client_for(alice).post(
        "/api/matchmaking/join",
        {"sizes": [3], "time_per_move": 60, "rated": True, "min_reputation": 90},
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    assert answer.json()["min_reputation"] == 90
    QueueEntry.objects.filter(user=alice).update(joined=later(-1))  # the longest waiting
    queue(dave, sizes=(3,), skill=1500)
    queue(bob, sizes=(3,), at=later(1), skill=1500)
    assert services.form_tables(now=later(5)) == []  # dave is below alice's 90%
    queue(carol, sizes=(3,), at=later(2), skill=1500)  # a newcomer joins at 1500
    [game] = services.form_tables(now=later(5))
    seated = set(Seat.objects.filter(game=game).values_list("user__username", flat=True))
    assert seated == {"alice", "bob", "carol"}
    assert list(QueueEntry.objects.values_list("user__username", flat=True)) == ["dave"]


def test_a_threshold_out_of_range_is_refused(alice):
    for value in (-1, 101, "90", True):
        answer = client_for(alice).post(
            "/api/matchmaking/join",
            {"sizes": [3], "time_per_move": 60, "min_reputation": value},
            format="json",
        )
        assert answer.status_code == 400, value
        assert list(answer.json()["fields"]) == ["min_reputation"]
