"""The table in every language at 360x640: no label spills out of or is cut in its box.

One game, seen in English, French, German and Korean (Korean needs a CJK font on the
machine: Debian's fonts-noto-cjk); each screen is saved to artifacts/screenshots/.
"""

import pytest
from playwright.sync_api import Page, expect

from .conftest import seat_alice_and_bob, sign_up, start_ai_game
from .playing import phone_at, shot

LANGUAGES = ["en", "fr", "de", "ko"]
# Text boxes that must show their whole label: wider content than box means cut or spilled.
CUT = """(selector) => [...document.querySelectorAll(selector)]
  .filter((el) => el.getClientRects().length && el.scrollWidth > el.clientWidth + 1)
  .map((el) => el.textContent)"""
LABELS = ".tab, .action-bar .btn, .turn-banner, .strip .seat, .seat-actions .btn, .player"
# An AI seat's level, in each language: "Rex (hard)" is "Rex (schwer)" in German.
RANDOM_LEVEL = {"en": "random", "fr": "hasard", "de": "zufällig", "ko": "무작위"}


def in_language(page: Page, lang: str) -> None:
    page.evaluate(f"localStorage.setItem('barkside.lang', '{lang}')")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator(".hand-card").first).to_be_visible()


def labels_cut(page: Page) -> list[str]:
    return page.evaluate(CUT, LABELS)


@pytest.fixture
def small_phone(browser, live_server):
    page = phone_at(browser, live_server, (360, 640))
    yield page
    page.context.close()


def test_no_table_label_is_cut_in_any_language(small_phone):
    page = small_phone
    sign_up(page, "alice")
    start_ai_game(page, players=5)
    for lang in LANGUAGES:
        in_language(page, lang)
        assert labels_cut(page) == [], lang
        # The tiles show the dog's name; its level is there for screen readers.
        names = page.locator(".seat-strip .seat-name").all_text_contents()[1:]
        assert all(n.endswith(f" ({RANDOM_LEVEL[lang]})") for n in names), names
        shot(page, f"table-{lang}")
        page.locator("#tab-players").click()
        assert labels_cut(page) == [], lang
        shot(page, f"players-{lang}")
        page.locator("#tab-log").click()
        shot(page, f"history-{lang}")
        page.locator("#tab-log").click()


def test_the_mute_and_report_buttons_fit_in_every_language(new_phone):
    alice, bob = new_phone(), new_phone()
    seat_alice_and_bob(alice, bob)
    for lang in LANGUAGES:
        in_language(alice, lang)
        alice.locator("#tab-players").click()
        assert labels_cut(alice) == [], lang
        shot(alice, f"players-people-{lang}")
