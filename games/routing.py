"""WebSocket routes, and the stack every socket passes through (see games/consumers.py).

Origin check (the page's origin is this very site, or in CSRF_TRUSTED_ORIGINS), then
the session (AuthMiddlewareStack), then an API token offered as the subprotocols
`token, <key>`, which wins over the session when present; then the path, an unknown one
refused at the handshake.
"""

from channels.auth import AuthMiddlewareStack
from channels.middleware import BaseMiddleware
from channels.routing import URLRouter
from channels.security.websocket import WebsocketDenier
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.middleware.csrf import CsrfViewMiddleware
from django.urls import path, re_path

import games.converters  # noqa: F401  (registers <game_id:>)
from accounts import socket_auth
from barkside import database_threads
from barkside.authentication import token_user
from games import consumers

websocket_urlpatterns = [
    path("ws/games/<game_id:game_id>/", consumers.GameConsumer.as_asgi()),
    path("ws/me/", consumers.MeConsumer.as_asgi()),
    # Any other path (`/ws/nope`, `/ws/games/abc/`): refused at the handshake, HTTP 403.
    # Without it URLRouter raises ValueError("No route found"), which the server logs as
    # an error with its traceback and answers with a 500.
    re_path(r"", WebsocketDenier.as_asgi()),
]


def _token_user_or_anonymous(key: str):
    return token_user(key) or AnonymousUser()


# A read on its own: it need not queue behind other sockets' work on one thread.
_token_user = database_threads.apart(_token_user_or_anonymous)


class TokenAuthMiddleware(BaseMiddleware):
    """`Sec-WebSocket-Protocol: token, <key>` signs in as the key's user.

    The key is taken out of the scope's subprotocols, so nothing downstream can echo or
    log it (only its digest stays, for games/socket_auth.py); an unknown key leaves the
    user anonymous (the consumer closes with 4401).
    """

    async def __call__(self, scope, receive, send):
        offered = scope.get("subprotocols") or []
        if offered[:1] == [consumers.TOKEN_SUBPROTOCOL]:
            key = offered[1] if len(offered) > 1 else ""
            user = await _token_user(key) if key else AnonymousUser()
            scope = dict(
                scope,
                user=user,
                subprotocols=[consumers.TOKEN_SUBPROTOCOL],
                token_digest=socket_auth.digest(key),
            )
        return await super().__call__(scope, receive, send)


class Handshake(HttpRequest):
    """A socket's opening request, seen as Django sees an HTTP request: its host checked
    against ALLOWED_HOSTS, https when the socket is wss or SECURE_PROXY_SSL_HEADER says so."""

    def __init__(self, scope):
        super().__init__()
        self.scope_scheme = scope.get("scheme", "ws")
        for name, value in scope.get("headers", []):
            key = "HTTP_" + name.decode("latin1").upper().replace("-", "_")
            self.META[key] = value.decode("latin1")

    def _get_scheme(self):
        return "https" if self.scope_scheme == "wss" else "http"


def origin_allowed(scope) -> bool:
    """Django's CSRF origin rule, so a page that may post a form may open a socket, and no
    other: exactly this site's scheme, host and port, or an origin in CSRF_TRUSTED_ORIGINS."""
    handshake = Handshake(scope)
    if "HTTP_ORIGIN" not in handshake.META:
        return False
    # A fresh instance: it caches CSRF_TRUSTED_ORIGINS as it reads them.
    return CsrfViewMiddleware(lambda request: None)._origin_verified(handshake)


class SameOriginOnly(BaseMiddleware):
    """A handshake from any other origin (or none) is refused with HTTP 403."""

    async def __call__(self, scope, receive, send):
        if not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await super().__call__(scope, receive, send)


def websocket_application():
    return SameOriginOnly(
        AuthMiddlewareStack(TokenAuthMiddleware(URLRouter(websocket_urlpatterns)))
    )
