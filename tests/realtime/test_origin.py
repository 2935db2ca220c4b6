"""Which pages may open a socket: exactly this site (scheme, host and port, as the browser
addressed it) and the origins in CSRF_TRUSTED_ORIGINS, the same rule as Django's CSRF."""

import pytest
from channels.testing import WebsocketCommunicator
from rest_framework.authtoken.models import Token
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from games.routing import websocket_application

from .processes import http_ok
from .sockets import run, session_cookie


def opens(path, cookie, origin: bytes, host: bytes, headers=()) -> bool:
    accepted = []

    async def scenario():
        headers_sent = [(b"host", host), (b"origin", origin), (b"cookie", cookie), *headers]
        ws = WebsocketCommunicator(websocket_application(), path, headers=headers_sent)
        accepted.append((await ws.connect())[0])
        await ws.disconnect()

    run(scenario)
    return accepted[0]


@pytest.mark.parametrize(
    ("origin", "host", "opens_it"),
    [
        (b"http://127.0.0.1:8000", b"127.0.0.1:8000", True),
        (b"http://localhost:8000", b"localhost:8000", True),
        (b"http://127.0.0.1:8399", b"127.0.0.1:8000", False),  # another port: another site
        (b"http://127.0.0.1", b"127.0.0.1:8000", False),
        (b"https://127.0.0.1:8000", b"127.0.0.1:8000", False),  # another scheme
        (b"http://localhost:8000", b"127.0.0.1:8000", False),  # another host name
        (b"http://evil.example:8000", b"evil.example:8000", False),  # not in ALLOWED_HOSTS
        (b"null", b"127.0.0.1:8000", False),
    ],
)
@pytest.mark.parametrize("path", ["/ws/me/", "/ws/games/{game}/"])
def test_only_a_page_of_this_very_site_opens_a_socket(table, alice, path, origin, host, opens_it):
    assert opens(path.format(game=table.pk), session_cookie(alice), origin, host) is opens_it


def test_an_origin_in_csrf_trusted_origins_opens_a_socket(table, alice, settings):
    settings.CSRF_TRUSTED_ORIGINS = ["http://127.0.0.1:8399"]
    cookie = session_cookie(alice)

    assert opens("/ws/me/", cookie, b"http://127.0.0.1:8399", b"127.0.0.1:8000")
    assert not opens("/ws/me/", cookie, b"http://127.0.0.1:8398", b"127.0.0.1:8000")


def test_behind_a_tls_proxy_the_https_page_opens_its_socket(table, alice, settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    cookie, proto = session_cookie(alice), [(b"x-forwarded-proto", b"https")]
    site = b"barkside.example"
    settings.ALLOWED_HOSTS = [site.decode()]

    assert opens("/ws/me/", cookie, b"https://" + site, site, proto)
    assert not opens("/ws/me/", cookie, b"http://" + site, site, proto)
    assert not opens("/ws/me/", cookie, b"https://" + site, site)


def test_a_page_on_another_port_cannot_open_the_server_socket(alice, server):
    """A real server on its own port; the page that opens the socket sits on another."""
    base, token = server(), Token.objects.create(user=alice).key
    assert http_ok(base + "/")
    url = base.replace("http", "ws", 1) + "/ws/me/"
    own, other = base, base.rsplit(":", 1)[0] + ":8399"
    with connect(url, origin=own, subprotocols=["token", token]) as ws:
        assert ws.subprotocol == "token"
    with pytest.raises(InvalidStatus) as refused:
        connect(url, origin=other, subprotocols=["token", token])
    assert refused.value.response.status_code == 403
