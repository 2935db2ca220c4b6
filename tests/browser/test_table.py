"""The table on a phone: a whole game against the AI with every move on screen.

At 390x844 and 360x640, in every phase (and turned to landscape once per phase), every
card of the hand and the action bar lie inside the viewport without scrolling, each card
at least 44 px wide; no move is refused; the AIs are named; game over opens at the top.
"""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from games import services
from games.models import Game
from tests.helpers import expire_turn

from .conftest import SCREENSHOTS, sign_up, start_ai_game

VIEWPORTS = {"390x844": (390, 844), "360x640": (360, 640)}
BAD = {"serious", "critical"}
LOG = []
MY_TURN_OR_OVER = """(version) => {
  if (document.querySelector(".screen.over")) return true;
  const table = document.querySelector("section.table");
  return !!table && table.dataset.mine === "yes" && Number(table.dataset.version) > version;
}"""
# Boxes of what a move needs, measured in the page (CSS px, relative to the viewport).
BOXES = """() => [...document.querySelectorAll(".hand-card, .action-bar .btn")].map((el) => {
  const r = el.getBoundingClientRect();
  return {what: el.id || el.dataset.strength, left: r.left, top: r.top, right: r.right,
          bottom: r.bottom, width: r.width};
})"""


DEBUG = """() => ({table: {...document.querySelector("section.table").dataset},
  why: document.querySelector("#act-why").textContent,
  pass: document.querySelector("#act-pass").outerHTML,
  selected: [...document.querySelectorAll(".hand-card.selected")].map((b) => b.dataset.strength),
  hand: [...document.querySelectorAll(".hand-card")].map((b) => b.dataset.strength)})"""


def phone_at(browser, live_server, size) -> Page:
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        base_url=live_server.url,
    )
    page = context.new_page()
    page.on("console", lambda m: LOG.append(m.text))
    page.set_default_timeout(20000)
    return page


def refused_moves(page: Page) -> list:
    refused = []
    page.on(
        "response",
        lambda r: (
            "/moves" in r.url
            and r.status >= 400
            and refused.append((r.status, r.text(), r.request.post_data, page.evaluate(DEBUG)))
        ),
    )
    return refused


def assert_on_screen(page: Page, label: str) -> None:
    """Every hand card and action button inside the viewport, no scrolling needed."""
    size = page.viewport_size
    assert page.evaluate("window.scrollY") == 0, label
    boxes = page.evaluate(BOXES)
    cards = [b for b in boxes if not str(b["what"]).startswith("act-")]
    assert cards and any(str(b["what"]).startswith("act-") for b in boxes), (label, boxes)
    for box in boxes:
        inside = (
            box["left"] >= 0
            and box["top"] >= 0
            and box["right"] <= size["width"] + 0.5
            and box["bottom"] <= size["height"] + 0.5
        )
        assert inside, (label, size, box)
    for box in cards:
        assert box["width"] >= 44, (label, box)


def in_landscape(page: Page, label: str) -> None:
    portrait = page.viewport_size
    page.set_viewport_size({"width": portrait["height"], "height": portrait["width"]})
    try:
        page.wait_for_timeout(100)
        assert_on_screen(page, f"{label}, landscape")
        shot(page, f"{label}-landscape")
    finally:
        page.set_viewport_size(portrait)


def shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def first_legal(page: Page) -> None:
    """Select a legal move through the UI: the first card(s) that light a button up."""
    table = page.locator("section.table")
    cards = page.locator(".hand-card")
    if table.get_attribute("data-phase") == "passing":
        cards.nth(0).click()
        cards.nth(1).click()
        button = page.locator("#act-pass")
        try:
            expect(button).to_be_enabled(timeout=5000)
        except AssertionError:
            shot(page, "debug-pass")
            raise AssertionError((page.evaluate(DEBUG), LOG[-12:])) from None
        button.click()
        return
    for i in range(cards.count()):
        cards.nth(i).click()
        play = page.locator("#act-play")
        if play.is_enabled():
            play.click()
            return
    tuck = page.locator("#act-tuck")
    expect(tuck).to_be_enabled()
    tuck.click()


def serious(page: Page) -> list[str]:
    page.wait_for_timeout(600)  # entry animations done: axe reads final colours
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in BAD
    ]


@pytest.mark.parametrize("size", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_whole_game_against_the_ai_never_scrolls_and_refuses_nothing(browser, live_server, size):
    name = f"{size[0]}x{size[1]}"
    page = phone_at(browser, live_server, size)
    refused = refused_moves(page)
    sign_up(page, "alice")
    start_ai_game(page, players=4)

    # Every AI has its own name, with its level.
    names = page.locator(".seat-strip .seat-name").all_inner_texts()
    assert names[0] == "You"
    assert all(re.fullmatch(r"\w+ \(random\)", n) for n in names[1:]), names
    assert len(set(names)) == 4, names

    version, phases_seen = -1, set()
    for _turn in range(400):
        page.wait_for_function(MY_TURN_OR_OVER, arg=version)
        table = page.locator("section.table")
        if not table.count():
            break
        version = int(table.get_attribute("data-version"))
        phase = table.get_attribute("data-phase")
        label = f"{name}-{phase}-{table.get_attribute('data-hand')}cards"
        assert_on_screen(page, label)
        if phase not in phases_seen:
            phases_seen.add(phase)
            shot(page, f"table-{label}")
            in_landscape(page, f"table-{label}")
            assert serious(page) == []
        first_legal(page)
    else:
        raise AssertionError("the game did not end")

    assert phases_seen == {"passing", "tricks"}, phases_seen
    assert refused == []
    over = page.locator(".screen.over")
    expect(over).to_be_visible()
    expect(page.locator(".screen.over h1")).to_have_text(
        re.compile("You won!|You are the dog in the doghouse.|A draw|You are safe: .* lost.")
    )
    expect(page.locator(".headline")).to_contain_text(re.compile(r"You finished #\d of 4"))
    assert page.evaluate("window.scrollY") == 0
    shot(page, f"over-{name}")
    assert serious(page) == []
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
    # The seat is the AI's for good: it passed for me, and there is nothing to resign.
    expect(phone.locator(".pass-info")).to_contain_text("You passed")
    expect(phone.get_by_role("button", name="Resign")).to_have_count(0)
    phone.get_by_role("button", name="Players").click()
    expect(phone.locator('.player[data-seat="0"] .badge')).to_have_text("left")


def test_the_table_heals_itself_when_the_network_returns(phone):
    sign_up(phone, "alice")
    start_ai_game(phone)
    expect(phone.locator("#conn")).to_have_text("Syncing")  # no socket on the test server
    phone.context.set_offline(True)
    phone.evaluate("window.dispatchEvent(new Event('offline'))")
    expect(phone.locator("#offline-banner")).to_be_visible()
    phone.wait_for_timeout(1500)
    phone.context.set_offline(False)
    # No tap: the banner goes and the table follows the game again.
    expect(phone.locator("#offline-banner")).to_be_hidden()
    expect(phone.locator("#conn")).to_have_text("Syncing")
    first_legal(phone)
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
