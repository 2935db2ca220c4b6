"""The home screen tells a person at once when the AI took their seat without their
asking, in their language, with the way to the game: the notice comes over the real
`/ws/me/` socket of a daphne server.

Alice's clock runs out three times in a row through the write path in this process (the
sweeper's timeouts, as tests/browser/test_seat_states.py drives them; the AI seat moves
inline), which broadcasts on this test's Redis to the server her phone is connected to.
"""

import time

import pytest
import redis
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from barkside.broadcast import group_send
from barkside.celery import eager_tasks
from games import realtime, services
from games.models import Game
from tests.realtime.processes import Processes, database_url_for_tests

from .conftest import game_number, sign_up
from .playing import phone_at
from .test_seat_states import alice_times_out

SMALL = (360, 640)
LISTENING_WITHIN = 20  # seconds for the page's /ws/me/ socket to hear a fence


@pytest.fixture
def eager_ai():
    """Not the in-memory layer here: `stack` plays the AI inline on the Redis layer."""


@pytest.fixture
def stack(transactional_db, settings, tmp_path):
    """A daphne server on this test's database and Redis, whose sockets hear what this
    process broadcasts; AI turns run inline here. Its base URL."""
    url = settings.REDIS_URL
    redis.Redis.from_url(url).flushdb()
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [url]},
        }
    }
    settings.AI_MOVE_DELAY = 0
    env = {
        "DATABASE_URL": database_url_for_tests(),
        "REDIS_URL": url,
        "CHANNEL_LAYER": "redis",
        "CACHE": "locmem",
    }
    with eager_tasks(), Processes(tmp_path) as processes:
        yield processes.server(env)


def listening(ws, user_id: int) -> None:
    """Until the page's `/ws/me/` socket receives a fence sent to the user's group: a
    pub/sub layer drops what is sent before the server subscribed the socket."""
    fence = {"type": "user.notice", "notice": "fence"}
    deadline = time.monotonic() + LISTENING_WITHIN
    while True:
        try:
            with ws.expect_event("framereceived", lambda f: '"fence"' in f, timeout=500):
                group_send([(realtime.user_group(user_id), fence)])
            return
        except PlaywrightTimeout:
            assert time.monotonic() < deadline, "the /ws/me/ socket never heard its group"


def home_in_french(page: Page, user_id: int) -> None:
    page.evaluate("localStorage.setItem('barkside.lang', 'fr')")
    with page.expect_websocket(lambda ws: ws.url.endswith("/ws/me/")) as socket:
        page.reload()
    expect(page.get_by_text("Bonjour, alice !")).to_be_visible()
    listening(socket.value, user_id)


def test_home_tells_me_in_my_language_that_the_ai_took_my_seat_and_leads_to_it(
    browser, stack, make_user
):
    phone = phone_at(browser, None, SMALL, base_url=stack)
    sign_up(phone, "alice")
    alice = get_user_model().objects.get(username="alice")
    game = services.game_create(user=alice, players=3, ai=["random"], time_per_move=60)
    services.game_join(game_id=game.pk, user=make_user("bob"))
    home_in_french(phone, alice.pk)

    for _ in range(3):
        alice_times_out(Game.objects.get(pk=game.pk))

    number = game_number(game.pk)
    toast = phone.locator("#toast")
    expect(toast).to_contain_text(
        f"Partie n° {number} : votre temps s'est écoulé trois fois de suite, l'IA joue donc"
        " à votre place. Ouvrez la partie pour la reprendre."
    )
    toast.get_by_role("link", name="Ouvrir la partie").click()
    phone.wait_for_url(f"**/#/game/{game.pk}")
    expect(phone.get_by_role("button", name="Reprendre ma place")).to_be_visible()
    expect(toast).to_be_hidden()
    phone.context.close()
