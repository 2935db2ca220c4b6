"""A person plays The Bark Side against two AI players on a phone, through the UI only."""

from playwright.sync_api import Page, expect

from games.models import Game

from .conftest import screenshot, sign_up, start_ai_game

WAIT_FOR_MY_TURN = """(version) => {
  const table = document.querySelector("section.table");
  if (!table) return document.querySelector(".screen.over") !== null;
  return table.dataset.mine === "yes" && table.dataset.busy === "no"
    && Number(table.dataset.version) > version;
}"""


def hand(page: Page) -> list[int]:
    return [
        int(s)
        for s in page.locator(".hand-card").evaluate_all("bs => bs.map(b => b.dataset.strength)")
    ]


def click_card(page: Page, strength: int, nth: int = 0) -> None:
    page.locator(f'.hand-card[data-strength="{strength}"]').nth(nth).click()


def tuck(page: Page) -> str:
    button = page.locator("#act-tuck")
    expect(button).to_be_enabled()
    button.click()
    return "tuck"


def lead(page: Page, sets_unlocked: bool) -> str:
    cards = hand(page)
    pairs = [s for s in sorted(set(cards)) if cards.count(s) >= 2]
    if sets_unlocked and pairs and len(cards) >= 3:
        click_card(page, pairs[0], 0)
        click_card(page, pairs[0], 1)
        play = page.locator("#act-play")
        expect(play).to_have_text(f"Play {pairs[0]} {pairs[0]}")
        expect(play).to_be_enabled()
        play.click()
        return "set"
    singles = [s for s in cards if cards.count(s) == 1] or cards
    click_card(page, singles[0])
    page.locator("#act-play").click()
    return "play"


def follow(page: Page) -> str:
    """Beat the trick with the highest dog the UI allows, to win the lead; else tuck."""
    for strength in sorted(set(hand(page)), reverse=True):
        click_card(page, strength)
        play = page.locator("#act-play")
        if play.is_enabled():
            play.click()
            return "play"
    return tuck(page)


def take_turn(page: Page, tucked: bool) -> str:
    table = page.locator("section.table")
    if table.get_attribute("data-phase") == "passing":
        cards = hand(page)
        click_card(page, cards[-1], cards.count(cards[-1]) - 1)
        click_card(page, cards[-2], 0 if cards[-2] != cards[-1] else cards.count(cards[-1]) - 2)
        expect(page.locator("#act-pass")).to_be_enabled()
        page.locator("#act-pass").click()
        return "pass"
    sets_unlocked = table.get_attribute("data-sets") == "unlocked"
    if table.get_attribute("data-leading") == "yes":
        return lead(page, sets_unlocked)
    if not sets_unlocked or not tucked:
        return tuck(page)
    return follow(page)


def test_a_round_against_two_ai_players_on_a_phone(phone):
    failures = []
    phone.on(
        "response",
        lambda r: (
            r.status >= 400 and "/ws/" not in r.url and failures.append((r.url, r.status, r.text()))
        ),
    )
    sign_up(phone, "alice")
    screenshot(phone, "home-empty")
    done: set[str] = set()
    screenshots_taken = False
    for _game in range(3):  # a random deal may end a game before a set was possible
        game_id = start_ai_game(phone)
        version = -1
        for _turn in range(300):
            phone.wait_for_function(WAIT_FOR_MY_TURN, arg=version)
            table = phone.locator("section.table")
            if not table.count():
                break  # game over
            version = int(table.get_attribute("data-version"))
            rounds = int(table.get_attribute("data-rounds"))
            if rounds >= 1 and {"pass", "tuck", "set"} <= done:
                break
            if not screenshots_taken and table.get_attribute("data-phase") == "tricks":
                phone.wait_for_timeout(1500)  # the AI's moves appear one by one
                phone.evaluate("window.scrollTo(0, 0)")
                phone.screenshot(path=str(_path("table")))
                screenshot(phone, "table-full")
                screenshots_taken = True
            done.add(take_turn(phone, tucked="tuck" in done))
        if {"pass", "tuck", "set"} <= done and rounds >= 1:
            break
        phone.goto("/#/")
    assert {"pass", "tuck", "set"} <= done, done
    print(failures)

    # The round ended: the last-card step is in History (and on the table while passing),
    # and a doghouse took the caught cards.
    phone.locator("#tab-log").click()
    expect(phone.locator(".last-round")).to_be_attached()
    phone.get_by_role("button", name="Players").click()
    assert phone.locator(".player .doghouse .card").count() >= 3
    game = Game.objects.get(pk=game_id)
    moves = [m for r in game.state["rounds"] for m in r["moves"] if m["seat"] == 0]
    assert any("tuck" in m for m in moves)
    assert any(len(m.get("play", [])) >= 2 for m in moves)

    phone.goto("/#/")
    expect(phone.locator(".game-item").first).to_be_visible()
    screenshot(phone, "home")


def _path(name):
    from .conftest import SCREENSHOTS

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS / f"{name}.png"
