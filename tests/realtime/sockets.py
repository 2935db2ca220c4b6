"""In-process sockets for consumer tests: WebsocketCommunicator on the real ASGI stack."""

from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client

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


def session_cookie(user) -> bytes:
    """A `cookie` header value signing `user` in, as a browser would send it."""
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()
