"""axe-core (the current release, vendored: tests/browser/axe.py) finds no serious or
critical issue on any screen: landing, home, table, its dialogs, settings, the guest's
claim, profile, game over, replay and rules."""

import re
from pathlib import Path

import axe_playwright_python
from playwright.sync_api import expect

from .axe import AXE_VERSION, Axe, serious_violations
from .conftest import PASSWORD, screenshot, sign_up, start_ai_game
from .playing import make_move, shown_view
from .test_replay import finished_game_of

__all__ = ["serious_violations"]  # the other browser tests check their screens with it


def version_of(script: str) -> tuple[int, ...]:
    return tuple(map(int, re.match(r"/\*! axe v([\d.]+)", script)[1].split(".")))


def test_the_tests_run_the_vendored_axe_core(phone):
    phone.goto("/#/rules")
    Axe().run(phone)

    assert phone.evaluate("axe.version") == AXE_VERSION
    bundled = Path(axe_playwright_python.__file__).with_name("axe.min.js").read_text()
    assert version_of(Axe().axe_script) > version_of(bundled)


def test_every_screen_has_no_serious_axe_violations(phone, make_user):
    phone.goto("/")
    expect(phone.get_by_role("button", name="Play now")).to_be_visible()
    assert serious_violations(phone) == [], "landing"

    phone.get_by_role("button", name="Play now").click()
    phone.wait_for_url("**/#/game/*")
    game_id = int(phone.url.rsplit("/", 1)[1])
    expect(phone.locator(".hand-card").first).to_be_visible()
    assert serious_violations(phone) == [], "table"

    phone.evaluate("localStorage.setItem('barkside.prefs', JSON.stringify({confirmMoves: true}))")
    shown_view(phone, game_id)
    make_move(phone, game_id)
    dialog = phone.get_by_role("dialog", name="Send this move?")
    expect(dialog).to_be_visible()
    assert serious_violations(phone) == [], "move confirmation dialog"
    dialog.get_by_role("button", name="Not yet").click()

    phone.get_by_role("link", name="Settings").first.click()
    expect(phone.get_by_role("heading", name="Playing")).to_be_visible()
    assert serious_violations(phone) == [], "settings"

    phone.get_by_role("link", name="Keep my games").click()
    expect(phone.get_by_role("heading", name="Keep your games").first).to_be_visible()
    assert serious_violations(phone) == [], "guest claim"
    phone.get_by_label("Username").fill("rex")
    phone.get_by_label("Password").fill(PASSWORD)
    phone.get_by_role("button", name="Keep my games").click()
    expect(phone.get_by_text("Hello, rex!")).to_be_visible()
    assert serious_violations(phone) == [], "home"

    phone.goto("/#/players/rex")
    expect(phone.get_by_role("heading", name="rex")).to_be_visible()
    assert serious_violations(phone) == [], "profile"

    over = finished_game_of("rex")
    phone.goto(f"/#/game/{over}")
    expect(phone.locator(".screen.over")).to_be_visible()
    assert serious_violations(phone) == [], "game over"
    phone.get_by_role("link", name="Replay the game").click()
    phone.get_by_role("button", name="Trick ▶").click()
    expect(phone.locator(".replay-trick")).to_be_visible()
    assert serious_violations(phone) == [], "replay"


def test_home_table_and_rules_have_no_serious_axe_violations(phone):
    sign_up(phone, "alice")
    assert serious_violations(phone) == []
    start_ai_game(phone)
    assert serious_violations(phone) == []
    screenshot(phone, "table-passing")
    phone.goto("/#/rules")
    phone.get_by_role("heading", name="How to play The Bark Side").wait_for()
    assert serious_violations(phone) == []
    screenshot(phone, "rules")
