"""Every seat's state told on the phone: the AI playing my seat after three timeouts (and
taking it back), resigning, a resigned seat's loss on the game-over screen, the home list
and the profile, and a clock on every seat.

Bob (no phone: his moves are made on the server) keeps the game waiting on a person, so
the AI seats cannot play it to its end while alice's seat is the AI's.
"""

import re
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import Page, expect

from games import engine, services
from games.models import Game, GameDue, Seat
from tests.helpers import fast_forward, person_move

from .conftest import game_number, screenshot, sign_up

ALICE, BOB = 0, 1


def alice_and_bob(page: Page, make_user, seconds=60, rated=False) -> Game:
    """Alice (signed in on `page`) in seat 0, bob in seat 1, a random AI in seat 2."""
    sign_up(page, "alice")
    alice = get_user_model().objects.get(username="alice")
    game = services.game_create(
        user=alice, players=3, ai=["random"], time_per_move=seconds, rated=rated
    )
    services.game_join(game_id=game.pk, user=make_user("bob"))
    page.goto(f"/#/game/{game.pk}")
    expect(page.locator(".hand-card").first).to_be_visible()
    return Game.objects.get(pk=game.pk)


def bob_moves(game: Game) -> None:
    move = engine.legal_moves(game.state, BOB)[0]
    bob = game.seats.get(number=BOB).user
    person_move(game_id=game.pk, user=bob, version=game.version, **move)


def alice_times_out(game: Game) -> None:
    """Bob moves until alice is to act, then her clock runs out and the sweeper's
    autopilot moves for her (the AI plays on until bob's turn)."""
    while ALICE not in engine.to_act(game.state):
        bob_moves(game)
        game = Game.objects.get(pk=game.pk)
    past = timezone.now() - timedelta(seconds=1)
    Seat.objects.filter(game=game, number=ALICE).update(deadline=past)
    Game.objects.filter(pk=game.pk).update(turn_deadline=past)
    GameDue.objects.filter(game=game).update(at=past)
    assert services.sweep()["timeouts"] == 1


def test_three_timeouts_show_the_ai_playing_my_seat_and_i_take_it_back(phone, make_user):
    game = alice_and_bob(phone, make_user)
    mine = phone.locator(f'.strip .seat[data-seat="{ALICE}"]')
    alice_times_out(game)
    expect(mine.locator(".timeouts-left")).to_have_text("2 timeouts left")
    alice_times_out(Game.objects.get(pk=game.pk))
    expect(mine.locator(".timeouts-left")).to_have_text("1 timeout left")
    alice_times_out(Game.objects.get(pk=game.pk))

    told = phone.locator(".handed-over")
    expect(told).to_contain_text("Your time ran out three times in a row")
    expect(mine.locator(".badge.handover")).to_have_text("AI plays (timed out)")
    expect(phone.locator(".hand-card")).to_have_count(0)  # nothing to tap that would be refused
    expect(phone.locator("#act-play, #act-pass")).to_have_count(0)
    expect(phone.locator("section.table")).to_have_attribute("data-mine", "no")
    screenshot(phone, "table-ai-plays-my-seat")

    phone.goto("/#/")
    item = phone.locator(".game-item", has_text=f"#{game_number(game.pk)}")
    expect(item.locator(".badge")).to_have_text("AI plays your seat")

    phone.goto(f"/#/game/{game.pk}")
    phone.get_by_role("button", name="Take my seat back").click()
    expect(phone.locator(".hand-card").first).to_be_visible()
    expect(told).to_have_count(0)
    seat = Seat.objects.get(game=game, number=ALICE)
    assert (seat.state, seat.handover) == (Seat.State.PLAYING, "")


def test_resigning_shows_the_game_as_left(phone, make_user):
    alice_and_bob(phone, make_user)
    phone.get_by_role("button", name="Resign").click()
    phone.get_by_role("dialog", name="Resign this game?").get_by_role(
        "button", name="Resign"
    ).click()
    told = phone.locator(".handed-over")
    expect(told).to_contain_text("You left this game")
    expect(phone.locator(".hand-card")).to_have_count(0)
    expect(phone.locator("#act-play, #act-pass")).to_have_count(0)
    expect(phone.get_by_role("button", name="Take my seat back")).to_have_count(0)
    expect(phone.locator('.strip .seat[data-seat="0"] .badge.handover')).to_have_text("resigned")


def finished_with_the_cards_naming_alice(game: Game) -> Game:
    """Play the game to its end, then let its doghouses be ones where alice's seat (the
    AI's, since she resigned) holds the fewest cards: the cards' result names her its
    winner, the places count her last."""
    last = fast_forward(game)
    seat = last.pop("seat")
    services.apply_move(game.pk, services.Actor("player", seat), last, game.version)
    game = Game.objects.get(pk=game.pk)
    doghouses = [[1], [2, 3], [4, 5, 6]]
    result = engine.game_result(doghouses, engine.DECK_EXHAUSTED_REASON)
    assert result["winners"] == [ALICE]
    state = {**game.state, "doghouses": doghouses, "result": result}
    Game.objects.filter(pk=game.pk).update(state=state, result=result)
    return game


def test_a_resigned_seat_whose_ai_won_reads_as_a_loss_everywhere(phone, make_user):
    game = alice_and_bob(phone, make_user, rated=True)
    services.game_resign(game_id=game.pk, user=get_user_model().objects.get(username="alice"))
    finished_with_the_cards_naming_alice(Game.objects.get(pk=game.pk))

    phone.reload()
    over = phone.locator(".screen.over")
    expect(over.get_by_role("heading", level=1)).to_contain_text("You left this game")
    expect(over).not_to_contain_text("You won")
    mine = over.locator(f'.standings li[data-seat="{ALICE}"]')
    expect(mine.locator(".place")).to_have_text("#3")
    expect(mine.locator(".badge.unlocked")).to_have_count(0)  # no "winner" trophy
    expect(over.locator(".rating-change")).to_have_text(re.compile(r"^Rating 1500 → \d+ \(−\d+\)$"))
    screenshot(phone, "over-resigned-seat")

    phone.goto("/#/")
    item = phone.locator(".game-item", has_text=f"#{game_number(game.pk)}")
    expect(item.locator(".badge")).to_have_text("You lost")

    phone.goto("/#/players/alice")
    results = phone.locator("section", has=phone.get_by_role("heading", name="Results"))
    expect(results.locator(".stat", has_text="Wins").locator("dd")).to_have_text("0")
    expect(results.locator(".stat", has_text="Losses").locator("dd")).to_have_text("1")
    expect(phone.locator(".profile-body .game-list .badge")).to_have_text("Lost")


def test_every_seat_shows_its_clock_warned_late_in_its_own_time(phone, make_user):
    alice_and_bob(phone, make_user, seconds=15)
    clocks = phone.locator(".strip .seat .seat-clock")
    expect(clocks).to_have_count(3)
    # Passing: alice and bob are to act and their clocks run; the AI has passed, and its
    # clock shows the time its next move will have.
    expect(phone.locator('.strip .seat[data-seat="2"] .timer.idle')).to_have_text("0:15")
    mine = phone.locator('.strip .seat[data-seat="0"] .timer')
    expect(mine).to_have_attribute("data-deadline", re.compile("."))
    # 15 s a move: red only in its last fifth (3 s), not from its first second.
    expect(mine).not_to_have_class(re.compile(r"\blow\b"))
    expect(phone.locator("#turn-banner .timer")).not_to_have_class(re.compile(r"\blow\b"))
    screenshot(phone, "table-every-seat-s-clock")
    expect(mine).to_have_class(re.compile(r"\blow\b"), timeout=15000)


def test_a_seat_the_ai_took_offers_nothing_even_before_the_ai_moves(phone, make_user):
    game = alice_and_bob(phone, make_user)  # passing: alice is to act
    Seat.objects.filter(game=game, number=ALICE).update(
        state=Seat.State.LEFT, handover=Seat.Handover.TIMEOUTS
    )
    phone.reload()  # the view as the server gives it now: the AI has not passed for her yet
    expect(phone.locator(".handed-over")).to_be_visible()
    expect(phone.locator("section.table")).to_have_attribute("data-mine", "no")
    expect(phone.locator("#turn-banner")).not_to_contain_text("Your turn")
