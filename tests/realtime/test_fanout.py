"""The views a process's game sockets send are built from one read of each version."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async

from games import engine, fanout, selectors, services
from games.errors import GameError
from games.models import Game
from games.services import Actor
from games.snapshots import Snapshot

from .sockets import connected, run, session_cookie, socket


@pytest.fixture
def reads(monkeypatch) -> list:
    """Every read of a game the sockets' views make."""
    seen = []

    def counted(game_id):
        seen.append(game_id)
        return fanout._read(game_id)

    monkeypatch.setattr(
        fanout, "_read_async", database_sync_to_async(counted, thread_sensitive=False)
    )
    return seen


@pytest.fixture
def watched(table):
    """A socket of this process shows the table: its newest version is kept."""
    fanout.watch(table.pk)


def texts_at(game_id, users, version) -> list[str]:
    """The views' JSON text the users' sockets would be sent, once at `version` or later."""

    async def scenario():
        return await asyncio.gather(*(fanout.view(game_id, u, at_least=version) for u in users))

    return [view.text for view in async_result(scenario)]


def views_at(game_id, users, version) -> list[dict]:
    return [json.loads(text) for text in texts_at(game_id, users, version)]


def async_result(scenario):
    result = []

    async def keep():
        result.append(await scenario())

    run(keep)
    return result[0]


def expected(game_id, user) -> dict:
    game, seat = selectors.visible_game(game_id, user)
    return json.loads(Snapshot(game).view_json(seat))


def test_the_sockets_of_a_table_share_one_read_of_a_version(table, alice, bob, carol, reads):
    views = views_at(table.pk, [alice, bob, carol], table.version)
    assert reads == [table.pk]
    assert [v["your_seat"] for v in views] == [0, 1, 2]
    assert views == [expected(table.pk, u) for u in (alice, bob, carol)]


def test_a_change_made_in_this_process_is_sent_without_reading_it(
    table, alice, bob, watched, reads
):
    first = engine.legal_moves(table.state, 0)[0]
    game = services.apply_move(table.pk, Actor("player", 0), first, table.version)
    views = views_at(table.pk, [alice, bob], game.version)
    assert reads == []
    assert [v["version"] for v in views] == [game.version] * 2
    assert views == [expected(table.pk, u) for u in (alice, bob)]


def test_a_seat_view_of_a_version_is_built_once(table, alice, watched, reads):
    first, again = (texts_at(table.pk, [alice], table.version)[0] for _ in range(2))
    assert first is again
    assert reads == [table.pk]


def test_a_game_keeps_the_views_of_its_newest_version_only(table, alice, bob, watched, reads):
    """Older versions' views are never sent again: keeping them only grew the process."""
    views_at(table.pk, [alice, bob], table.version)
    first = engine.legal_moves(table.state, 0)[0]
    game = services.apply_move(table.pk, Actor("player", 0), first, table.version)
    views_at(table.pk, [alice], game.version)
    kept = fanout._games[table.pk]  # the views are built on its snapshot, and go with it
    assert kept.version == game.version


def test_a_version_newer_than_the_one_known_is_read(table, alice, reads):
    views_at(table.pk, [alice], table.version)
    Game.objects.filter(pk=table.pk).update(version=table.version + 1)  # changed elsewhere
    [view] = views_at(table.pk, [alice], table.version + 1)
    assert view["version"] == table.version + 1
    assert reads == [table.pk, table.pk]


def test_a_private_game_is_not_there_for_others(alice, outsider, memory_layer, reads):
    game = services.game_create(user=alice, players=3, time_per_move=300, private=True)
    with pytest.raises(GameError):
        views_at(game.pk, [outsider], game.version)


def test_a_game_no_socket_here_watches_is_not_kept(table, alice, reads):
    """Games this process committed but shows nowhere: kept, they grew it all along."""
    first = engine.legal_moves(table.state, 0)[0]
    services.apply_move(table.pk, Actor("player", 0), first, table.version)
    views_at(table.pk, [alice], table.version + 1)
    assert table.pk not in fanout._games
    assert reads == [table.pk]


def test_the_last_socket_watching_a_game_takes_it_with_it(table, alice, reads):
    for _ in range(2):
        fanout.watch(table.pk)
    views_at(table.pk, [alice], table.version)
    fanout.unwatch(table.pk)
    assert fanout._games[table.pk].version == table.version
    fanout.unwatch(table.pk)
    assert table.pk not in fanout._games


def test_a_game_socket_watches_its_game_while_open(table, alice):
    cookie = session_cookie(alice)

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie)
        assert (await connected(ws))["version"] == table.version
        assert fanout._games[table.pk].version == table.version
        await ws.disconnect()
        assert table.pk not in fanout._games

    run(scenario)
