"""The table on a small phone, in every phase and language: nothing a move needs is off
screen, no toast lies over it, and no title, tab or seat tile is cut.

One game per viewport against four AIs (five seats: a wide strip and two rows of
cards), the AIs moving only when the test lets them, so a table waiting for the others
stays so while it is measured. At the first occurrence of each phase (pass, lead,
follow, the round over, waiting for the others) the page is shown in English, French,
German and Korean in turn, and
measured with bounding boxes: the hand, the action bar and every card of the play to beat
(and who played it) inside the viewport; a toast shown there overlapping none of them and
leaving their taps to them; `scrollWidth <= clientWidth` on the title, the tabs and the
seat tiles. The game stops once every phase was seen in every language.
"""

import pytest
from playwright.sync_api import Page, expect

from games import services

from .conftest import PHONE, sign_up, start_ai_game
from .playing import VIEW, make_move, phone_at, shot, wait_my_turn
from .test_table_languages import LANGUAGES, in_language

VIEWPORTS = {"360x640": (360, 640), "390x844": (390, 844)}
PHASES = {"pass", "lead", "follow", "round-over", "waiting"}

# What a move needs on screen: the hand, the action bar's buttons, and the play to beat
# (its cards and who played it) with the round's result at the next round's start. A
# box is what shows of it: cut by every scrolling or clipping box around it.
NEEDED = """() => [...document.querySelectorAll(
    ".hand-card, .action-bar .btn, .trick .to-beat .card, .trick .to-beat .move-who, .last-round .caught-line")]
  .map((el) => {
    const r = el.getBoundingClientRect();
    const box = {what: el.className, text: el.textContent.trim().slice(0, 30),
                 left: r.left, top: r.top, right: r.right, bottom: r.bottom, cut: []};
    for (let up = el.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const c = up.getBoundingClientRect();
      if (r.left < c.left - 0.5 || r.right > c.right + 0.5 || r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5) {
        box.cut.push(up.className || up.tagName);
      }
    }
    return box;
  })"""
# Labels that must show whole: wider (or, clamped, taller) content than box means cut.
CUT = """() => [...document.querySelectorAll(
    ".app-title, .tab, .strip .seat, .strip .seat-name, .trick .move-who")]
  .filter((el) => el.getClientRects().length
    && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
  .map((el) => `${el.className}: ${el.textContent}`)"""
# The toast's box, and what a tap at the centre of each needed thing would reach.
TOAST_AND_TAPS = """() => {
  const toast = document.getElementById("toast").getBoundingClientRect();
  const missed = [...document.querySelectorAll(".hand-card, .action-bar .btn")].filter((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !hit || !el.contains(hit);
  }).map((el) => el.id || el.dataset.strength);
  return {toast: {left: toast.left, top: toast.top, right: toast.right, bottom: toast.bottom}, missed};
}"""
SETTLED = "() => document.querySelector('section.table')?.dataset.busy === 'no'"
SHOW_TOAST = """async () => {
  const [{ toast }, { t }] = await Promise.all([import("/app/js/dom.js"), import("/app/js/i18n.js")]);
  toast(t("error.stale"));
}"""


def phase_now(page: Page, view: dict) -> str:
    table = page.locator("section.table")
    if table.get_attribute("data-mine") != "yes":
        return "waiting"
    if view["phase"] == "passing":
        return "round-over" if view.get("last_round") else "pass"
    return "lead" if view["trick"]["count"] is None else "follow"


def overlap(a: dict, b: dict) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    )


def assert_the_play_to_beat_is_shown(page: Page, view: dict, label: str) -> None:
    trick = view["trick"]
    beat = page.locator(".trick .to-beat")
    expect(beat).to_have_count(1)
    cards = beat.locator(".card")
    expect(cards).to_have_count(trick["count"])
    for i in range(trick["count"]):
        expect(cards.nth(i)).to_have_class(f"card s{trick['top']} small")
    assert beat.get_attribute("data-seat") == str(trick["winner"]), label


def measure(page: Page, game_id: int, phase: str, label: str) -> None:
    """Everything a move needs inside the viewport, nothing cut, a toast out of the way."""
    size = page.viewport_size
    if phase == "follow":
        assert_the_play_to_beat_is_shown(page, page.evaluate(VIEW, game_id), label)
    if phase == "round-over":
        expect(page.locator(".last-round .caught-line")).to_have_count(1)
    assert page.evaluate("window.scrollY") == 0, label
    shot(page, f"phone-{label}")
    needed = page.evaluate(NEEDED)
    assert any("hand-card" in b["what"] for b in needed), (label, needed)
    for box in needed:
        inside = (
            box["left"] >= -0.5
            and box["top"] >= -0.5
            and box["right"] <= size["width"] + 0.5
            and box["bottom"] <= size["height"] + 0.5
        )
        assert inside and not box["cut"], (label, size, box)
    assert page.evaluate(CUT) == [], label

    page.evaluate(SHOW_TOAST)
    expect(page.locator("#toast")).to_be_visible()
    seen = page.evaluate(TOAST_AND_TAPS)
    covered = [b for b in needed if overlap(seen["toast"], b)]
    assert covered == [], (label, seen["toast"], covered)
    assert seen["missed"] == [], label
    page.evaluate("document.getElementById('toast').hidden = true")


def let_the_ais_play(queued) -> None:
    """Every AI turn due, in order (each may make the next one due)."""
    while queued:
        services.ai_move(*queued.pop(0))


def sweep_languages(page: Page, game_id: int, phase: str, name: str) -> bool:
    """The phase measured in every language; False when a reload ended it (a waiting
    table that moved on meanwhile)."""
    for lang in LANGUAGES:
        in_language(page, lang)
        page.wait_for_function(SETTLED)
        if phase_now(page, page.evaluate(VIEW, game_id)) != phase:
            return False
        measure(page, game_id, phase, f"{name}-{phase}-{lang}")
    return True


@pytest.mark.parametrize("size", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_every_phase_fits_a_phone_in_every_language(browser, live_server, queued, size):
    name = f"{size[0]}x{size[1]}"
    page = phone_at(browser, live_server, size)
    sign_up(page, "alice")
    game_id = start_ai_game(page, players=5)
    version, done = -1, set()
    for _turn in range(200):
        let_the_ais_play(queued)
        version = wait_my_turn(page, version)
        assert version is not None, ("the game ended first", done)
        phase = phase_now(page, page.evaluate(VIEW, game_id))
        if phase not in done and sweep_languages(page, game_id, phase, name):
            done.add(phase)
        if done == PHASES:
            break
        make_move(page, game_id)
        page.wait_for_function(SETTLED)
        waiting = page.locator("section.table").get_attribute("data-mine") == "no"
        if waiting and "waiting" not in done and sweep_languages(page, game_id, "waiting", name):
            done.add("waiting")
    assert done == PHASES, done
    page.context.close()


def box_of(page: Page, selector: str) -> dict:
    return page.evaluate(
        "(s) => { const r = document.querySelector(s).getBoundingClientRect();"
        " return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; }",
        selector,
    )


@pytest.mark.parametrize(
    "size", [(360, 640), (PHONE["width"], PHONE["height"])], ids=["360x640", "390x844"]
)
def test_offline_the_status_says_so_and_the_banner_leaves_the_app_bar_whole(
    browser, live_server, size
):
    page = phone_at(browser, live_server, size)
    sign_up(page, "alice")
    start_ai_game(page)
    expect(page.locator("#conn")).to_have_text("Syncing")  # no socket on the test server
    page.context.set_offline(True)
    # Said at once, not at the socket's next retry.
    status = page.evaluate(
        "() => { window.dispatchEvent(new Event('offline'));"
        " return document.getElementById('conn').textContent; }"
    )
    assert status == "Offline"
    expect(page.locator("#offline-banner")).to_be_visible()
    assert not overlap(box_of(page, "#offline-banner"), box_of(page, ".app-bar"))
    measure(page, int(page.url.rsplit("/", 1)[1]), "pass", f"{size[0]}x{size[1]}-offline")
    page.context.set_offline(False)
    expect(page.locator("#offline-banner")).to_be_hidden()
    expect(page.locator("#conn")).to_have_text("Syncing")
    page.context.close()
