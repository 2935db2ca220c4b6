"""Play at once: from the landing page, one tap makes a guest and sits it at a table with
two AI players; it plays the whole game through the table, is offered no rated play
(told why, and the way to an account), then keeps its games under a name of its own."""

import pytest
from playwright.sync_api import Page, expect

from accounts.models import User
from games import services
from games.models import Game

from .conftest import PASSWORD, game_number
from .playing import make_move, phone_at, wait_my_turn
from .test_settings import ON_SCREEN

UNCLIPPED = "(el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight"
RATED_HINT = "Rated games need an account of your own."


def rated_play_offered(page: Page, rated: Game, casual: Game) -> bool:
    """Whether matchmaking's form and home's open tables offer `page`'s person rated play;
    a guest is told why not, with the way to keep its games."""
    page.goto("/#/play")
    kind = page.get_by_role("radio", name="Rated")  # "✓ Rated" when checked
    expect(kind).to_be_visible()
    offered = kind.is_enabled()
    hint = page.locator(".guest-rated")
    if offered:
        expect(hint).to_have_count(0)
    else:
        expect(page.get_by_role("radio", name="Casual")).to_be_checked()
        expect(hint).to_contain_text(RATED_HINT)
        expect(hint.get_by_role("link", name="Keep my games")).to_have_attribute("href", "#/claim")

    page.goto("/#/")
    open_tables = page.locator("section", has=page.get_by_role("heading", name="Open tables"))
    join = "Join game #{}"
    expect(
        open_tables.get_by_role("button", name=join.format(game_number(casual.pk)))
    ).to_be_visible()
    joins_rated = open_tables.get_by_role("button", name=join.format(game_number(rated.pk)))
    expect(joins_rated).to_have_count(1 if offered else 0)
    expect(open_tables.locator(".guest-rated")).to_have_count(0 if offered else 1)
    return offered


def test_a_guest_plays_a_whole_game_from_the_landing_page_in_one_tap(phone, settings, make_user):
    settings.AI_MOVE_DELAY = 0
    messages = []
    phone.on("console", lambda m: messages.append(m.text))
    phone.goto("/")

    expect(phone.get_by_role("button", name="Play now")).to_be_visible()
    assert phone.evaluate("document.activeElement === document.body")  # no keyboard pops up
    phone.get_by_role("button", name="Play now").click()

    phone.wait_for_url("**/#/game/*")
    game_id = int(phone.url.rsplit("/", 1)[1])
    game = Game.objects.get(pk=game_id)
    guest = game.seats.get(number=0).user
    assert guest.is_guest and guest.username.startswith("guest-")
    assert game.players == 3 and not game.rated
    assert all(s.ai_level for s in game.seats.exclude(number=0))
    version = wait_my_turn(phone, 0)
    while version is not None:
        make_move(phone, game_id)
        version = wait_my_turn(phone, version)
    expect(phone.locator(".screen.over")).to_be_visible()
    assert Game.objects.get(pk=game_id).status == Game.Status.FINISHED
    assert not [m for m in messages if "401" in m], messages

    # No rated play for a guest (the server refuses it: tests/api/test_guests.py).
    rated = services.game_create(user=make_user("bob"), players=3, time_per_move=60, rated=True)
    casual = services.game_create(user=make_user("carol"), players=3, time_per_move=60)
    assert not rated_play_offered(phone, rated, casual)

    # Keep the games: the claim screen from Settings.
    phone.goto("/#/settings")
    phone.get_by_role("link", name="Keep my games").click()
    phone.get_by_label("Username").fill("rex")
    phone.get_by_label("Password").fill(PASSWORD)
    phone.get_by_role("button", name="Keep my games").click()
    expect(phone.get_by_text("Hello, rex!")).to_be_visible()
    rex = User.objects.get(username="rex")
    assert rex.pk == guest.pk and not rex.is_guest
    assert Game.objects.filter(pk=game_id, seats__user=rex).exists()
    assert rated_play_offered(phone, rated, casual)


def test_a_signed_out_load_asks_nothing_that_needs_a_sign_in(phone):
    failed = []
    phone.on("response", lambda r: r.status == 401 and failed.append(r.url))
    messages = []
    phone.on("console", lambda m: messages.append(m.text))

    phone.goto("/")

    expect(phone.get_by_role("button", name="Play now")).to_be_visible()
    expect(phone.get_by_label("Username")).not_to_be_focused()
    assert failed == [] and not [m for m in messages if "401" in m], (failed, messages)


def test_a_signed_in_device_comes_back_signed_in(phone):
    phone.goto("/")
    phone.get_by_role("button", name="Play now").click()
    phone.wait_for_url("**/#/game/*")
    phone.evaluate("localStorage.clear()")  # signed in before the device kept its hint
    phone.evaluate("location.hash = '#/'")

    phone.reload()

    expect(phone.get_by_text("Hello, guest-")).to_be_visible()


@pytest.mark.parametrize(
    ("locale", "label"),
    [
        ("en-US", "Play now"),
        ("fr-FR", "Jouer maintenant"),
        ("de-DE", "Jetzt spielen"),
        ("ko-KR", "지금 플레이"),
    ],
)
@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_play_now_is_on_screen_unclipped_in_every_language(
    browser, live_server, locale, label, size
):
    page = phone_at(browser, live_server, size, locale=locale)
    page.goto("/")
    button = page.get_by_role("button", name=label)
    expect(button).to_be_visible()
    assert button.evaluate(ON_SCREEN) and button.evaluate(UNCLIPPED)
    page.context.close()
