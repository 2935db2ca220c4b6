"""The table's history: every finished round, whether the phone watched it end or not.

A view carries only the newest finished round (`last_round`); the table keeps those it
sees and asks `GET /api/games/<id>/rounds` once for the ones it missed.
"""

import itertools
import random

from django.db.models import F
from playwright.sync_api import Page, expect

from games import engine
from games.models import Game

from .conftest import sign_up, start_ai_game
from .playing import make_move, wait_my_turn

ALICE = 0


def late_in_a_round(state: dict, finished: int) -> dict:
    """A position after `finished` rounds, near the end of the next one, Alice to play:
    random moves by the pure engine, as if the table had played on while she was away.

    The test plays that round to its end on the table, so the game must not end with it:
    a round puts 3 cards into one doghouse, and a doghouse of at most 6 cannot hold the
    seven kinds that end a game (the deck lasts 12 rounds at 3 players)."""
    for tries in itertools.count():
        late = _late_in_a_round(state, finished, random.Random(tries))
        if max(map(len, late["doghouses"])) <= 3:
            return late


def _late_in_a_round(state: dict, finished: int, rng: random.Random) -> dict:
    late = None
    while (done := len(engine.past_rounds(state))) <= finished:
        seat = engine.to_act(state)[0]
        if done == finished and state["phase"] == engine.TRICKS and seat == ALICE:
            late = state  # the last such position before the round ends
        state, _ = engine.apply(
            state, {"seat": seat, **rng.choice(engine.legal_moves(state, seat))}
        )
    assert late is not None and late["phase"] == engine.TRICKS
    return late


def rounds_asked(page: Page) -> list[str]:
    asked = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/rounds") else None)
    return asked


def rounds_named(page: Page) -> list[str]:
    """The log's finished rounds, newest first (its first line is the round being played)."""
    lines = page.locator(".log details summary").all_inner_texts()[1:]
    return [line.split(":")[0] for line in lines]


def test_the_history_shows_rounds_played_while_away_and_each_round_as_it_ends(phone):
    sign_up(phone, "alice")
    game_id = start_ai_game(phone)
    phone.goto("/#/")
    game = Game.objects.get(pk=game_id)
    state = late_in_a_round(game.state, finished=2)
    Game.objects.filter(pk=game_id).update(state=state, version=F("version") + 1)

    asked = rounds_asked(phone)
    phone.goto(f"/#/game/{game_id}")
    phone.locator("#tab-log").click()
    expect(phone.locator(".log details summary")).to_have_count(3)
    assert rounds_named(phone) == ["Round 2", "Round 1"]
    assert len(asked) == 1

    # Played on with the log open: the round that ends joins it from the views alone.
    version = wait_my_turn(phone, -1)
    while phone.locator("section.table").get_attribute("data-rounds") == "2":
        make_move(phone, game_id)
        version = wait_my_turn(phone, version)
    expect(phone.locator(".log details summary")).to_have_count(4)
    assert rounds_named(phone) == ["Round 3", "Round 2", "Round 1"]
    assert len(asked) == 1
