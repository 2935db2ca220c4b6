"""In-process sockets for consumer tests: WebsocketCommunicator on the real ASGI stack."""

import time

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client

from games import realtime
from games.routing import websocket_application

HOST = b"127.0.0.1"  # the site the socket is opened on; a browser sends it as `Host`
ORIGIN = b"http://127.0.0.1"  # the page that opens it: the same site


def run(scenario):
    """Run an async scenario from a sync test (the DB calls stay on this thread)."""
    async_to_sync(scenario)()


def socket(path, cookie=None, token=None, origin=ORIGIN, host=HOST) -> WebsocketCommunicator:
    """A socket through origin check, session and token auth, as daphne would route it."""
    headers = [(b"host", host)] + ([(b"origin", origin)] if origin else [])
    if cookie:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(
        websocket_application(),
        path,
        headers=headers,
        subprotocols=["token", token] if token else None,
    )


async def connected(communicator) -> dict:
    """The first message of a socket that must be accepted: its view."""
    accepted, _ = await communicator.connect()
    assert accepted
    return await communicator.receive_json_from()


def session_cookie(user) -> bytes:
    """A `cookie` header value signing `user` in, as a browser would send it."""
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


# --- everything a socket sent up to now ------------------------------------------------------
#
# "Nothing more arrives within 0.2 s" passes when a message is merely late (a loaded
# machine), so it proves nothing. Instead a fence goes through the channel layer after
# the change under test: the layer delivers a channel's messages in order and a consumer
# handles them one at a time, so whatever the change made the socket send comes before
# the fence's echo. The wait for the echo has a deadline.

FENCE_WAIT = 10.0  # seconds; a fence is echoed at once unless something is wrong


async def sent_before_fence(ws, group: str, fence: dict, echo: dict) -> list[dict]:
    """The messages `ws` sends before it echoes `fence`, sent to `group` now, as `echo`."""
    await get_channel_layer().group_send(group, fence)
    got = []
    deadline = time.monotonic() + FENCE_WAIT
    while (message := await ws.receive_json_from(timeout=deadline - time.monotonic())) != echo:
        got.append(message)
    return got


async def game_messages(ws, game_id: int) -> list[dict]:
    """What a game socket has sent since it was last read (`chat_hidden` is the fence)."""
    fence = {"type": "chat.hidden", "id": "fence"}
    echo = {"type": "chat_hidden", "id": "fence"}
    return await sent_before_fence(ws, realtime.game_group(game_id), fence, echo)


async def user_messages(ws, user_id: int) -> list[dict]:
    """What a `/ws/me/` socket has sent since it was last read (a `fence` notice ends it)."""
    fence = {"type": "user.notice", "notice": "fence"}
    return await sent_before_fence(ws, realtime.user_group(user_id), fence, {"type": "fence"})
