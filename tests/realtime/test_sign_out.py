"""Logging out or changing the password closes the sockets of that session or token at
once (a real server, real sockets), and such a socket can no longer sync, move or chat."""

import contextlib
import json
import secrets
import time

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.hashers import make_password
from rest_framework.authtoken.models import Token
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from games import services
from tests.helpers import PASSWORD

from .processes import api
from .sockets import run, session_cookie, socket

SIGNED_OUT, SIGN_IN_AGAIN = 4401, 4001


@pytest.fixture
def game(alice, bob, carol, stack_env):
    game = services.game_create(user=alice, players=3, time_per_move=300)
    services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    return game


@pytest.fixture
def sockets():
    """`sockets(base, path, token=None, cookie=None)`: a real socket, signed in with the
    token or the cookies, its first `game` message read; all are closed at the end."""
    with contextlib.ExitStack() as stack:

        def open_socket(base: str, path: str, token=None, cookie=None):
            ws = stack.enter_context(
                connect(
                    base.replace("http", "ws", 1) + path,
                    origin=base,
                    subprotocols=["token", token] if token else None,
                    additional_headers={"Cookie": cookie} if cookie else None,
                    open_timeout=10,
                )
            )
            if path.startswith("/ws/games/"):
                assert json.loads(ws.recv(timeout=10))["type"] == "game"
            return ws

        yield open_socket


def closed_with(ws, timeout: float = 10) -> int:
    """The close code the server ends `ws` with, within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    try:
        while (left := deadline - time.monotonic()) > 0:
            ws.recv(timeout=left)
    except ConnectionClosed as closed:
        return closed.rcvd.code
    except TimeoutError:
        pass
    raise AssertionError(f"the socket was still open after {timeout}s")


def still_answers(ws) -> bool:
    ws.send(json.dumps({"type": "sync"}))
    return json.loads(ws.recv(timeout=10))["type"] == "game"


def browser(user) -> str:
    """A signed-in browser's cookies, with the CSRF cookie its page sends back as a header."""
    return f"{session_cookie(user).decode()}; csrftoken={CSRF}"


CSRF = secrets.token_hex(16)


def post_from_browser(base: str, path: str, cookie: str, body=None):
    headers = {"Cookie": cookie, "X-CSRFToken": CSRF, "Origin": base}
    return api(base, "POST", path, body=body, headers=headers)


def test_logout_by_token_closes_both_sockets_of_that_token(game, alice, server, sockets):
    base, token = server(), Token.objects.create(user=alice).key
    table = sockets(base, f"/ws/games/{game.pk}/", token=token)
    notices = sockets(base, "/ws/me/", token=token)

    assert api(base, "POST", "/api/auth/logout", token)[0] == 204

    assert closed_with(table) == SIGNED_OUT
    assert closed_with(notices) == SIGNED_OUT


def test_logout_of_a_browser_closes_its_sockets_and_no_one_elses(game, alice, server, sockets):
    base = server()
    phone, laptop = browser(alice), browser(alice)
    on_phone = sockets(base, f"/ws/games/{game.pk}/", cookie=phone)
    phone_notices = sockets(base, "/ws/me/", cookie=phone)
    on_laptop = sockets(base, f"/ws/games/{game.pk}/", cookie=laptop)

    assert post_from_browser(base, "/api/auth/logout", phone)[0] == 204

    assert closed_with(on_phone) == SIGNED_OUT
    assert closed_with(phone_notices) == SIGNED_OUT
    assert still_answers(on_laptop)  # the laptop's session is still signed in


@pytest.fixture
def real_hashing(alice, settings):
    """The server process hashes as production does: alice's password must verify there."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    alice.password = make_password(PASSWORD)
    alice.save(update_fields=["password"])


def test_a_password_change_closes_the_old_token_and_every_old_session(
    game, alice, server, sockets, real_hashing
):
    base, token = server(), Token.objects.create(user=alice).key
    by_token = sockets(base, f"/ws/games/{game.pk}/", token=token)
    thief = browser(alice)
    thiefs = [sockets(base, p, cookie=thief) for p in (f"/ws/games/{game.pk}/", "/ws/me/")]

    body = {"old_password": PASSWORD, "new_password": "Leader-doghouse-2-tuck"}
    status, _ = api(base, "POST", "/api/auth/password", token, body)
    assert status == 200

    assert closed_with(by_token) == SIGNED_OUT
    assert [closed_with(ws) for ws in thiefs] == [SIGN_IN_AGAIN, SIGN_IN_AGAIN]
    # Connecting again: the old session and the old token are both refused.
    for ws in (sockets(base, "/ws/me/", cookie=thief), sockets(base, "/ws/me/", token)):
        assert closed_with(ws) == SIGNED_OUT


def test_a_socket_whose_token_ended_unnoticed_cannot_sync_move_or_chat(table, alice):
    """The `auth.ended` notice may be lost: the socket checks its sign-in on every message."""
    key = Token.objects.create(user=alice).key
    messages = [
        {"type": "sync"},
        {"type": "chat", "text": "still here?"},
        {"type": "move", "kind": "tuck", "version": table.version},
    ]

    async def scenario():
        sockets = [socket(f"/ws/games/{table.pk}/", token=key) for _ in messages]
        for ws in sockets:
            assert (await ws.connect())[0]
            await ws.receive_json_from()
        await sync_to_async(Token.objects.filter(key=key).delete)()  # and no notice sent
        for ws, message in zip(sockets, messages, strict=True):
            await ws.send_json_to(message)
            answer = await ws.receive_output(timeout=5)
            assert answer == {"type": "websocket.close", "code": SIGNED_OUT}, message

    run(scenario)
