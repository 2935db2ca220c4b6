"""Playing a whole game through the table's UI, and measuring what a move needs.

The move is chosen from the legal moves the server offers this seat (read with the page's
own session), then made with the taps a person would make: a card, or two, and a button.
"""

import random
import re
import time

from playwright.sync_api import Page, expect

from .conftest import SCREENSHOTS

MY_TURN_OR_OVER = """(version) => {
  if (document.querySelector(".screen.over")) return true;
  const table = document.querySelector("section.table");
  return !!table && table.dataset.mine === "yes" && table.dataset.busy === "no"
    && Number(table.dataset.version) > version;
}"""
# Boxes of what a move needs, measured in the page (CSS px, relative to the viewport).
BOXES = """() => [...document.querySelectorAll(".hand-card, .action-bar .btn")].map((el) => {
  const r = el.getBoundingClientRect();
  return {what: el.id || el.dataset.strength, left: r.left, top: r.top, right: r.right,
          bottom: r.bottom, width: r.width};
})"""
# Every text the toast showed (errors and refusals are toasts), kept on the window.
TOASTS = """() => {
  window.toasts = [];
  const watch = () => {
    const el = document.getElementById("toast");
    if (!el) return setTimeout(watch, 50);
    new MutationObserver(() => { if (!el.hidden && el.textContent) window.toasts.push(el.textContent); })
      .observe(el, {childList: true, characterData: true, subtree: true, attributes: true});
  };
  watch();
}"""
DEBUG = """() => ({table: {...document.querySelector("section.table").dataset},
  why: document.querySelector("#act-why").textContent,
  selected: [...document.querySelectorAll(".hand-card.selected")].map((b) => b.dataset.strength),
  hand: [...document.querySelectorAll(".hand-card")].map((b) => b.dataset.strength)})"""
VIEW = """async (id) => (await (await fetch(`/api/games/${id}`)).json()).view"""


class Refusals:
    """Moves answered with an error, and toasts shown, on one page."""

    def __init__(self, page: Page):
        self.page = page
        self.responses = []
        page.add_init_script(f"({TOASTS})()")
        page.on(
            "response",
            lambda r: "/moves" in r.url and r.status >= 400 and self.responses.append(r.status),
        )

    def all(self) -> list:
        toasts = self.page.evaluate("window.toasts || []")
        return self.responses + toasts


def phone_at(browser, live_server, size, **options) -> Page:
    """A phone of `size` (width, height) on the live server (or `base_url`)."""
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        base_url=options.pop("base_url", None) or live_server.url,
        **options,
    )
    page = context.new_page()
    page.set_default_timeout(20000)
    return page


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


def shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def in_landscape(page: Page, label: str) -> None:
    portrait = page.viewport_size
    page.set_viewport_size({"width": portrait["height"], "height": portrait["width"]})
    try:
        page.wait_for_timeout(100)
        assert_on_screen(page, f"{label}, landscape")
        shot(page, f"{label}-landscape")
    finally:
        page.set_viewport_size(portrait)


def phase_of(page: Page) -> str:
    """passing, round-end (passing with the last round's story shown), tricks, over."""
    if page.locator(".screen.over").count():
        return "over"
    table = page.locator("section.table")
    phase = table.get_attribute("data-phase")
    if phase == "passing" and table.get_attribute("data-rounds") != "0":
        return "round-end"
    return phase


def wait_my_turn(page: Page, version: int) -> int | None:
    """The table's version once it is my turn again; None at game over."""
    page.wait_for_function(MY_TURN_OR_OVER, arg=version, timeout=60000)
    table = page.locator("section.table")
    if not table.count():
        return None
    return int(table.get_attribute("data-version"))


def choose(legal: list[dict]) -> dict:
    """A play of one strength when there is one, else the tuck; a pass while passing."""
    plays = [m for m in legal if m["kind"] in ("pass", "play")]
    return plays[0] if plays else legal[0]


def card_taps(page: Page, cards: list[int]) -> list:
    """The hand's buttons for these cards: the 1st, 2nd... card of each strength."""
    taps = []
    for i, strength in enumerate(cards):
        before = cards[:i].count(strength)
        taps.append(page.locator(f'.hand-card[data-strength="{strength}"]').nth(before))
    return taps


def shown_view(page: Page, game_id: int) -> dict:
    """The server's view of my seat once the table shows that very version (AIs passing
    while I choose raise it; the page shows each new view a moment later)."""
    deadline = time.monotonic() + 20
    while True:
        view = page.evaluate(VIEW, game_id)
        shown = page.locator("section.table").get_attribute("data-version")
        if int(shown) == view["version"]:
            return view
        assert time.monotonic() < deadline, ("the table stays behind", shown, view["version"])
        page.wait_for_timeout(200)


def make_move(page: Page, game_id: int, pause=None) -> None:
    """Tap the cards of a legal move, then its button; `pause()` runs before each tap."""
    view = shown_view(page, game_id)
    assert view["legal_moves"], ("not my turn", view, page.evaluate(DEBUG))
    move = choose(view["legal_moves"])
    leading = page.locator("section.table").get_attribute("data-leading") == "yes"
    button = f"#act-{move['kind']}"
    if move["kind"] == "tuck":
        taps = []  # a tuck always discards the lowest cards: nothing to select
    elif move["kind"] == "play" and not leading:
        taps = card_taps(page, move["cards"][:1])  # following selects as many as needed
    else:
        taps = card_taps(page, move["cards"])
    pause = pause or (lambda: None)
    for tap in taps:
        pause()
        try:
            tap.click(timeout=5000)
        except Exception:
            raise AssertionError((move, page.evaluate(DEBUG))) from None
    pause()
    try:
        expect(page.locator(button)).to_be_enabled(timeout=5000)
    except AssertionError:
        raise AssertionError((move, page.evaluate(DEBUG))) from None
    page.locator(button).click()


def human_pause(page: Page, rng: random.Random):
    """A person's rhythm: 0.5-1 s between two taps."""
    return lambda: page.wait_for_timeout(rng.uniform(500, 1000))


OVER_HEADLINE = re.compile(
    "You won!|You are the dog in the doghouse.|A draw|You are safe: .* lost."
)
