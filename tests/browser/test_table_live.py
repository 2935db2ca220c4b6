"""A whole game at a person's pace on the whole stack: daphne (the socket pushes every
move), a Celery worker playing the AIs with a short AI_MOVE_DELAY, PostgreSQL and Redis.

The AIs pass and play while the person is still choosing (0.5-1 s between two taps), the
very race that made passes stale; not one move may be refused. The game switches between
390x844 and 360x640 from one round to the next, and every phase is measured at both.
"""

import random

import pytest
import redis
from playwright.sync_api import expect

from barkside.celery import sending_to
from tests.realtime.processes import Processes, database_url_for_tests

from .conftest import sign_up, start_ai_game
from .playing import (
    Refusals,
    assert_on_screen,
    human_pause,
    make_move,
    phase_of,
    phone_at,
    shot,
    wait_my_turn,
)
from .test_table import assert_game_over_at_the_top

SIZES = [(390, 844), (360, 640)]


@pytest.fixture
def eager_ai():
    """Not here: the worker plays the AIs, as in production."""


@pytest.fixture
def stack(transactional_db, settings, tmp_path):
    """A daphne server and a worker on this test's database and REDIS_URL; its base URL."""
    url = settings.REDIS_URL  # this session's own database: emptied, as the realtime tests do
    redis.Redis.from_url(url).flushdb()
    env = {
        "DATABASE_URL": database_url_for_tests(),
        "REDIS_URL": url,
        "CHANNEL_LAYER": "redis",
        "AI_MOVE_DELAY": "0.2",
        "CACHE": "locmem",
    }
    with sending_to(url), Processes(tmp_path) as processes:
        processes.worker(env)
        yield processes.server(env)


def test_a_whole_game_at_a_persons_pace_refuses_nothing_and_never_scrolls(browser, stack):
    page = phone_at(browser, None, SIZES[0], base_url=stack)
    refusals = Refusals(page)
    sign_up(page, "alice")
    game_id = start_ai_game(page, players=3)
    expect(page.locator("#conn")).to_have_text("Live")
    pause = human_pause(page, random.Random(14))

    version, seen = -1, set()
    for _turn in range(400):
        version = wait_my_turn(page, version)
        if version is None:
            break
        rounds = int(page.locator("section.table").get_attribute("data-rounds"))
        width, height = SIZES[rounds % 2]
        page.set_viewport_size({"width": width, "height": height})
        phase = phase_of(page)
        label = f"live-{width}x{height}-{phase}"
        assert_on_screen(page, label)
        if (phase, width) not in seen:
            seen.add((phase, width))
            shot(page, f"table-{label}")
        make_move(page, game_id, pause)
    else:
        raise AssertionError("the game did not end")

    assert {phase for phase, _ in seen} == {"passing", "round-end", "tricks"}, seen
    assert {width for _, width in seen} == {390, 360}, seen
    assert refusals.all() == []
    assert_game_over_at_the_top(page, 3, "live")
    page.context.close()
