"""The table on a phone: a whole game against the AI with every move on screen.

At 390x844 and 360x640, in every phase (and turned to landscape once per phase), every
card of the hand and the action bar lie inside the viewport without scrolling, each card
at least 44 px wide; no move is refused; the AIs are named; game over opens at the top.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from games import services
from games.models import Game
from tests.helpers import expire_turn

from .axe import Axe
from .conftest import sign_up, start_ai_game
from .playing import (
    OVER_HEADLINE,
    Refusals,
    assert_on_screen,
    in_landscape,
    make_move,
    phase_of,
    phone_at,
    shot,
    wait_my_turn,
)

VIEWPORTS = {"390x844": (390, 844), "360x640": (360, 640)}
BAD = {"serious", "critical"}


def serious(page: Page) -> list[str]:
    page.wait_for_timeout(600)  # entry animations done: axe reads final colours
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in BAD
    ]


def play_to_the_end(page: Page, game_id: int, name: str, pause=None) -> set[str]:
    """Every move made through the UI; each phase measured, and once each in landscape
    with a screenshot and axe-core. Returns the phases seen."""
    version, phases_seen = -1, set()
    for _turn in range(400):
        version = wait_my_turn(page, version)
        if version is None:
            return phases_seen
        phase = phase_of(page)
        label = f"{name}-{phase}-{page.locator('section.table').get_attribute('data-hand')}cards"
        assert_on_screen(page, label)
        if phase not in phases_seen:
            phases_seen.add(phase)
            shot(page, f"table-{label}")
            in_landscape(page, f"table-{label}")
            assert serious(page) == [], label
        make_move(page, game_id, pause)
    raise AssertionError("the game did not end")


def assert_game_over_at_the_top(page: Page, players: int, name: str) -> None:
    expect(page.locator(".screen.over")).to_be_visible()
    expect(page.locator(".screen.over h1")).to_have_text(OVER_HEADLINE)
    expect(page.locator(".headline")).to_contain_text(re.compile(rf"You finished #\d of {players}"))
    assert page.evaluate("window.scrollY") == 0
    top = page.evaluate("document.querySelector('.screen.over h1').getBoundingClientRect().top")
    assert 0 <= top < 200, top
    shot(page, f"over-{name}")
    assert serious(page) == [], "game over"


@pytest.mark.parametrize("size", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_whole_game_at_instant_speed_never_scrolls_and_refuses_nothing(
    browser, live_server, size
):
    """Taps as fast as the page takes them, the AIs moving inside each request."""
    name = f"{size[0]}x{size[1]}"
    page = phone_at(browser, live_server, size)
    refusals = Refusals(page)
    sign_up(page, "alice")
    game_id = start_ai_game(page, players=3)

    # Every AI has its own name, with its level (read out; the tiles show the dog's name).
    names = page.locator(".seat-strip .seat-name").all_text_contents()
    assert names[0] == "You"
    assert all(re.fullmatch(r"\w+ \(random\)", n) for n in names[1:]), names
    assert len(set(names)) == 3, names

    phases = play_to_the_end(page, game_id, name)

    assert phases == {"passing", "round-end", "tricks"}, phases
    assert refusals.all() == []
    assert_game_over_at_the_top(page, 3, name)
    page.context.close()


def test_resigning_asks_first_then_the_ai_plays_the_seat(phone):
    sign_up(phone, "alice")
    start_ai_game(phone)
    phone.get_by_role("button", name="Resign").click()
    dialog = phone.get_by_role("dialog", name="Resign this game?")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Keep playing").click()
    expect(phone.locator(".pass-info")).to_have_count(0)  # nothing was sent

    phone.get_by_role("button", name="Resign").click()
    phone.get_by_role("dialog", name="Resign this game?").get_by_role(
        "button", name="Resign"
    ).click()
    # The seat is the AI's for good: there is nothing to resign. (Not "You passed": on a
    # busy machine the AI seats can be past the passing before the phone looks again.)
    expect(phone.get_by_role("button", name="Resign")).to_have_count(0)
    # The AI seats may play the game to its end first (a slow machine, a late look):
    # then the end screen says so instead of the table's seats.
    players = phone.get_by_role("button", name="Players")
    you_left = phone.get_by_role("heading", name=re.compile("^You left this game"))
    expect(players.or_(you_left)).to_be_visible()
    if players.is_visible():
        players.click()
        left = phone.locator('.player[data-seat="0"] .badge').or_(you_left)
        expect(left).to_have_text(re.compile("^(left|You left this game.*)$"))


def test_the_table_heals_itself_when_the_network_returns(phone):
    sign_up(phone, "alice")
    game_id = start_ai_game(phone)
    expect(phone.locator("#conn")).to_have_text("Syncing")  # no socket on the test server
    phone.context.set_offline(True)
    phone.evaluate("window.dispatchEvent(new Event('offline'))")
    expect(phone.locator("#offline-banner")).to_be_visible()
    phone.wait_for_timeout(1500)
    phone.context.set_offline(False)
    # No tap: the banner goes and the table follows the game again.
    expect(phone.locator("#offline-banner")).to_be_hidden()
    expect(phone.locator("#conn")).to_have_text("Syncing")
    make_move(phone, game_id)
    expect(phone.locator(".pass-info")).to_contain_text("You passed")


def test_an_app_opened_offline_opens_the_table_once_the_network_is_back(phone):
    sign_up(phone, "alice")
    start_ai_game(phone)
    phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.reload()  # now controlled by the worker, whose install cached the shell
    phone.wait_for_function("navigator.serviceWorker.controller !== null")
    phone.context.set_offline(True)
    phone.reload()
    expect(phone.get_by_role("heading", name="You are offline")).to_be_visible()
    phone.context.set_offline(False)
    expect(phone.locator(".hand-card").first).to_be_visible(timeout=20000)
    expect(phone.locator("#offline-banner")).to_be_hidden()


def test_after_the_autopilot_moved_for_you_a_notice_says_what_it_did(phone):
    sign_up(phone, "alice")
    game_id = start_ai_game(phone)
    expire_turn(Game.objects.get(pk=game_id))
    # The table learns of the passed deadline on its next poll: the clock says so, in red.
    expect(phone.locator(".turn-banner .timer")).to_have_text("time's up")
    expect(phone.locator(".turn-banner .timer")).to_have_class(re.compile("low"))

    game = services.game_timeout(game_id, Game.objects.get(pk=game_id).version)
    passed = game.state["rounds"][-1]["passes"][0]
    assert passed is not None

    notice = phone.locator(".autopilot-notice")
    expect(notice).to_contain_text(
        f"Your time ran out: the autopilot passed {passed[0]} {passed[1]} to"
    )
    notice.get_by_role("button", name="OK").click()
    expect(notice).to_have_count(0)


@pytest.mark.parametrize("size", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_twelve_card_hand_fits_too(browser, live_server, size):
    page = phone_at(browser, live_server, size)
    sign_up(page, "alice")
    game_id = start_ai_game(page)
    game = Game.objects.get(pk=game_id)
    state = game.state
    state["hands"][0] = sorted(state["hands"][0] + [1, 2])  # two more than any deal gives
    Game.objects.filter(pk=game_id).update(state=state)
    page.reload()
    expect(page.locator("section.table")).to_have_attribute("data-hand", "12")
    label = f"{size[0]}x{size[1]}-12cards"
    assert_on_screen(page, label)
    in_landscape(page, f"table-{label}")
    shot(page, f"table-{label}")
    page.context.close()
