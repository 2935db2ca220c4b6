"""Forced moves: a person's only legal move is made for them at once (actor "forced", an
event like any move) when their setting says so: on by default in correspondence games,
off in live ones."""

import pytest

from barkside import broadcast
from games.models import Game, GameEvent, PlayerSettings
from tests.helpers import client_for

from .conftest import forced_position, get, human_table, move


@pytest.fixture
def forced_table(alice, bob, carol):
    """alice, bob, carol at a correspondence table where bob's next move (returned) leaves
    alice with one legal move."""
    game_id, clients = human_table([alice, bob, carol])
    state, option = forced_position()
    Game.objects.filter(pk=game_id).update(state=state)
    return game_id, clients, option


def test_the_only_legal_move_is_made_at_once_in_correspondence(forced_table):
    game_id, clients, option = forced_table
    before = Game.objects.get(pk=game_id).version
    assert move(clients[1], game_id, option["kind"], option["cards"]).status_code == 200
    made = GameEvent.objects.get(game_id=game_id, version=before + 2)
    assert (made.seat, made.actor) == (0, "forced")
    assert made.move is not None  # logged like any move, replayable


def test_a_player_can_turn_forced_moves_off(forced_table, alice):
    game_id, clients, option = forced_table
    response = client_for(alice).patch(
        "/api/games/settings", {"forced_moves_correspondence": False}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert move(clients[1], game_id, option["kind"], option["cards"]).status_code == 200
    assert not GameEvent.objects.filter(game_id=game_id, actor="forced").exists()
    assert len(get(clients[0], game_id)["view"]["legal_moves"]) == 1


def test_forced_moves_are_off_by_default_in_live_games(forced_table):
    game_id, clients, option = forced_table
    Game.objects.filter(pk=game_id).update(time_per_move=60)
    assert move(clients[1], game_id, option["kind"], option["cards"]).status_code == 200
    assert not GameEvent.objects.filter(game_id=game_id, actor="forced").exists()


def test_live_forced_moves_follow_their_own_setting(forced_table, alice):
    game_id, clients, option = forced_table
    Game.objects.filter(pk=game_id).update(time_per_move=60)
    PlayerSettings.objects.create(user=alice, forced_moves_live=True)
    assert move(clients[1], game_id, option["kind"], option["cards"]).status_code == 200
    assert GameEvent.objects.filter(game_id=game_id, actor="forced").count() == 1


def test_the_settings_start_with_the_defaults(alice):
    settings = client_for(alice).get("/api/games/settings").json()
    assert (settings["forced_moves_correspondence"], settings["forced_moves_live"]) == (True, False)
    assert (settings["vacation_days"], settings["vacation"]) == (14, None)


def test_nobody_is_told_the_table_before_its_forced_move(forced_table, monkeypatch):
    """The views sent after bob's move are of the table after alice's forced move: nobody
    sees, or decides on, a version with a forced move still to make."""
    game_id, clients, option = forced_table
    sent = []
    monkeypatch.setattr(broadcast, "group_send", sent.extend)
    before = Game.objects.get(pk=game_id).version
    assert move(clients[1], game_id, option["kind"], option["cards"]).status_code == 200
    after = Game.objects.get(pk=game_id).version
    assert after >= before + 2
    views = [m for _, m in sent if m["type"] == "game.view"]
    assert len(views) == 3 and {m["version"] for m in views} == {after}
    assert {m["version"] for _, m in sent if "version" in m} == {after}
