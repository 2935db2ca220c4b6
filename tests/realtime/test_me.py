"""The user's own stream: a game started, it is your turn, a game ended."""

from channels.db import database_sync_to_async

from games import engine, services
from games.models import Game

from .sockets import run, session_cookie, socket


async def me(cookie):
    ws = socket("/ws/me/", cookie)
    accepted, _ = await ws.connect()
    assert accepted
    return ws


async def notices(ws) -> list[tuple[str, int]]:
    """Every notice waiting on `ws` as (type, version)."""
    got = []
    while not await ws.receive_nothing(0.2):
        message = await ws.receive_json_from()
        got.append((message["type"], message["version"]))
    return got


def test_the_creator_hears_that_the_game_started_and_that_they_are_to_pass(
    alice, bob, carol, memory_layer, queued
):
    game = services.game_create(user=alice, players=3, time_per_move=300)
    services.game_join(game_id=game.pk, user=bob)
    cookie = session_cookie(alice)

    async def scenario():
        ws = await me(cookie)
        await database_sync_to_async(services.game_join)(game_id=game.pk, user=carol)
        version = (await database_sync_to_async(Game.objects.get)(pk=game.pk)).version
        assert await notices(ws) == [("game_started", version), ("your_turn", version)]
        await ws.disconnect()

    run(scenario)


def test_only_the_seat_to_act_hears_it_is_their_turn(table, alice, bob, carol):
    for seat, user in enumerate([alice, bob, carol]):  # everyone passes: the tricks begin
        game = Game.objects.get(pk=table.pk)
        move = engine.view(game.state, seat)["legal_moves"][0]
        services.game_move(
            game_id=game.pk, user=user, version=game.version, kind=move["kind"], cards=move["cards"]
        )
    game = Game.objects.get(pk=table.pk)
    (leader,) = engine.to_act(game.state)
    people = [alice, bob, carol]
    cookies = [session_cookie(p) for p in people]
    move = engine.view(game.state, leader)["legal_moves"][0]

    async def scenario():
        sockets = [await me(c) for c in cookies]
        after = await database_sync_to_async(services.game_move)(
            game_id=game.pk,
            user=people[leader],
            version=game.version,
            kind=move["kind"],
            cards=move.get("cards"),
        )
        (next_seat,) = engine.to_act(after.state)
        for seat, ws in enumerate(sockets):
            expected = [("your_turn", after.version)] if seat == next_seat else []
            assert await notices(ws) == expected
            await ws.disconnect()

    run(scenario)


def test_every_player_hears_that_the_game_ended(table, alice, bob, carol):
    cookies = [session_cookie(p) for p in (alice, bob, carol)]

    async def scenario():
        sockets = [await me(c) for c in cookies]
        await database_sync_to_async(services.game_abort)(
            game_id=table.pk, version=table.version, reason="test"
        )
        for ws in sockets:
            assert await notices(ws) == [("game_ended", table.version + 1)]
            await ws.disconnect()

    run(scenario)


def test_other_peoples_games_are_not_heard(table, outsider):
    cookie = session_cookie(outsider)

    async def scenario():
        ws = await me(cookie)
        await database_sync_to_async(services.game_abort)(
            game_id=table.pk, version=table.version, reason="test"
        )
        assert await notices(ws) == []
        await ws.disconnect()

    run(scenario)
