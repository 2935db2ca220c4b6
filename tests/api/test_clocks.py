"""Each seat's clock and time bank, with a frozen clock (time-machine): the deadline is the
turn's start + time per move + reserve; a move's unused time refills half, up to a cap;
an overrun draws on it; the sweeper times out only the seats whose own deadline passed."""

from datetime import UTC, datetime, timedelta

import pytest

from games import clocks, selectors, services
from games.models import Game, GameEvent, Seat

from .conftest import T0, get, human_table, pass_first

DAY = 24 * 3600  # the API's default time per move


def seat(game_id, number) -> Seat:
    return Seat.objects.get(game_id=game_id, number=number)


@pytest.mark.parametrize(
    ("reserve", "used", "after"),
    [
        (3600, 0, 3600 + 1800),  # all of the hour unused: half of it back
        (3600, 1200, 3600 + 1200),  # 40 minutes unused: 20 back
        (6000, 0, 7200),  # never above two times per move
        (3600, 3600, 3600),  # exactly in time: nothing back, nothing drawn
        (3600, 3600 + 600, 3000),  # ten minutes late: drawn from the bank
        (300, 3600 + 600, 0),  # never below zero
    ],
)
def test_a_move_refills_or_draws_on_the_reserve(reserve, used, after):
    assert clocks.reserve_after(3600, reserve, used, correspondence=True) == after


def test_live_games_keep_no_reserve():
    assert clocks.starting_reserve(60, correspondence=False) == 0
    assert clocks.reserve_after(60, 0, 10, correspondence=False) == 0


def test_a_change_writes_the_seats_and_columns_it_changed():
    seats = [Seat(number=n, to_act=n == 0, reserve=60) for n in range(3)]
    before = [clocks.snapshot(s) for s in seats]
    assert clocks.changed(seats, before) == ([], [])
    seats[0].to_act, seats[0].deadline = True, None  # as it was: not a change
    seats[1].to_act, seats[1].deadline = True, datetime(2026, 1, 1, tzinfo=UTC)
    seats[2].expel_votes = [0]
    assert clocks.changed(seats, before) == (
        [seats[1], seats[2]],
        ["to_act", "deadline", "expel_votes"],
    )


def test_each_seat_starts_with_one_time_per_move_in_its_bank(clock, alice, bob, carol):
    game_id, _ = human_table([alice, bob, carol])
    for number in range(3):
        assert seat(game_id, number).reserve == DAY
        assert seat(game_id, number).deadline == T0 + timedelta(seconds=2 * DAY)
    assert Game.objects.get(pk=game_id).turn_deadline == T0 + timedelta(seconds=2 * DAY)


def test_a_quick_move_refills_the_bank_and_a_late_one_draws_on_it(clock, alice, bob, carol):
    game_id, (a, b, c) = human_table([alice, bob, carol])
    clock.shift(timedelta(hours=4))
    pass_first(a, game_id)  # 20 of 24 hours unused: 10 back
    assert seat(game_id, 0).reserve == DAY + 10 * 3600
    assert seat(game_id, 0).deadline is None
    clock.shift(timedelta(hours=26))  # bob: 30 hours, 6 over
    pass_first(b, game_id)
    assert seat(game_id, 1).reserve == DAY - 6 * 3600
    # carol, still to pass, keeps the clock that started with the round
    assert seat(game_id, 2).deadline == T0 + timedelta(seconds=2 * DAY)
    assert Game.objects.get(pk=game_id).turn_deadline == T0 + timedelta(seconds=2 * DAY)


def test_a_new_turn_has_the_deadline_of_its_own_bank(clock, alice, bob, carol):
    game_id, clients = human_table([alice, bob, carol])
    clock.shift(timedelta(hours=2))
    for client in clients:
        pass_first(client, game_id)
    leader = Game.objects.get(pk=game_id).state["trick"]["leader"]
    mine = seat(game_id, leader)
    assert mine.turn_started == T0 + timedelta(hours=2)
    assert mine.deadline == mine.turn_started + timedelta(seconds=DAY + mine.reserve)
    seen = get(clients[1], game_id)["seats"][leader]
    assert seen["reserve"] == mine.reserve
    assert seen["deadline"].startswith(mine.deadline.strftime("%Y-%m-%dT%H:%M"))


def test_the_sweeper_times_out_only_the_seats_whose_own_deadline_passed(
    clock, alice, bob, carol, queued
):
    game_id, (a, _, _) = human_table([alice, bob, carol])
    clock.shift(timedelta(hours=1))
    pass_first(a, game_id)  # alice has passed; bob and carol have not
    Seat.objects.filter(game_id=game_id, number=2).update(deadline=T0 + timedelta(days=5))
    clock.shift(timedelta(seconds=2 * DAY))  # past bob's deadline, not carol's
    assert services.sweep()["timeouts"] == 1
    timed_out = GameEvent.objects.filter(game_id=game_id, actor="timeout")
    assert list(timed_out.values_list("seat", flat=True)) == [1]
    assert seat(game_id, 1).reserve == 0
    assert seat(game_id, 2).to_act
    assert Game.objects.get(pk=game_id).turn_deadline == T0 + timedelta(days=5)


def test_turns_waiting_lists_the_people_to_act_whose_clock_runs(clock, alice, bob, carol):
    game_id, (a, _, _) = human_table([alice, bob, carol])
    pass_first(a, game_id)
    Seat.objects.filter(game_id=game_id, number=2).update(away_since=T0)  # carol is away
    waiting = selectors.turns_waiting()
    assert [(t.user_id, t.game_id, t.started) for t in waiting] == [(bob.pk, game_id, T0)]
