"""Every screen, and every phase of a game, in every language, saved to
artifacts/screenshots/<screen>-<lang>.png (CI keeps artifacts/): the pictures a reviewer
looks through for cut, spilled or untranslated text. Each screen must show its own
heading in the chosen language (the page's `lang`), and no toast of an error."""

from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games import services
from tests.helpers import client_for

from .conftest import sign_up, start_ai_game
from .playing import make_move, phone_at, shot
from .test_replay import finished_game_of

LANGUAGES = ["en", "fr", "de", "ko"]


def in_language(page: Page, lang: str) -> None:
    page.evaluate(f"localStorage.setItem('barkside.lang', '{lang}')")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", lang)


def visit(page: Page, lang: str, name: str, hash_: str, ready: str) -> None:
    page.goto(f"/{hash_}")
    expect(page.locator(ready).first).to_be_visible()
    page.wait_for_timeout(300)  # entry animations done
    assert page.locator("#toast").is_hidden(), (name, lang, page.locator("#toast").inner_text())
    shot(page, f"{name}-{lang}")


def test_every_screen_and_phase_in_every_language_is_saved(browser, live_server):
    page = phone_at(browser, live_server, (390, 844))
    sign_up(page, "alice")
    alice = get_user_model().objects.get(username="alice")
    over = finished_game_of("alice")
    coached = client_for(alice).post(f"/api/games/{over}/analyses", {"seat": 0}, format="json")
    assert coached.json()["status"] == "done"
    waiting = services.game_create(user=alice, players=3, ai=["random"], time_per_move=120)
    running = start_ai_game(page, players=3)
    screens = [
        ("home", "#/", "main h1, main h2"),
        ("new-game", "#/new", "form"),
        ("matchmaking", "#/play", ".matchmaking form"),
        ("rules", "#/rules", "main h1"),
        ("settings", "#/settings", "main h1"),
        ("leaderboard", "#/leaderboard", "main h1"),
        ("profile", "#/players/alice", "main h1"),
        ("waiting", f"#/game/{waiting.pk}", "#invite-link"),
        ("over", f"#/game/{over}", ".screen.over h1"),
        ("replay", f"#/game/{over}/replay", ".replay-text"),
        ("record-file", "#/record", "#record-file"),
        ("table-passing", f"#/game/{running}", ".hand-card"),  # last: its tabs follow
    ]
    for lang in LANGUAGES:
        in_language(page, lang)
        for name, hash_, ready in screens:
            visit(page, lang, name, hash_, ready)
        page.goto(f"/#/game/{over}/replay")
        page.locator(".coach-jump").first.click()  # the coach's first mark, on its step
        expect(page.locator(".replay-step .coach-mark")).to_be_visible()
        shot(page, f"replay-coach-{lang}")
        page.goto(f"/#/game/{running}")
        expect(page.locator(".hand-card").first).to_be_visible()
        page.locator("#tab-players").click()
        shot(page, f"table-players-{lang}")
        page.locator("#tab-log").click()
        shot(page, f"table-history-{lang}")

    make_move(page, running)  # the pass: the AIs passed already, so the tricks begin
    expect(page.locator("section.table")).to_have_attribute("data-phase", "tricks")
    for lang in LANGUAGES:
        in_language(page, lang)
        visit(page, lang, "table-tricks", f"#/game/{running}", ".hand-card")
    page.context.close()
