"""The user's own stream: a game started, it is your turn, a game ended."""

from channels.db import database_sync_to_async

from games import engine, services
from games.models import Game
from tests.helpers import person_move

from .sockets import run, session_cookie, socket, user_messages


async def me(cookie):
    ws = socket("/ws/me/", cookie)
    accepted, _ = await ws.connect()
    assert accepted
    return ws


async def notices(ws, user) -> list[tuple[str, int]]:
    """Every notice `user`'s socket `ws` has been sent, as (type, version)."""
    return [(m["type"], m["version"]) for m in await user_messages(ws, user.pk)]


def test_the_creator_hears_once_that_the_game_started_and_they_are_to_pass(
    alice, bob, carol, memory_layer, queued
):
    game = services.game_create(user=alice, players=3, time_per_move=300)
    services.game_join(game_id=game.pk, user=bob)
    cookie = session_cookie(alice)

    async def scenario():
        ws = await me(cookie)
        await database_sync_to_async(services.game_join)(game_id=game.pk, user=carol)
        version = (await database_sync_to_async(Game.objects.get)(pk=game.pk)).version
        # one notice: the game's start begins the first turn
        assert await notices(ws, alice) == [("game_started", version)]
        await ws.disconnect()

    run(scenario)


def test_only_the_seat_to_act_hears_it_is_their_turn(table, alice, bob, carol):
    for seat, user in enumerate([alice, bob, carol]):  # everyone passes: the tricks begin
        game = Game.objects.get(pk=table.pk)
        move = engine.view(game.state, seat)["legal_moves"][0]
        person_move(
            game_id=game.pk, user=user, version=game.version, kind=move["kind"], cards=move["cards"]
        )
    game = Game.objects.get(pk=table.pk)
    (leader,) = engine.to_act(game.state)
    people = [alice, bob, carol]
    cookies = [session_cookie(p) for p in people]
    move = engine.view(game.state, leader)["legal_moves"][0]

    async def scenario():
        sockets = [await me(c) for c in cookies]
        after = await database_sync_to_async(person_move)(
            game_id=game.pk,
            user=people[leader],
            version=game.version,
            kind=move["kind"],
            cards=move.get("cards"),
        )
        (next_seat,) = engine.to_act(after.state)
        for seat, ws in enumerate(sockets):
            expected = [("your_turn", after.version)] if seat == next_seat else []
            assert await notices(ws, people[seat]) == expected
            await ws.disconnect()

    run(scenario)


def test_every_player_hears_that_the_game_ended(table, alice, bob, carol):
    people = [alice, bob, carol]
    cookies = [session_cookie(p) for p in people]

    async def scenario():
        sockets = [await me(c) for c in cookies]
        await database_sync_to_async(services.game_abort)(
            game_id=table.pk, version=table.version, reason="test"
        )
        for person, ws in zip(people, sockets, strict=True):
            assert await notices(ws, person) == [("game_ended", table.version + 1)]
            await ws.disconnect()

    run(scenario)


def test_other_peoples_games_are_not_heard(table, outsider):
    cookie = session_cookie(outsider)

    async def scenario():
        ws = await me(cookie)
        await database_sync_to_async(services.game_abort)(
            game_id=table.pk, version=table.version, reason="test"
        )
        assert await notices(ws, outsider) == []
        await ws.disconnect()

    run(scenario)
