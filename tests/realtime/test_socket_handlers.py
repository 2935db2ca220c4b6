"""The game socket's registered handlers (games/socket_handlers.py): a client's message of
a handler's kind reaches it, its group events reach the client, and nothing else does."""

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from barkside.errors import ServiceError
from games import realtime, socket_handlers
from games.consumers import GameConsumer
from moderation.socket import Chat
from notifications import presence
from notifications.presence import Presence

from .sockets import connected, game_messages, run, session_cookie, socket


class Shout(socket_handlers.SocketHandler):
    """Says a client's `text` to the whole table, as the table chat does."""

    events = ("shout.said",)

    def __init__(self):
        self.heard = []

    def run(self, user, game_id, fields):
        self.heard.append((user.username, game_id, fields))
        if not fields.get("text"):
            raise ServiceError("invalid", "say something", fields={"text": ["Empty."]})
        said = {"type": "shout.said", "by": user.username, "text": fields["text"]}
        async_to_sync(get_channel_layer().group_send)(realtime.game_group(game_id), said)

    async def forward(self, user, event):
        if event["by"] == user.username:
            return {"type": "shouted", "text": event["text"], "echo": True}
        return {"type": "shouted", "text": event["text"], "by": event["by"]}


@pytest.fixture
def shout():
    handler = Shout()
    socket_handlers.register("shout", handler)
    yield handler
    socket_handlers.unregister("shout")


def test_a_registered_handlers_message_reaches_it_and_its_event_every_socket(
    table, alice, bob, shout
):
    cookies = [session_cookie(alice), session_cookie(bob)]

    async def scenario():
        sockets = [socket(f"/ws/games/{table.pk}/", cookie) for cookie in cookies]
        for ws in sockets:
            await connected(ws)
        await sockets[0].send_json_to({"type": "shout", "text": "hi", "request_id": "r"})
        assert await sockets[0].receive_json_from() == {
            "type": "shouted",
            "text": "hi",
            "echo": True,
        }
        assert await sockets[1].receive_json_from() == {
            "type": "shouted",
            "text": "hi",
            "by": "alice",
        }
        for ws in sockets:
            await ws.disconnect()

    run(scenario)
    assert shout.heard == [("alice", table.pk, {"text": "hi"})]


def test_a_registered_handlers_refusal_answers_the_api_error_shape(table, alice, shout):
    cookie = session_cookie(alice)

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie)
        await connected(ws)
        await ws.send_json_to({"type": "shout", "text": "", "request_id": "r"})
        answer = await ws.receive_json_from()
        await ws.disconnect()
        return answer

    assert async_to_sync(scenario)() == {
        "type": "error",
        "code": "invalid",
        "detail": "say something",
        "fields": {"text": ["Empty."]},
        "status": 400,
        "request_id": "r",
    }


def test_an_unregistered_type_answers_unknown_type_listing_the_registered_types(
    table, alice, shout
):
    cookie = session_cookie(alice)

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie)
        await connected(ws)
        await ws.send_json_to({"type": "whisper", "text": "psst", "request_id": "r"})
        answer = await ws.receive_json_from()
        await ws.disconnect()
        return answer

    types = "move, sync, chat, shout"
    assert async_to_sync(scenario)() == {
        "type": "error",
        "code": "unknown_type",
        "detail": f"Unknown message type: use one of {types}.",
        "fields": {"type": ["whisper"]},
        "types": types,
        "status": 400,
        "request_id": "r",
    }
    assert shout.heard == []


@pytest.mark.parametrize(
    "forged",
    [
        {"type": "shout.said", "by": "bob", "text": "forged"},
        {"type": "shout_said", "by": "bob", "text": "forged"},
        {"type": "chat.message", "id": 1, "user": "bob", "text": "forged", "user_id": 0},
        {"type": "chat.hidden", "id": 1},
        {"type": "game.view", "version": 10**6, "text": '{"type": "forged"}'},
        {"type": "game_view", "version": 10**6, "text": '{"type": "forged"}'},
        {"type": "user.kicked"},
        {"type": "auth.ended", "code": 4001},
        {"type": "websocket.disconnect", "code": 1000},
        {"type": "presence"},
        {"type": "dispatch"},
        {"type": "_send_view", "view_json": "{}", "version": 10**6},
    ],
    ids=lambda forged: forged["type"],
)
def test_a_client_cannot_call_a_group_event_handler_by_sending_its_type(
    table, alice, shout, forged
):
    cookie = session_cookie(alice)

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie)
        await connected(ws)
        await ws.send_json_to({**forged, "request_id": "r"})
        answer = await ws.receive_json_from()
        assert (answer["type"], answer["code"], answer["request_id"]) == (
            "error",
            "unknown_type",
            "r",
        )
        assert await game_messages(ws, table.pk) == []  # nothing forged, still open
        await ws.disconnect()

    run(scenario)


def test_the_apps_register_the_chat_and_presence_at_start_up():
    assert isinstance(socket_handlers.for_message("chat"), Chat)
    assert isinstance(socket_handlers.for_event("chat.message"), Chat)
    assert any(isinstance(h, Presence) for h in socket_handlers.handlers())
    assert socket_handlers.for_message("presence") is None  # no client messages
    assert socket_handlers.message_types() == ("move", "sync", "chat")


def test_a_socket_on_a_game_counts_its_person_as_watching_it(table, alice):
    cookie = session_cookie(alice)

    async def scenario():
        ws = socket(f"/ws/games/{table.pk}/", cookie)
        await connected(ws)
        assert presence.is_watching(alice.pk, table.pk)
        await ws.disconnect()

    assert not presence.is_watching(alice.pk, table.pk)
    run(scenario)
    assert not presence.is_watching(alice.pk, table.pk)


def test_no_registered_event_is_shadowed_by_a_method_of_the_socket():
    """The socket's own methods win over a registered event of the same name."""
    for handler in socket_handlers.handlers():
        for event in handler.events:
            assert not hasattr(GameConsumer, event.replace(".", "_")), event


@pytest.mark.parametrize("kind", socket_handlers.OWN_TYPES)
def test_the_sockets_own_types_cannot_be_registered(kind):
    with pytest.raises(ValueError):
        socket_handlers.register(kind, Shout())
    assert socket_handlers.for_message(kind) is None


def test_a_kind_or_event_claimed_by_another_handler_is_refused(shout):
    class Other(socket_handlers.SocketHandler):
        events = ("chat.message",)

    with pytest.raises(ValueError):
        socket_handlers.register("shout", Other())
    with pytest.raises(ValueError):
        socket_handlers.register("other", Other())
    assert socket_handlers.for_message("shout") is shout
    assert isinstance(socket_handlers.for_event("chat.message"), Chat)
    assert socket_handlers.for_message("other") is None


def test_an_asgi_event_type_cannot_be_registered():
    class Receiver(socket_handlers.SocketHandler):
        events = ("websocket.receive",)

    with pytest.raises(ValueError):
        socket_handlers.register("receiver", Receiver())
    assert socket_handlers.for_event("websocket.receive") is None
