"""Cards move across the table: a pass flies from seat to seat, the caught cards fly to
the loser's doghouse, and the last action is highlighted; with prefers-reduced-motion
nothing flies and nothing slides."""

from playwright.sync_api import Page, expect

from .conftest import sign_up, start_ai_game
from .playing import make_move, phone_at, wait_my_turn

# Every card put in flight, kept on the window: [{kind, left, top}].
FLIGHTS = """() => {
  window.flights = [];
  new MutationObserver((records) => {
    for (const r of records) for (const el of r.addedNodes) {
      if (el.classList && el.classList.contains("fly")) {
        window.flights.push({kind: el.className, text: el.textContent});
      }
    }
  }).observe(document, {childList: true, subtree: true});
}"""


def open_table(browser, live_server, reduced: str) -> tuple[Page, int]:
    page = phone_at(browser, live_server, (390, 844), reduced_motion=reduced)
    page.add_init_script(f"({FLIGHTS})()")
    sign_up(page, "alice")
    return page, start_ai_game(page, players=3)


def flights(page: Page, kind: str) -> list:
    return [f for f in page.evaluate("window.flights") if kind in f["kind"]]


def play_the_round_out(page: Page, game_id: int) -> None:
    version = -1
    while page.locator("section.table").get_attribute("data-rounds") == "0":
        version = wait_my_turn(page, version)
        if version is None or page.locator("section.table").get_attribute("data-rounds") != "0":
            return
        make_move(page, game_id)


def test_a_pass_flies_to_the_next_seat_and_the_caught_cards_to_the_doghouse(browser, live_server):
    page, game_id = open_table(browser, live_server, "no-preference")
    make_move(page, game_id)  # my pass
    expect(page.locator(".pass-info")).to_contain_text("You passed")
    assert len(flights(page, "pass")) == 2  # two cards, face down
    # The last action is mine, highlighted on my seat with a pulse as it arrives.
    mine = page.locator('.strip .seat.last.fresh[data-seat="0"]')
    expect(mine).to_have_count(1)
    assert mine.evaluate("(el) => getComputedStyle(el).animationName") == "last-pulse"
    expect(page.locator(".fly")).to_have_count(0)  # landed and gone

    play_the_round_out(page, game_id)
    # Round 1's caught cards, face up, fly to the loser's seat.
    expect(page.locator(".last-round")).to_be_visible()
    caught = page.locator(".last-round p").last.inner_text()
    faces = [f["text"] for f in flights(page, "caught")]
    assert faces and all(face in caught for face in faces), (faces, caught)
    page.context.close()


def test_with_reduced_motion_nothing_flies_or_slides(browser, live_server):
    page, game_id = open_table(browser, live_server, "reduce")
    make_move(page, game_id)
    expect(page.locator(".pass-info")).to_contain_text("You passed")
    mine = page.locator('.strip .seat.last.fresh[data-seat="0"]')
    expect(mine).to_have_count(1)  # still marked, without the pulse
    assert mine.evaluate("(el) => getComputedStyle(el).animationName") == "none"
    version = wait_my_turn(page, -1)
    assert version is not None
    if page.locator(".move").count() == 0:  # the deal made me lead: a card of mine, then
        make_move(page, game_id)
    expect(page.locator(".move").first).to_be_visible()
    animations = page.evaluate(
        "[...document.querySelectorAll('.move, .strip .seat')]"
        ".map((el) => getComputedStyle(el).animationName)"
    )
    assert set(animations) == {"none"}, animations
    assert page.evaluate("window.flights") == []
    page.context.close()
