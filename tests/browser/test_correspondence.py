"""Correspondence play in the app: the home list by urgency, a vacation that the
opponents see, and the expel vote."""

import re
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from games import engine, services
from games.models import Game, Seat
from tests.helpers import person_move

from .conftest import game_number, sign_up

DAY = 86400


def human_table(*users, seconds=DAY) -> Game:
    game = services.game_create(user=users[0], players=len(users), time_per_move=seconds)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game


def first_pass(game: Game, user) -> None:
    seat = game.seats.get(user=user).number
    move = engine.legal_moves(game.state, seat)[0]
    person_move(game_id=game.pk, user=user, kind="pass", cards=move["cards"], version=game.version)


def test_the_home_list_puts_the_soonest_deadline_first(phone, make_user):
    sign_up(phone, "alice")
    alice = get_user_model().objects.get(username="alice")
    bob, carol = make_user("bob"), make_user("carol")
    later = human_table(alice, bob, carol)  # a day a move: waits on alice for 2 days
    sooner = services.game_create(user=alice, players=3, ai=["random"] * 2, time_per_move=3600)
    done = human_table(alice, bob, carol)
    first_pass(done, alice)  # the most recent move, and it waits on bob and carol
    phone.reload()
    items = phone.locator("#my-games + .game-list .game-item")
    expect(items).to_have_count(3)
    titles = [f"Game #{game_number(g.pk)} ·" for g in (sooner, later, done)]
    for i, title in enumerate(titles):
        expect(items.nth(i).locator(".game-title")).to_contain_text(title)
    expect(items.nth(0).locator(".time-left")).to_contain_text(re.compile(r"\d h"))
    expect(items.nth(1).locator(".time-left")).to_contain_text(re.compile(r"\d day"))
    expect(items.nth(2)).to_contain_text("Waiting for bob, carol")
    expect(items.nth(2).locator(".last-action")).to_contain_text("You passed")


def test_a_vacation_shows_to_the_opponents(new_phone, make_user):
    alice_phone, bob_phone = new_phone(), new_phone()
    sign_up(alice_phone, "alice")
    sign_up(bob_phone, "bob")
    users = get_user_model().objects
    game = human_table(users.get(username="alice"), users.get(username="bob"), make_user("carol"))
    alice_phone.goto("/#/settings")
    alice_phone.get_by_label("Days away").fill("3")
    alice_phone.get_by_role("button", name="Go on vacation").click()
    expect(alice_phone.get_by_text("You are on vacation until")).to_be_visible()
    bob_phone.goto("/#/")
    bob_phone.reload()
    expect(bob_phone.locator(".game-item .away")).to_contain_text("alice: on vacation until")
    bob_phone.goto(f"/#/game/{game.pk}")
    seat = bob_phone.locator('.strip .seat[data-seat="0"]')
    expect(seat.locator(".away")).to_contain_text("on vacation until")


def test_the_others_may_vote_once_the_seat_is_overdue_even_after_its_timeout(new_phone, make_user):
    bob_phone = new_phone()
    sign_up(bob_phone, "bob")
    alice, carol = make_user("alice"), make_user("carol")
    game = human_table(alice, get_user_model().objects.get(username="bob"), carol)
    # The sweeper timed alice out two hours ago: her seat keeps the deadline she missed.
    missed = timezone.now() - timedelta(seconds=settings.EXPEL_GRACE_SECONDS + 7200)
    Seat.objects.filter(game=game, user=alice).update(overdue_since=missed, to_act=False)
    bob_phone.goto(f"/#/game/{game.pk}")
    button = bob_phone.locator('.strip .seat[data-seat="0"] .expel')
    expect(button).to_contain_text("Hand alice's seat to the AI (0/2)")
    button.click()
    expect(bob_phone.locator('.strip .seat[data-seat="0"] .expel-voted')).to_contain_text("(1/2)")
    expect(bob_phone.locator('.strip .seat[data-seat="2"] .expel')).to_have_count(0)
