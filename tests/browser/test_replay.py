"""A finished game, step by step: for its players from the server's record, and for
anyone from a barkside-record/1 file opened on the phone."""

import json
import re
from concurrent.futures import ThreadPoolExecutor

from django.contrib.auth import get_user_model
from django.db import connections
from playwright.sync_api import Page, expect

from games import services
from games.models import Game
from games.services import Actor
from tests.helpers import client_for, fast_forward

from .axe import Axe
from .conftest import PASSWORD, SCREENSHOTS, game_number, sign_up


def finished_game_of(username: str, private: bool = False) -> int:
    """A game of `username`'s against two AI seats, played to its end. In a thread of its
    own: Playwright's sync API keeps an event loop in the test's thread, where the moves'
    broadcasts (`async_to_sync`) refuse to run."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(_play_to_the_end, username, private).result()


def _play_to_the_end(username: str, private: bool) -> int:
    try:
        user = get_user_model().objects.get(username=username)
        game = services.game_create(
            user=user, players=3, ai=["random", "random"], time_per_move=60, private=private
        )
        game.refresh_from_db()
        last = fast_forward(game)
        services.apply_move(game.pk, Actor("player", last.pop("seat")), last, game.version)
        assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
        return game.pk
    finally:
        connections.close_all()  # this thread's own: the test database must drop at the end


def step_through(page: Page, record: dict) -> None:
    first = record["rounds"][0]
    expect(page.locator(".replay-text")).to_have_text(
        f"Round 1 is dealt; {_name(record, first['starter'])} starts."
    )
    expect(page.locator(".replay-hands li")).to_have_count(record["players"])
    page.get_by_role("button", name="Next").click()
    expect(page.locator(".replay-text")).to_contain_text(" passed ")
    page.get_by_role("button", name="Next").click()
    move = first["moves"][0]
    verb = "played" if "play" in move else "tail-tucked"
    cards = " ".join(map(str, move.get("play") or move.get("tuck")))
    expect(page.locator(".replay-text")).to_have_text(
        f"{_name(record, move['seat'])} {verb} {cards}."
    )
    page.get_by_role("button", name="Back").click()
    expect(page.locator(".replay-text")).to_contain_text(" passed ")


def _name(record, seat):
    return record["seats"][seat]


def test_a_player_replays_a_finished_game_step_by_step(phone):
    sign_up(phone, "alice")
    game_id = finished_game_of("alice")
    record = (
        client_for(get_user_model().objects.get(username="alice"))
        .get(f"/api/games/{game_id}/record")
        .json()
    )
    phone.goto(f"/#/game/{game_id}")
    phone.get_by_role("link", name="Replay the game").click()
    expect(
        phone.get_by_role("heading", name=f"Replay of game #{game_number(game_id)}")
    ).to_be_visible()
    step_through(phone, record)
    assert serious(phone) == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENSHOTS / "replay.png"))


def serious(page: Page) -> list[str]:
    page.wait_for_timeout(300)
    return [
        v["id"]
        for v in Axe().run(page).response["violations"]
        if v["impact"] in {"serious", "critical"}
    ]


def record_of(game_id: int, username: str) -> dict:
    user = get_user_model().objects.get(username=username)
    return client_for(user).get(f"/api/games/{game_id}/record").json()


def test_anyone_signed_in_replays_a_finished_public_game(new_phone, make_user):
    make_user("alice")
    game_id = finished_game_of("alice")
    bob = new_phone()
    sign_up(bob, "bob")  # not at the table
    bob.goto(f"/#/game/{game_id}")
    expect(bob.locator(".screen.over")).to_be_visible()
    assert serious(bob) == []
    bob.get_by_role("link", name="Replay the game").click()
    expect(
        bob.get_by_role("heading", name=f"Replay of game #{game_number(game_id)}")
    ).to_be_visible()
    step_through(bob, record_of(game_id, "bob"))


def test_a_visitor_signs_in_and_lands_on_the_public_replay(new_phone, make_user):
    """The API answers signed-in people only, so a visitor is asked to sign in first."""
    make_user("alice")
    game_id = finished_game_of("alice")
    page = new_phone()
    page.goto(f"/#/game/{game_id}/replay")
    expect(page).to_have_url(re.compile("#/login$"))
    page.get_by_role("link", name="Create account").click()
    page.get_by_label("Username").fill("carol")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    expect(
        page.get_by_role("heading", name=f"Replay of game #{game_number(game_id)}")
    ).to_be_visible()
    step_through(page, record_of(game_id, "carol"))


def test_a_private_game_has_no_replay_for_others(new_phone, make_user):
    make_user("alice")
    game_id = finished_game_of("alice", private=True)
    bob = new_phone()
    sign_up(bob, "bob")
    bob.goto(f"/#/game/{game_id}/replay")
    expect(bob.get_by_role("heading", name=re.compile("not found", re.I))).to_be_visible()
    expect(bob.locator(".replay-text")).to_have_count(0)


def test_anyone_opens_a_record_file(new_phone, tmp_path, make_user):
    alice = make_user("alice")
    record = client_for(alice).get(f"/api/games/{finished_game_of('alice')}/record").json()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    page = new_phone()
    page.goto("/#/record")
    page.get_by_label("A barkside-record/1 file (.json)").set_input_files(str(path))
    step_through(page, record)

    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "something-else"}))
    page.get_by_label("A barkside-record/1 file (.json)").set_input_files(str(other))
    expect(page.get_by_role("alert")).to_have_text("This file is not a barkside-record/1 record.")


def long_finished_game_of(username: str, rounds: int) -> tuple[int, dict]:
    """A finished game of at least `rounds` rounds, and its record."""
    for _ in range(20):
        game_id = finished_game_of(username)
        record = record_of(game_id, username)
        if len(record["rounds"]) >= rounds:
            return game_id, record
    raise AssertionError(f"no game of {rounds} rounds in 20")


def step_number(page: Page) -> int:
    return int(re.match(r"Step (\d+) of", page.locator(".replay-count").inner_text())[1])


def test_the_replay_jumps_to_round_5_in_one_tap_shows_the_trick_and_plays_itself(phone):
    sign_up(phone, "alice")
    game_id, record = long_finished_game_of("alice", rounds=5)
    fifth = record["rounds"][4]
    phone.goto(f"/#/game/{game_id}/replay")

    phone.get_by_role("button", name="Round 5", exact=True).click()

    expect(phone.locator(".replay-text")).to_have_text(
        f"Round 5 is dealt; {_name(record, fifth['starter'])} starts."
    )
    expect(phone.locator(".replay-count")).to_contain_text("round 5")
    expect(phone.get_by_role("button", name="Round 5", exact=True)).to_have_attribute(
        "aria-current", "step"
    )

    # The first trick as it stands after each of its moves, every seat's once.
    phone.get_by_role("button", name="Trick ▶").click()
    trick = fifth["moves"][: record["players"]]
    for i, move in enumerate(trick):
        if i:
            phone.get_by_role("button", name="Next").click()
        rows = phone.locator(".replay-trick li")
        expect(rows).to_have_count(i + 1)
        cards = " ".join(map(str, move.get("play") or move.get("tuck")))
        expect(rows.nth(i)).to_contain_text(_name(record, move["seat"]))
        expect(rows.nth(i).locator(".card-row")).to_contain_text(cards.split()[0])
    expect(phone.locator(".replay-count")).to_contain_text("trick 1")
    phone.get_by_role("button", name="Next").click()
    expect(phone.locator(".replay-trick li")).to_have_count(1)  # the second trick begins
    expect(phone.locator(".replay-count")).to_contain_text("trick 2")
    phone.get_by_role("button", name="◀ Trick").click()
    expect(phone.locator(".replay-count")).to_contain_text("trick 1")

    # By itself, at a speed; paused, it stays.
    phone.get_by_label("Speed").select_option("4")
    before = step_number(phone)
    phone.get_by_role("button", name="Play").click()
    phone.wait_for_function(
        "(n) => Number(document.querySelector('.replay-count').textContent.match(/\\d+/)[0]) >= n",
        arg=before + 3,
    )
    phone.get_by_role("button", name="Pause").click()
    paused = step_number(phone)
    expect(phone.get_by_role("button", name="Play")).to_have_attribute("aria-pressed", "false")
    phone.wait_for_timeout(600)  # four steps' time at 4x: none may come
    assert step_number(phone) == paused
    assert serious(phone) == []
    phone.screenshot(path=str(SCREENSHOTS / "replay-round-5.png"))
