"""The autopilot is `swift`: the moves made for a person who timed out or resigned are
the network's, decided from their seat's view."""

import random
from datetime import timedelta

from django.utils import timezone

from games import autoplay, engine, services
from games.ai import AUTOPILOT, LEVELS, choose_move
from games.models import Game, Seat
from tests.helpers import client_for

from .conftest import create


def test_the_autopilot_is_swift_an_offered_level():
    assert AUTOPILOT == "swift"
    assert AUTOPILOT in LEVELS


def test_a_timed_out_seat_passes_what_swift_would(alice):
    game_id = create(client_for(alice), ai=["normal", "normal"])["id"]
    game = Game.objects.get(pk=game_id)
    expected = choose_move("swift", engine.view(game.state, 0), random.Random(0))
    past = timezone.now() - timedelta(seconds=1)
    Seat.objects.filter(game_id=game_id, number=0).update(deadline=past)
    Game.objects.filter(pk=game_id).update(turn_deadline=past)
    after = services.game_timeout(game_id, game.version)
    assert after is not None
    assert sorted(after.state["rounds"][-1]["passes"][0]) == sorted(expected["cards"])


def test_a_resigned_seat_is_played_by_swift(alice, monkeypatch):
    levels = []

    def recorded(level, view, rng, **options):
        levels.append((view["seat"], level))
        return choose_move(level, view, rng, **options)

    monkeypatch.setattr(autoplay, "choose_move", recorded)
    game_id = create(client_for(alice), ai=["normal", "normal"])["id"]
    assert client_for(alice).post(f"/api/games/{game_id}/resign").status_code == 200
    made = {level for seat, level in levels if seat == 0}
    assert made == {"swift"}
    assert {level for seat, level in levels if seat != 0} == {"normal"}
