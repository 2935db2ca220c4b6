"""The Hint button: in an unrated game against the AI, on your turn, it outlines the cards
of `swift`'s move in your hand and plays nothing; a player may hide it."""

import random
import re

from playwright.sync_api import expect

from games import engine
from games.ai import choose_move
from games.models import Game

from .conftest import sign_up, start_ai_game


def suggested(game_id: int) -> dict:
    game = Game.objects.get(pk=game_id)
    return choose_move("swift", engine.view(game.state, 0), random.Random(0))


def test_hint_outlines_swift_s_pass_in_the_hand_and_plays_nothing(phone):
    sign_up(phone, "alice")
    game_id = start_ai_game(phone, level="swift")
    version = Game.objects.get(pk=game_id).version
    expected = suggested(game_id)
    assert expected["kind"] == "pass"

    phone.get_by_role("button", name="Hint").click()
    hinted = phone.locator(".hand-card.hinted")
    expect(hinted).to_have_count(2)
    assert sorted(
        int(s) for s in hinted.evaluate_all("els => els.map(e => e.dataset.strength)")
    ) == (sorted(expected["cards"]))
    expect(hinted.first).to_have_attribute("aria-label", re.compile(", suggested$"))
    expect(phone.locator("#act-why")).to_contain_text("Suggested: pass")
    expect(phone.locator(".hand-card.selected")).to_have_count(0)
    assert Game.objects.get(pk=game_id).version == version  # nothing was played


def test_a_player_may_hide_the_hint_button(phone):
    sign_up(phone, "alice")
    game_id = start_ai_game(phone)
    expect(phone.get_by_role("button", name="Hint")).to_be_visible()
    phone.get_by_role("link", name="Settings").first.click()
    phone.get_by_label("Show the Hint button in unrated games against the AI").uncheck()
    phone.goto(f"/#/game/{game_id}")
    expect(phone.locator(".hand-card").first).to_be_visible()
    expect(phone.locator("#act-pass")).to_be_visible()
    expect(phone.get_by_role("button", name="Hint")).to_have_count(0)
