"""Settings, grouped: asking before each move and vacation are one tap from the table and
from home, and on screen there without scrolling, on a small phone."""

from playwright.sync_api import Page, expect

from .conftest import sign_up, start_ai_game
from .playing import phone_at

SMALL = (360, 640)
ON_SCREEN = """(el) => {
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
}"""


def one_tap_to_the_playing_settings(page: Page) -> None:
    page.get_by_role("link", name="Settings").first.click()  # the one tap
    expect(page.get_by_role("heading", name="Playing")).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    confirm = page.get_by_label("Ask before sending each move")
    vacation = page.get_by_role("button", name="Go on vacation")
    for control in (confirm, vacation):
        expect(control).to_be_visible()
        assert control.evaluate(ON_SCREEN), control


def test_move_confirmation_and_vacation_are_one_tap_from_the_table_and_home(browser, live_server):
    phone = phone_at(browser, live_server, SMALL)
    sign_up(phone, "alice")
    one_tap_to_the_playing_settings(phone)

    phone.goto("/#/")
    game_id = start_ai_game(phone)
    one_tap_to_the_playing_settings(phone)
    phone.get_by_label("Ask before sending each move").check()
    phone.get_by_role("button", name="Go on vacation").click()
    expect(phone.get_by_text("You are on vacation until")).to_be_visible()
    expect(phone.locator("#toast")).to_have_text("Saved.")  # on the server, not this device
    phone.goto(f"/#/game/{game_id}")
    assert phone.evaluate("JSON.parse(localStorage.getItem('barkside.prefs')).confirmMoves")
    phone.context.close()
