"""An AI turn that is late (more tables thinking than the workers keep up with) thinks
less, down to the `normal` rule, so the queue drains instead of growing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import autoplay, services
from games.models import Game


@pytest.fixture
def chosen(monkeypatch):
    """The (level, budget) of every AI decision."""
    made = []

    def record(level, view, rng, budget=None, iterations=None):
        made.append((level, budget))
        return view["legal_moves"][0]

    monkeypatch.setattr(autoplay, "choose_move", record)
    return made


def test_a_turn_on_time_thinks_its_whole_budget(settings):
    settings.AI_BUDGET, settings.AI_LATE_LIMIT = 1.0, 2.0
    assert autoplay.thinking_time(0.0) == 1.0
    assert autoplay.thinking_time(-0.2) == 1.0  # a task that ran early


def test_a_late_turn_thinks_half_of_what_is_left_of_the_limit(settings):
    settings.AI_BUDGET, settings.AI_LATE_LIMIT = 1.0, 2.0
    assert autoplay.thinking_time(1.0) == pytest.approx(0.5)
    assert autoplay.thinking_time(1.5) == pytest.approx(0.25)


def test_a_turn_nearly_at_the_limit_plays_without_searching(settings):
    settings.AI_BUDGET, settings.AI_LATE_LIMIT = 1.0, 2.0
    assert autoplay.thinking_time(1.95) is None
    assert autoplay.thinking_time(30.0) is None


def test_a_hard_seat_whose_turn_is_long_overdue_plays_the_level_below_without_search(
    make_user, queued, chosen, settings
):
    alice = make_user("alice")
    game = services.game_create(user=alice, players=3, ai=["hard", "hard"], time_per_move=300)
    Game.objects.filter(pk=game.pk).update(last_move=timezone.now() - timedelta(seconds=30))
    assert services.ai_move(game.pk, game.version) is not None
    assert chosen == [("swift", None)]


def test_a_hard_seat_on_time_searches_with_its_budget(make_user, queued, chosen, settings):
    settings.AI_BUDGET = 0.3
    alice = make_user("alice")
    game = services.game_create(user=alice, players=3, ai=["hard", "hard"], time_per_move=300)
    assert services.ai_move(game.pk, game.version) is not None
    assert chosen == [("hard", 0.3)]
