"""The coach on the replay: a finished game's seat analysed, its marks on their steps."""

import re

from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games import analyses
from games.models import Analysis
from tests.helpers import client_for

from .conftest import screenshot, sign_up
from .test_replay import finished_game_of, serious


def analysis_of(game_id: int, seat: int) -> dict:
    user = get_user_model().objects.get(username="alice")
    return client_for(user).get(f"/api/games/{game_id}/analyses/{seat}").json()


def record_of(game_id: int) -> dict:
    user = get_user_model().objects.get(username="alice")
    return client_for(user).get(f"/api/games/{game_id}/record").json()


def expect_marks_on_their_steps(page: Page, game_id: int, seat: int) -> None:
    analysis, record = analysis_of(game_id, seat), record_of(game_id)
    assert analysis["status"] == "done" and analysis["marks"], analysis
    expect(page.locator(".coach-status")).to_contain_text(f"{analysis['judged']} decisions judged.")
    items = page.locator(".coach-marks li")
    expect(items).to_have_count(len(analysis["marks"]))
    for i, mark in enumerate(analysis["marks"]):
        better = " ".join(map(str, mark["better"]["cards"]))
        expect(items.nth(i)).to_contain_text(f"Better: {'pass ' if mark['move'] is None else ''}")
        expect(items.nth(i)).to_contain_text(better)
        items.nth(i).get_by_role("button").click()
        expect(page.locator(".replay-count")).to_contain_text(f"round {mark['round'] + 1}")
        note = page.locator(".replay-step .coach-mark")
        expect(note).to_contain_text("doghouse cards")
        expect(note).to_contain_text(better)
        round_ = record["rounds"][mark["round"]]
        name = record["seats"][seat]
        if mark["move"] is None:
            expect(page.locator(".replay-text")).to_contain_text(f"{name} passed ")
        else:
            move = round_["moves"][mark["move"]]
            assert move["seat"] == seat
            cards = " ".join(map(str, move.get("play") or move.get("tuck")))
            expect(page.locator(".replay-text")).to_contain_text(f"{name} ")
            expect(page.locator(".replay-text")).to_contain_text(cards)
    page.get_by_role("button", name="Round 1", exact=True).click()  # the deal: no mark
    expect(page.locator(".replay-step .coach-mark")).to_have_count(0)
    expect(page.locator(".replay-step")).not_to_contain_text("null")


def test_a_player_has_their_seat_analysed_and_sees_the_marks_on_their_steps(phone):
    sign_up(phone, "alice")
    game_id = finished_game_of("alice")
    phone.goto(f"/#/game/{game_id}/replay")
    coach = phone.get_by_role("region", name="Coach")
    expect(coach).to_be_visible()
    coach.get_by_role("button", name="Analyse").click()
    expect(phone.locator(".coach-status")).to_contain_text("judged", timeout=60000)
    expect_marks_on_their_steps(phone, game_id, 0)
    phone.locator(".coach-jump").first.click()
    expect(phone.locator(".replay-step .coach-mark")).to_be_visible()
    assert serious(phone) == []
    screenshot(phone, "coach")


def test_anyone_has_a_seat_of_a_public_game_analysed_and_follows_it_as_it_runs(
    new_phone, make_user, monkeypatch
):
    """The analysis waits in the coach's queue: the replay says so, and shows the marks
    once the coach's worker has done it. The seat's own load, answered after the ask (the
    worst order of the two), does not undo what the ask showed."""
    make_user("alice")
    game_id = finished_game_of("alice")
    held = []
    monkeypatch.setattr(analyses, "_send", held.append)
    bob = new_phone()
    sign_up(bob, "bob")  # not at the table
    bob.goto(f"/#/game/{game_id}/replay")
    seat_2 = f"/api/games/{game_id}/analyses/2"
    bob_user = get_user_model().objects.get(username="bob")
    not_yet = client_for(bob_user).get(seat_2)  # the server's answer before the ask
    assert not_yet.status_code == 404
    late = []  # the seat's first load, held until the ask has been answered
    bob.route(f"**{seat_2}", lambda route: route.continue_() if late else late.append(route))
    bob.get_by_label("Seat", exact=True).select_option(label=record_of(game_id)["seats"][2])
    bob.get_by_role("button", name="Analyse").click()
    expect(bob.locator(".coach-status")).to_have_text("Waiting for the coach…")
    assert len(late) == 1
    with bob.expect_response(f"**{seat_2}"):
        late[0].fulfill(status=404, body=not_yet.content, content_type="application/json")
    bob.wait_for_timeout(500)  # time for the page to handle the late answer
    expect(bob.locator(".coach-status")).to_have_text("Waiting for the coach…")
    expect(bob.get_by_role("button", name="Analyse")).to_be_disabled()

    assert len(held) == 1
    assert analyses.analysis_run(held[0]) == Analysis.Status.DONE
    expect(bob.locator(".coach-status")).to_contain_text("judged", timeout=15000)
    expect_marks_on_their_steps(bob, game_id, 2)


def test_the_replay_shows_an_analysis_asked_for_before(phone, make_user):
    sign_up(phone, "alice")
    game_id = finished_game_of("alice")
    alice = get_user_model().objects.get(username="alice")
    response = client_for(alice).post(f"/api/games/{game_id}/analyses", {"seat": 0}, format="json")
    assert response.status_code == 200, response.json()
    phone.goto(f"/#/game/{game_id}/replay")
    expect(phone.locator(".coach-marks li").first).to_be_visible()
    expect(phone.locator(".coach-status")).to_have_text(re.compile("judged"))
