"""Two people find each other through the matchmaking queue, each on their own phone,
then look at the leaderboard and a profile."""

import re

from playwright.sync_api import Page, expect

from games.models import Game
from matchmaking.models import Rating, RatingChange

from .conftest import game_number, screenshot, sign_up


def join_queue(page: Page) -> None:
    """From home: a 3-seat rated live table (1 min a move), AI players allowed."""
    page.get_by_role("link", name="Find players").click()
    expect(page.get_by_role("heading", name="Find players")).to_be_visible()
    for n in (4, 5, 6):
        page.get_by_role("checkbox", name=f"{n} players").uncheck()
    page.get_by_role("checkbox", name="3 players").check()
    page.get_by_role("radio", name="1 min").check()
    page.get_by_role("radio", name="Rated").check()
    page.get_by_label("Let AI players complete the table after a wait").check()
    page.get_by_role("button", name="Join the queue").click()


def test_two_people_are_matched_and_sit_at_the_same_table(new_phone, settings):
    alice, bob = new_phone(), new_phone()
    sign_up(alice, "alice")
    sign_up(bob, "bob")

    # Alice waits alone: no AI seats before the AI wait, so she stays queued.
    settings.MATCHMAKING_AI_FILL_LIVE = 60
    join_queue(alice)
    expect(alice.get_by_text("Position 1 of 1 in the queue")).to_be_visible()
    expect(alice.locator(".mm-gap")).to_contain_text("Rating gap: up to")
    expect(alice.get_by_role("button", name="Leave the queue")).to_be_visible()
    # The time waited ticks.
    expect(alice.locator(".mm-waited")).to_have_text(re.compile(r"Waiting for 0:0[2-9]"))
    screenshot(alice, "matchmaking-queued")

    # Now AI seats may complete a table at once: Bob's join seats 2 people + 1 AI.
    settings.MATCHMAKING_AI_FILL_LIVE = 0
    join_queue(bob)
    bob.wait_for_url(re.compile(r"#/game/\d+$"))
    alice.wait_for_url(re.compile(r"#/game/\d+$"))  # by the status poll (no socket here)
    game_id = int(bob.url.rsplit("/", 1)[1])
    assert int(alice.url.rsplit("/", 1)[1]) == game_id
    expect(alice.locator(".hand-card").first).to_be_visible()
    expect(bob.locator(".hand-card").first).to_be_visible()
    game = Game.objects.get(pk=game_id)
    people = sorted(s.user.username for s in game.seats.all() if s.user_id)
    assert people == ["alice", "bob"]
    assert game.seats.count() == 3

    # Bob has an established live rating (as if after 12 rated games), one change shown:
    # 1500 + 40 x (mu - 25), so mu 28 -> 30 shows 1620 -> 1700.
    bob_user = game.seats.get(user__username="bob").user
    Rating.objects.create(user=bob_user, speed="live", mu=30, sigma=2, games=12)
    RatingChange.objects.create(
        game=game,
        user=bob_user,
        speed="live",
        place=1,
        mu_before=28,
        sigma_before=2.5,
        mu_after=30,
        sigma_after=2,
    )

    # Bob's name at the table links to his profile.
    alice.locator(".seat-name a", has_text="bob").click()
    expect(alice.get_by_role("heading", name="bob", exact=True)).to_be_visible()
    expect(alice.get_by_text("Games played")).to_be_visible()
    expect(alice.get_by_role("heading", name="Ratings")).to_be_visible()
    expect(alice.locator('.stat[data-speed="live"] .rating')).to_have_text("1700")
    expect(alice.locator('.stat[data-speed="live"] .badge.provisional')).to_have_count(0)
    expect(alice.locator('.stat[data-speed="correspondence"] .badge.provisional')).to_be_visible()
    expect(alice.get_by_role("img", name="Live rating, from 1620 to 1700")).to_be_visible()
    expect(
        alice.get_by_role("link", name=f"Game #{game_number(game_id)}: 1620 → 1700 (place 1)")
    ).to_be_visible()
    screenshot(alice, "profile")

    # The leaderboard: nobody has 10 rated games yet; the speed switch works.
    alice.get_by_role("link", name="Leaderboard").click()
    expect(alice.get_by_role("heading", name="Leaderboard")).to_be_visible()
    row = alice.locator(".lb-table tbody tr").first
    expect(row).to_contain_text("1")
    expect(row.get_by_role("link", name="bob")).to_be_visible()
    expect(row).to_contain_text("1700")
    expect(alice.get_by_text("Page 1 of 1")).to_be_visible()
    screenshot(alice, "leaderboard")
    alice.get_by_role("radio", name="Correspondence").check()
    alice.wait_for_url(re.compile(r"speed=correspondence"))
    expect(alice.get_by_role("radio", name="Correspondence")).to_be_checked()
    expect(alice.locator(".lb-empty")).to_be_visible()
    expect(alice.locator(".leaderboard-body")).not_to_contain_text("null")

    # My profile from home.
    bob.goto("/#/")
    bob.get_by_role("link", name="My profile").click()
    expect(bob.get_by_role("heading", name="bob", exact=True)).to_be_visible()
    expect(bob.get_by_text("this is you")).to_be_visible()
