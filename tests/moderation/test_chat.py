"""Table chat: who may write and read, the rate limit, live delivery, mutes and blocks."""

from datetime import UTC, datetime

import time_machine
from channels.db import database_sync_to_async

from moderation import services
from moderation.models import ChatMessage
from tests.helpers import client_for
from tests.realtime.sockets import game_messages, run, session_cookie, socket


def chat(user, game, text="good luck"):
    return client_for(user).post(f"/api/games/{game.pk}/chat", {"text": text}, format="json")


def lines(user, game):
    response = client_for(user).get(f"/api/games/{game.pk}/chat")
    assert response.status_code == 200
    return [(m["user"], m["text"]) for m in response.json()]


def test_a_player_says_something_and_it_is_stored(table, alice):
    response = chat(alice, table, "  have fun  ")
    assert response.status_code == 201
    body = response.json()
    assert (body["user"], body["text"]) == ("alice", "have fun")
    assert set(body) == {"id", "user", "text", "created"}
    assert ChatMessage.objects.get(pk=body["id"]).game_id == table.pk


def test_players_and_spectators_of_a_public_game_read_the_chat(table, alice, bob, outsider):
    chat(alice, table, "hi")
    assert lines(bob, table) == [("alice", "hi")]
    assert lines(outsider, table) == [("alice", "hi")]


def test_a_spectator_may_not_write(table, outsider):
    response = chat(outsider, table)
    assert (response.status_code, response.json()["code"]) == (403, "not_a_player")


def test_a_private_games_chat_is_not_there_for_others(alice, outsider, memory_layer, queued):
    from games import services as game_services

    game = game_services.game_create(user=alice, players=3, time_per_move=300, private=True)
    assert client_for(outsider).get(f"/api/games/{game.pk}/chat").status_code == 404
    assert chat(outsider, game).status_code == 404


def test_anonymous_people_cannot_read_the_chat(table):
    assert client_for().get(f"/api/games/{table.pk}/chat").status_code == 401


def test_a_message_is_at_most_280_characters_and_not_empty(table, alice):
    assert chat(alice, table, "x" * 280).status_code == 201
    too_long = chat(alice, table, "x" * 281)
    assert (too_long.status_code, list(too_long.json()["fields"])) == (400, ["text"])
    assert chat(alice, table, "   ").status_code == 400


def test_the_sixth_message_in_ten_seconds_is_throttled(table, alice, bob):
    # The budget counts in fixed windows: start at one's beginning, so that the six
    # messages can't straddle two windows however slow the machine is.
    with time_machine.travel(datetime(2026, 1, 1, 12, 0, tzinfo=UTC), tick=True):
        assert [chat(alice, table).status_code for _ in range(5)] == [201] * 5
        sixth = chat(alice, table)
        assert (sixth.status_code, sixth.json()["code"]) == (429, "throttled")
        assert sixth.json()["retry_after"] >= 1
        assert chat(bob, table).status_code == 201  # the budget is per user


def test_a_message_reaches_every_socket_at_the_table(table, alice, bob):
    cookies = [session_cookie(alice), session_cookie(bob)]

    async def scenario():
        sockets = []
        for cookie in cookies:
            ws = socket(f"/ws/games/{table.pk}/", cookie)
            assert (await ws.connect())[0]
            assert (await ws.receive_json_from())["type"] == "game"
            sockets.append(ws)
        response = await database_sync_to_async(chat)(alice, table, "<b>gl</b>")
        assert response.status_code == 201
        for ws in sockets:
            message = await ws.receive_json_from()
            assert message == {"type": "chat", **response.json()}
            await ws.disconnect()

    run(scenario)


def test_a_chat_message_sent_over_the_socket_is_stored_and_echoed(table, alice):
    cookie = session_cookie(alice)

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie)
        await ws.connect()
        await ws.receive_json_from()
        await ws.send_json_to({"type": "chat", "text": "hello"})
        message = await ws.receive_json_from()
        assert (message["type"], message["user"], message["text"]) == ("chat", "alice", "hello")
        await ws.send_json_to({"type": "chat", "text": 5, "request_id": "r1"})
        error = await ws.receive_json_from()
        assert (error["type"], error["code"], error["request_id"]) == ("error", "invalid", "r1")
        await ws.disconnect()

    run(scenario)
    assert ChatMessage.objects.get().text == "hello"


def test_a_muted_players_messages_are_left_out_for_the_muter_only(table, alice, bob, carol):
    assert client_for(alice).post("/api/mutes/bob").status_code == 204
    chat(bob, table, "blah")
    chat(carol, table, "hi")
    assert lines(alice, table) == [("carol", "hi")]
    assert lines(carol, table) == [("bob", "blah"), ("carol", "hi")]
    assert client_for(alice).delete("/api/mutes/bob").status_code == 204
    assert lines(alice, table) == [("bob", "blah"), ("carol", "hi")]


def test_a_muted_players_messages_do_not_reach_the_muters_socket(table, alice, bob, carol):
    services.mute_add(user=alice, username="bob")
    cookie = session_cookie(alice)

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie)
        await ws.connect()
        await ws.receive_json_from()
        await database_sync_to_async(chat)(bob, table, "blah")
        await database_sync_to_async(chat)(carol, table, "hi")
        message = await ws.receive_json_from()
        assert (message["user"], message["text"]) == ("carol", "hi")
        assert await game_messages(ws, table.pk) == []  # bob's line was left out
        await ws.disconnect()

    run(scenario)


def test_muting_yourself_or_nobody_is_refused(alice):
    assert client_for(alice).post("/api/mutes/alice").json()["code"] == "invalid"
    assert client_for(alice).post("/api/mutes/nobody").status_code == 404


def test_a_blocked_players_messages_are_left_out_for_the_blocker(table, alice, bob):
    assert client_for(alice).post("/api/blocks/bob").status_code == 204
    chat(bob, table, "blah")
    assert lines(alice, table) == []
    assert client_for(alice).delete("/api/blocks/bob").status_code == 204
    assert lines(alice, table) == [("bob", "blah")]
