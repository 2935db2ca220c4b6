"""Browser tests: Debian's Chromium driven by Playwright against pytest-django's live server.

The live server is WSGI only, so the app's WebSocket fails and it follows games by polling,
which is what these tests exercise. AI turns run eagerly inside the requests.
"""

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect, sync_playwright

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
PASSWORD = "Tail-tuck-7-doghouse"


def game_number(game_id: int) -> str:
    """A game's number as the app shows it: its id's last 4 digits (screens/chrome.js)."""
    return str(game_id)[-4:]


@pytest.fixture(autouse=True)
def eager_ai(in_process_workers):
    """Every test here plays AI seats inside the request."""


@pytest.fixture(scope="module")
def browser():
    """Chromium for one test module. Playwright's sync API runs an event loop in this
    thread while it lives, so it must not outlive the module: later async tests need the
    thread to themselves. Meanwhile Django's database calls here (pytest-django's flushes)
    are plain synchronous code, allowed despite that loop."""
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield browser
            browser.close()
    finally:
        if previous is None:
            del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def new_phone(browser, live_server):
    """`new_phone()` opens a fresh phone-sized browser context (its own cookies)."""
    contexts = []

    def open_phone(locale: str = "en-US") -> Page:
        context = browser.new_context(
            viewport=PHONE,
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
            locale=locale,
            base_url=live_server.url,
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15000)
        return page

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture
def phone(new_phone) -> Page:
    return new_phone()


def screenshot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def sign_up(page: Page, username: str) -> None:
    page.goto("/#/signup")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_text(f"Hello, {username}!")).to_be_visible()


def start_ai_game(page: Page, players: int = 3, level: str = "random") -> int:
    """From home: a table of `players` seats, the others AI players of `level`."""
    page.get_by_role("link", name="Play against AI").click()
    page.locator("label").filter(has_text=str(players)).first.click()
    for seat in range(2, players + 1):
        page.get_by_label(f"Seat {seat}").select_option(level)
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/#/game/*")
    expect(page.locator(".hand-card").first).to_be_visible()
    return int(page.url.rsplit("/", 1)[1])


def seat_alice_and_bob(alice, bob):
    """Alice opens a private table (a friend and an AI), Bob joins by the invite link;
    the table is full, so both phones go from the waiting room to the game."""
    sign_up(alice, "alice")
    alice.get_by_role("link", name="Play with friends").click()
    alice.get_by_label("Seat 3").select_option("random")  # seat 2 stays "a friend"
    alice.get_by_role("button", name="Start the table").click()
    expect(alice.get_by_role("heading", name="Waiting for players")).to_be_visible()
    link = alice.locator("#invite-link").input_value()
    assert "/#/join/" in link
    sign_up(bob, "bob")
    bob.goto(link)
    expect(bob.locator(".hand-card").first).to_be_visible()
    expect(alice.locator(".hand-card").first).to_be_visible()
