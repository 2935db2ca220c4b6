"""Seats the AI played before seats said why are told why from their events."""

import pytest

from tests.migrations import latest_after, migrate  # noqa: F401 (latest_after: a fixture)

BEFORE = [("games", "0014_seat_overdue_since")]
AFTER = [("games", "0015_seat_handover")]


@pytest.mark.usefixtures("latest_after")
def test_each_seat_the_ai_plays_is_told_why(alice, bob, carol, dave):
    old = migrate(BEFORE)
    game = old.get_model("games", "Game").objects.create(players=4, time_per_move=60)
    seats, events = old.get_model("games", "Seat"), old.get_model("games", "GameEvent")
    for number, (user, state) in enumerate(
        [(alice, "left"), (bob, "left"), (carol, "autopilot"), (dave, "playing")]
    ):
        seats.objects.create(game=game, number=number, user_id=user.pk, state=state)
    events.objects.create(game=game, version=1, seat=1, kind="expelled")

    new = migrate(AFTER).get_model("games", "Seat")
    told = dict(new.objects.filter(game_id=game.pk).values_list("number", "handover"))
    assert told == {0: "timeouts", 1: "expelled", 2: "moderator", 3: ""}
