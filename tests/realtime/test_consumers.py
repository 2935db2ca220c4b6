"""The game socket: views per seat, hidden cards, auth and origin, moves, version gaps."""

import asyncio
import json
import threading
from concurrent.futures import ThreadPoolExecutor

import channels.consumer
import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db import OperationalError
from rest_framework.authtoken.models import Token
from rest_framework.utils.encoders import JSONEncoder

from barkside import database_threads, jsontext
from games import engine, reads, realtime, selectors, services
from games.consumers import CLOSE_NOT_FOUND, CLOSE_UNAUTHENTICATED, GameConsumer
from games.models import Game, GameEvent
from tests.helpers import client_for, person_move

from .sockets import connected, game_messages, run, session_cookie, socket

# What a seat may see; a spectator sees the public part only.
OWN_KEYS = {"seat", "hand", "passed_cards", "received_cards", "legal_moves"}


@database_sync_to_async
def expected(game_id, user) -> dict:
    """The game as GET /api/games/<id> would answer `user`, as JSON."""
    game, seat = selectors.visible_game(game_id, user)
    return json.loads(json.dumps(selectors.game_view(game, seat), cls=JSONEncoder))


@database_sync_to_async
def move_first_legal(game_id, user) -> Game:
    game, seat = selectors.visible_game(game_id, user)
    move = engine.view(game.state, seat.number)["legal_moves"][0]
    return person_move(game_id=game_id, user=user, version=game.version, **_args(move))


def _args(move: dict) -> dict:
    return {"kind": move["kind"], "cards": move.get("cards")}


def assert_sees_only_its_own(message: dict, game: Game, seat: int | None) -> None:
    view = message["game"]["view"]
    public = set(engine.view(game.state, None)) | {"version"}  # the table's, added by the API
    assert set(view) - public == (OWN_KEYS if seat is not None else set())
    if seat is not None:
        assert view["hand"] == engine.view(game.state, seat)["hand"]
        assert message["game"]["your_seat"] == seat
    assert view["seed"] is None
    raw = json.dumps(message)
    assert game.seed not in raw
    assert '"hands"' not in raw and '"aside"' not in raw


def test_a_player_gets_the_game_as_their_seat_sees_it_on_connect(table, alice):
    cookie = session_cookie(alice)

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie)
        message = await connected(ws)
        assert message == {
            "type": "game",
            "version": table.version,
            "game": await expected(table.pk, alice),
        }
        assert_sees_only_its_own(message, table, 0)
        await ws.disconnect()

    run(scenario)


def test_after_a_change_every_seat_and_spectator_gets_its_own_new_view(
    table, alice, bob, carol, outsider
):
    people = [alice, bob, carol, outsider]
    cookies = [session_cookie(p) for p in people]

    async def scenario():
        sockets = [socket(f"/ws/games/{table.pk}/", c) for c in cookies]
        for ws in sockets:
            await connected(ws)
        game = await move_first_legal(table.pk, bob)
        for person, ws in zip(people, sockets, strict=True):
            message = await ws.receive_json_from()
            assert message["version"] == table.version + 1
            assert message["game"] == await expected(table.pk, person)
            seat = None if person == outsider else people.index(person)
            assert_sees_only_its_own(message, game, seat)
            await ws.disconnect()

    run(scenario)


def test_each_persons_view_travels_only_to_their_own_sockets(table, alice, bob, carol, outsider):
    """The spectators' group carries `{game, version}`; each seated person's own group
    carries their own view and nobody else's; nothing goes to anybody else (the game
    group, which every socket of the game is in, gets nothing: its seats have their
    views)."""
    people = [alice, bob, carol, outsider]

    async def scenario():
        layer = get_channel_layer()
        game_listener = await layer.new_channel()
        spectators_listener = await layer.new_channel()
        user_listener = await layer.new_channel()
        await layer.group_add(realtime.game_group(table.pk), game_listener)
        await layer.group_add(realtime.spectators_group(table.pk), spectators_listener)
        for user_id in await database_sync_to_async(_seated_user_ids)(table):
            await layer.group_add(realtime.user_group(user_id), user_listener)
        players = {}
        for person in people:
            players[person] = await layer.new_channel()
            await layer.group_add(realtime.player_group(table.pk, person.pk), players[person])
        game = await move_first_legal(table.pk, bob)
        version = table.version + 1
        assert await layer.receive(spectators_listener) == {
            "type": "game.changed",
            "game": table.pk,
            "version": version,
        }
        notice = await layer.receive(user_listener)  # alice and carol still have to pass
        assert notice == {
            "type": "user.notice",
            "notice": "your_turn",
            "game": table.pk,
            "version": version,
        }
        for seat, person in enumerate(people[:3]):
            sent = await layer.receive(players[person])
            assert set(sent) == {"type", "version", "text"}
            assert (sent["type"], sent["version"]) == ("game.view", version)
            message = json.loads(sent["text"])
            assert message == {
                "type": "game",
                "version": version,
                "game": await expected(table.pk, person),
            }
            assert_sees_only_its_own(message, game, seat)
        fence = {"type": "fence"}
        for person in people:
            await layer.group_send(realtime.player_group(table.pk, person.pk), fence)
            assert await layer.receive(players[person]) == fence  # one view each, or none
        await layer.group_send(realtime.game_group(table.pk), fence)
        assert await layer.receive(game_listener) == fence

    run(scenario)


def test_a_game_socket_hears_no_notices_of_its_persons_games(table, alice, bob, monkeypatch):
    """A move tells the people to act `your_turn` on their user group, for /ws/me/; a game
    socket in that group would be handed every such notice of every game of its person,
    only to drop it. Its person's messages come on their sockets group (`user.kicked`)."""
    handled = []
    dispatch = GameConsumer.dispatch

    async def counted(self, message):
        handled.append(message["type"])
        await dispatch(self, message)

    monkeypatch.setattr(GameConsumer, "dispatch", counted)
    cookie = session_cookie(alice)

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie)
        await connected(ws)
        await move_first_legal(table.pk, bob)  # alice is to act: a `your_turn` for her
        assert (await ws.receive_json_from())["version"] == table.version + 1
        assert await game_messages(ws, table.pk) == []
        await ws.disconnect()

    run(scenario)
    assert "user.notice" not in handled
    # Nor of the version its view came with: that is for the game's spectators.
    assert handled[:2] == ["websocket.connect", "game.view"]
    assert "game.changed" not in handled


def test_a_move_builds_each_seated_persons_view_once(table, bob, monkeypatch):
    """The mover's reply and the move's broadcast share one view of the new version."""
    built = []
    build = selectors.game_view

    def counted(game, seat):
        built.append((game.version, seat.number if seat else None))
        return build(game, seat)

    monkeypatch.setattr(selectors, "game_view", counted)
    game, seat = selectors.visible_game(table.pk, bob)
    move = {
        **_args(engine.view(game.state, seat.number)["legal_moves"][0]),
        "version": game.version,
    }
    reply = client_for(bob).post(f"/api/games/{table.pk}/moves", move, format="json")
    assert reply.status_code == 200
    version = table.version + 1
    assert sorted(built) == [(version, 0), (version, 1), (version, 2)]
    assert reply.json()["version"] == version


def test_a_keyed_moves_reply_is_rendered_once_and_replayed_byte_for_byte(table, bob, monkeypatch):
    """The reply's JSON text is the broadcast's and the key's stored answer: no view is
    encoded again for the answer, the row or a retry."""
    views = []

    def counting(encode):
        def counted(*args):
            text = encode(*args)
            if '"your_seat"' in text:
                views.append(text)
            return text

        return counted

    # Views are encoded by jsontext; DRF's encoder would be the one to render them again.
    monkeypatch.setattr(jsontext, "dumps", counting(jsontext.dumps))
    monkeypatch.setattr(JSONEncoder, "encode", counting(JSONEncoder.encode))
    game, seat = selectors.visible_game(table.pk, bob)
    move = {
        **_args(engine.view(game.state, seat.number)["legal_moves"][0]),
        "version": game.version,
    }
    client = client_for(bob)
    sent = [
        client.post(f"/api/games/{table.pk}/moves", move, format="json", HTTP_IDEMPOTENCY_KEY="k")
        for _ in range(2)
    ]
    assert [r.status_code for r in sent] == [200, 200]
    assert len(views) == 3  # one per seat: the broadcast's, the mover's among them
    assert sent[0].content == sent[1].content
    assert sent[0].content.decode() in views


def _seated_user_ids(game):
    return list(game.seats.values_list("user_id", flat=True))


def test_a_spectator_of_a_public_game_sees_the_public_view(table, outsider):
    cookie = session_cookie(outsider)

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie)
        message = await connected(ws)
        assert message["game"]["your_seat"] is None
        assert_sees_only_its_own(message, table, None)
        await ws.disconnect()

    run(scenario)


def test_a_person_who_leaves_a_table_follows_it_on_as_a_spectator(
    alice, bob, carol, outsider, memory_layer, queued
):
    """A move's `game.changed` goes to the spectators only (the seats get their views
    ready-made): a socket whose person left its seat has to be among them from then on."""
    game = services.game_create(user=alice, players=3, time_per_move=300)
    services.game_join(game_id=game.pk, user=bob)
    cookie = session_cookie(bob)

    async def until_version(ws, version) -> dict:
        while (message := await ws.receive_json_from(timeout=10))["version"] < version:
            pass
        return message

    async def scenario():
        ws = socket(f"/ws/games/{game.pk}/", cookie)
        assert (await connected(ws))["game"]["your_seat"] == 1
        await database_sync_to_async(services.game_leave)(game_id=game.pk, user=bob)
        left = await until_version(ws, game.version + 2)  # bob joined, then left
        assert left["game"]["your_seat"] is None
        for person in (carol, outsider):  # the table fills up and starts
            await database_sync_to_async(services.game_join)(game_id=game.pk, user=person)
        moved = await move_first_legal(game.pk, alice)
        seen = await until_version(ws, moved.version)
        assert seen["version"] == moved.version
        assert seen["game"] == await expected(game.pk, bob)
        assert seen["game"]["your_seat"] is None
        await ws.disconnect()

    run(scenario)


def close_code_of(path, cookie=None, token=None) -> int:
    async def scenario():
        ws = socket(path, cookie, token)
        accepted, _ = await ws.connect()
        assert accepted  # accepted, then closed: the client can read the code
        closed = await ws.receive_output()
        assert closed["type"] == "websocket.close"
        return closed["code"]

    return async_to_sync(scenario)()


def test_an_outsider_is_closed_with_4404_for_a_private_game(alice, outsider, memory_layer, queued):
    game = services.game_create(
        user=alice, players=3, ai=["random", "random"], time_per_move=300, private=True
    )
    cookie = session_cookie(outsider)
    assert close_code_of(f"/ws/games/{game.pk}/", cookie) == CLOSE_NOT_FOUND


def test_an_unknown_game_is_closed_with_4404(alice, memory_layer):
    assert close_code_of("/ws/games/999999/", session_cookie(alice)) == CLOSE_NOT_FOUND


def test_a_socket_without_a_session_or_token_is_closed_with_4401(table):
    assert close_code_of(f"/ws/games/{table.pk}/") == CLOSE_UNAUTHENTICATED
    assert close_code_of("/ws/me/") == CLOSE_UNAUTHENTICATED


def test_an_unknown_token_is_closed_with_4401(table):
    assert close_code_of(f"/ws/games/{table.pk}/", token="0" * 40) == CLOSE_UNAUTHENTICATED


def test_a_token_with_a_nul_byte_is_closed_with_4401(table):
    assert close_code_of(f"/ws/games/{table.pk}/", token="a\x00b") == CLOSE_UNAUTHENTICATED


def test_a_token_in_the_subprotocol_signs_in_and_is_not_echoed(table, bob):
    token = Token.objects.create(user=bob).key

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", token=token)
        accepted, subprotocol = await ws.connect()
        assert (accepted, subprotocol) == (True, "token")
        message = await ws.receive_json_from()
        assert message["game"]["your_seat"] == 1
        await ws.disconnect()

    run(scenario)


@pytest.mark.parametrize("origin", [b"http://evil.example", None])
def test_a_foreign_or_missing_origin_is_refused_at_the_handshake(table, alice, origin):
    cookie = session_cookie(alice)

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie, origin=origin)
        accepted, _ = await ws.connect()
        assert not accepted
        await ws.disconnect()

    run(scenario)


def test_a_move_over_the_socket_goes_through_the_service(table, alice, bob):
    cookies = session_cookie(alice), session_cookie(bob)
    move = engine.view(table.state, 0)["legal_moves"][0]

    async def scenario():
        mine, bobs = (socket(f"/ws/games/{table.pk}/", c) for c in cookies)
        await connected(mine)
        await connected(bobs)
        await mine.send_json_to(
            {"type": "move", **move, "version": table.version, "request_id": "r1"}
        )
        answer = await mine.receive_json_from()
        assert answer["request_id"] == "r1"
        assert answer["version"] == table.version + 1
        assert answer["game"] == await expected(table.pk, alice)
        assert answer["game"]["view"]["passed"][0]
        assert (await bobs.receive_json_from())["version"] == table.version + 1
        assert await game_messages(mine, table.pk) == []  # its own broadcast: not sent again
        await mine.disconnect()
        await bobs.disconnect()

    run(scenario)
    event = GameEvent.objects.get(game=table, version=table.version + 1)
    assert (event.seat, event.actor) == (0, "player")


def pool_timed_out(*args, **kwargs):
    """A read the database cannot serve now, as a pool that waited its 10 s fails it."""
    raise OperationalError("couldn't get a connection after 10.00 sec")


def test_a_socket_move_the_database_cannot_serve_now_is_answered_503(table, alice, monkeypatch):
    """As over REST (tests/api/test_unavailable.py): `unavailable`, never a 500."""
    move = engine.view(table.state, 0)["legal_moves"][0]
    cookie = session_cookie(alice)

    async def scenario():
        mine = socket(f"/ws/games/{table.pk}/", cookie)
        await connected(mine)
        monkeypatch.setattr(reads, "game_with_seats", pool_timed_out)
        await mine.send_json_to(
            {"type": "move", **move, "version": table.version, "request_id": "r1"}
        )
        answer = await mine.receive_json_from()
        assert (answer["type"], answer["status"], answer["code"]) == ("error", 503, "unavailable")
        assert (answer["request_id"], answer["retry_after"]) == ("r1", 1)
        await mine.disconnect()

    run(scenario)
    assert Game.objects.get(pk=table.pk).version == table.version


def test_a_sync_the_database_cannot_serve_now_is_answered_503_and_the_socket_stays(
    table, alice, monkeypatch
):
    cookie = session_cookie(alice)

    async def scenario():
        mine = socket(f"/ws/games/{table.pk}/", cookie)
        await connected(mine)
        with monkeypatch.context() as patched:
            patched.setattr(reads, "game_with_seats", pool_timed_out)
            await mine.send_json_to({"type": "sync", "request_id": "s1"})
            answer = await mine.receive_json_from()
        assert (answer["type"], answer["status"], answer["code"]) == ("error", 503, "unavailable")
        assert answer["request_id"] == "s1"
        await mine.send_json_to({"type": "sync", "request_id": "s2"})
        answer = await mine.receive_json_from()
        assert (answer["type"], answer["request_id"]) == ("game", "s2")
        await mine.disconnect()

    run(scenario)


def test_socket_moves_and_syncs_never_wait_for_the_loops_default_executor(table, alice):
    """Django logs a request's 4xx answer in the loop's default executor while the request
    holds its database connection (barkside/database_threads.py). Socket moves waiting
    for a connection in that executor would leave no thread to log with, and neither side
    would move; here it is busy all along and the socket is still answered."""
    move = engine.view(table.state, 0)["legal_moves"][0]
    cookie = session_cookie(alice)

    async def scenario():
        mine = socket(f"/ws/games/{table.pk}/", cookie)
        await connected(mine)
        loop, gate = asyncio.get_running_loop(), threading.Event()
        loop.set_default_executor(ThreadPoolExecutor(max_workers=1))
        busy = loop.run_in_executor(None, gate.wait)
        try:
            await mine.send_json_to(
                {"type": "move", **move, "version": table.version, "request_id": "m"}
            )
            answer = await mine.receive_json_from(timeout=5)
            assert (answer["type"], answer["request_id"]) == ("game", "m")
            await mine.send_json_to({"type": "sync", "request_id": "s"})
            answer = await mine.receive_json_from(timeout=5)
            assert (answer["version"], answer["request_id"]) == (table.version + 1, "s")
        finally:
            gate.set()
            await busy
        await mine.disconnect()

    run(scenario)


def test_as_many_socket_calls_reach_the_database_at_once_as_the_process_has_threads(settings):
    """A socket's database work gets any of the process's REQUEST_THREADS threads: with
    fewer (the default executor's at most 32), pooled connections sit idle while moves
    queue."""
    settings.REQUEST_THREADS = 40
    database_threads.shut()  # made anew, with 40 threads
    meeting = threading.Barrier(40, timeout=5)  # broken unless all 40 wait at once

    async def all_at_once():
        wait = database_threads.apart(meeting.wait)
        await asyncio.gather(*(wait() for _ in range(40)))

    try:
        asyncio.run(all_at_once())
    finally:
        database_threads.shut()


def test_socket_messages_take_no_hop_to_the_process_shared_thread(table, alice, bob, monkeypatch):
    """Channels closes old database connections before each handler, in a hop to one
    thread that every socket of the process shares; these consumers skip it."""
    hops = []

    async def hop():
        hops.append(1)

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", hop)
    cookie = session_cookie(alice)

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie)
        await connected(ws)
        await move_first_legal(table.pk, bob)  # a view, a notice
        assert (await ws.receive_json_from())["version"] == table.version + 1
        await ws.send_json_to({"type": "sync", "request_id": "s"})
        assert (await ws.receive_json_from())["request_id"] == "s"
        await ws.disconnect()

    run(scenario)
    assert hops == []


def socket_answer(table, user, message) -> dict:
    cookie = session_cookie(user)

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie)
        await connected(ws)
        await (
            ws.send_to(text_data=message) if isinstance(message, str) else ws.send_json_to(message)
        )
        answer = await ws.receive_json_from()
        await ws.disconnect()
        return answer

    return async_to_sync(scenario)()


def test_a_stale_move_over_the_socket_answers_the_api_error_shape(table, alice):
    move = engine.view(table.state, 0)["legal_moves"][0]
    message = {"type": "move", **move, "version": table.version - 1, "request_id": 7}
    assert socket_answer(table, alice, message) == {
        "type": "error",
        "code": "stale_version",
        "detail": "The game has moved on meanwhile: refresh and try again.",
        "fields": {},
        "version": table.version,
        "status": 409,
        "request_id": 7,
    }


def test_a_socket_move_resent_after_a_reconnect_is_applied_once_and_answered_the_same(
    table, alice, bob
):
    move = engine.view(table.state, 0)["legal_moves"][0]
    message = {"type": "move", **move, "version": table.version, "request_id": "pass-1"}
    first = socket_answer(table, alice, message)
    assert (first["type"], first["version"]) == ("game", table.version + 1)
    game = Game.objects.get(pk=table.pk)
    bobs = engine.view(game.state, 1)["legal_moves"][0]  # the game moves on meanwhile
    person_move(game_id=table.pk, user=bob, version=game.version, **_args(bobs))
    again = socket_answer(table, alice, message)  # a new socket: the old one was lost
    assert again == first
    assert Game.objects.get(pk=table.pk).version == table.version + 2
    assert GameEvent.objects.filter(game=table, seat=0, version__gt=table.version).count() == 1


def test_a_refused_socket_move_resent_is_refused_the_same(table, alice):
    hand = engine.view(table.state, 0)["hand"]
    message = {"type": "move", "kind": "play", "cards": hand[:1], "version": table.version}
    first = socket_answer(table, alice, {**message, "request_id": "early-play"})
    assert (first["type"], first["status"]) == ("error", 400)
    assert socket_answer(table, alice, {**message, "request_id": "early-play"}) == first
    assert Game.objects.get(pk=table.pk).version == table.version


def test_a_socket_request_id_and_a_rest_idempotency_key_are_one_key(table, alice):
    move = engine.view(table.state, 0)["legal_moves"][0]
    message = {"type": "move", **move, "version": table.version, "request_id": 42}
    first = socket_answer(table, alice, message)
    assert first["type"] == "game"
    rest = client_for(alice).post(
        f"/api/games/{table.pk}/moves",
        {**move, "version": table.version},
        format="json",
        HTTP_IDEMPOTENCY_KEY="42",  # an integer request_id is its decimal text
    )
    assert rest.status_code == 200, rest.json()
    assert rest.json() == first["game"]
    assert Game.objects.get(pk=table.pk).version == table.version + 1


def test_a_request_id_too_long_for_a_key_refuses_the_move(table, alice):
    move = engine.view(table.state, 0)["legal_moves"][0]
    message = {"type": "move", **move, "version": table.version, "request_id": "r" * 65}
    answer = socket_answer(table, alice, message)
    assert (answer["code"], answer["status"]) == ("bad_idempotency_key", 400)
    assert answer["request_id"] == "r" * 65
    assert Game.objects.get(pk=table.pk).version == table.version


def test_socket_moves_share_the_rest_moves_budget(table, alice, throttle_rate):
    throttle_rate("moves", "2/min")
    move = engine.view(table.state, 0)["legal_moves"][0]
    stale = {"type": "move", **move, "version": table.version - 1}
    assert socket_answer(table, alice, stale)["code"] == "stale_version"  # counted all the same
    rest = client_for(alice).post(
        f"/api/games/{table.pk}/moves", {**move, "version": table.version}, format="json"
    )
    assert rest.status_code == 200
    answer = socket_answer(table, alice, {**stale, "version": table.version + 1})
    assert (answer["code"], answer["status"]) == ("throttled", 429)
    assert answer["retry_after"] > 0
    assert Game.objects.get(pk=table.pk).version == table.version + 1  # nothing applied


def test_a_rest_move_draws_on_the_moves_budget_only(table, alice, throttle_rate):
    throttle_rate("user", "1/min")
    client = client_for(alice)
    assert client.get(f"/api/games/{table.pk}").status_code == 200  # the user budget's one
    move = engine.view(table.state, 0)["legal_moves"][0]
    rest = client.post(
        f"/api/games/{table.pk}/moves", {**move, "version": table.version}, format="json"
    )
    assert rest.status_code == 200, rest.json()
    assert client.get(f"/api/games/{table.pk}").json()["code"] == "throttled"


def test_an_invalid_move_message_answers_invalid_with_its_fields(table, alice):
    answer = socket_answer(table, alice, {"type": "move", "kind": "jump", "version": 1})
    assert (answer["type"], answer["code"], answer["status"]) == ("error", "invalid", 400)
    assert set(answer["fields"]) == {"kind"}


def test_an_illegal_move_answers_the_rules_reason(table, alice):
    hand = engine.view(table.state, 0)["hand"]
    message = {"type": "move", "kind": "play", "cards": hand[:1], "version": table.version}
    answer = socket_answer(table, alice, message)  # passing comes first
    assert (answer["type"], answer["status"]) == ("error", 400)
    assert answer["code"] not in ("invalid", "error")


def test_a_spectator_cannot_move(table, outsider):
    move = engine.view(table.state, 0)["legal_moves"][0]
    answer = socket_answer(table, outsider, {"type": "move", **move, "version": table.version})
    assert (answer["code"], answer["status"]) == ("not_a_player", 403)


def test_a_message_that_is_not_json_answers_malformed(table, alice):
    answer = socket_answer(table, alice, "{not json")
    assert (answer["type"], answer["code"]) == ("error", "malformed")


def test_a_deeply_nested_message_answers_malformed_and_the_socket_stays_open(table, alice):
    cookie = session_cookie(alice)

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie)
        await connected(ws)
        # Exhausts json's stack, within SOCKET_MAX_BYTES (16 KiB): a larger one is not read.
        await ws.send_to(text_data="[" * 8_000 + "]" * 8_000)
        answer = await ws.receive_json_from()
        assert (answer["type"], answer["code"], answer["status"]) == ("error", "malformed", 400)
        await ws.send_json_to({"type": "sync"})
        assert (await ws.receive_json_from())["version"] == table.version
        await ws.disconnect()

    run(scenario)


def test_an_unknown_message_type_answers_unknown_type(table, alice):
    answer = socket_answer(table, alice, {"type": "shout"})
    assert answer["code"] == "unknown_type"


def test_a_client_that_missed_a_broadcast_syncs_to_the_current_view(table, alice, bob, monkeypatch):
    cookie = session_cookie(alice)

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie)
        await connected(ws)
        # The layer drops the broadcast (at capacity, or while the client reconnects).
        monkeypatch.setattr(realtime, "game_changed", lambda *args: None)
        await move_first_legal(table.pk, bob)
        assert await game_messages(ws, table.pk) == []
        await ws.send_json_to({"type": "sync", "request_id": "s"})
        message = await ws.receive_json_from()
        assert (message["version"], message["request_id"]) == (table.version + 1, "s")
        assert message["game"] == await expected(table.pk, alice)
        await ws.disconnect()

    run(scenario)


def test_a_late_or_repeated_broadcast_sends_nothing_new(table, alice):
    cookie = session_cookie(alice)

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie)
        await connected(ws)
        layer = get_channel_layer()
        message = {"type": "game.changed", "game": table.pk, "version": table.version}
        await layer.group_send(realtime.game_group(table.pk), message)
        view = {"type": "game.view", "version": table.version, "text": '{"type": "game"}'}
        await layer.group_send(realtime.player_group(table.pk, alice.pk), view)
        assert await game_messages(ws, table.pk) == []
        await ws.disconnect()

    run(scenario)
