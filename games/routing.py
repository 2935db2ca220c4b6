"""WebSocket routes, and the stack every socket passes through (see games/consumers.py).

Origin check (ALLOWED_HOSTS), then the session (AuthMiddlewareStack), then an API token
offered as the subprotocols `token, <key>`, which wins over the session when present.
"""

from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from channels.routing import URLRouter
from channels.security.websocket import AllowedHostsOriginValidator
from django.contrib.auth.models import AnonymousUser
from django.urls import path
from rest_framework.authtoken.models import Token

from barkside.authentication import could_be_token
from games import consumers

websocket_urlpatterns = [
    path("ws/games/<int:game_id>/", consumers.GameConsumer.as_asgi()),
    path("ws/me/", consumers.MeConsumer.as_asgi()),
]


@database_sync_to_async
def _token_user(key: str):
    if not could_be_token(key):  # PostgreSQL refuses some strings (a NUL) with an error
        return AnonymousUser()
    token = Token.objects.select_related("user").filter(key=key).first()
    if token is None or not token.user.is_active:
        return AnonymousUser()
    return token.user


class TokenAuthMiddleware(BaseMiddleware):
    """`Sec-WebSocket-Protocol: token, <key>` signs in as the key's user.

    The key is taken out of the scope's subprotocols, so nothing downstream can echo or
    log it; an unknown key leaves the user anonymous (the consumer closes with 4401).
    """

    async def __call__(self, scope, receive, send):
        offered = scope.get("subprotocols") or []
        if offered[:1] == [consumers.TOKEN_SUBPROTOCOL]:
            key = offered[1] if len(offered) > 1 else ""
            user = await _token_user(key) if key else AnonymousUser()
            scope = dict(scope, user=user, subprotocols=[consumers.TOKEN_SUBPROTOCOL])
        return await super().__call__(scope, receive, send)


def websocket_application():
    return AllowedHostsOriginValidator(
        AuthMiddlewareStack(TokenAuthMiddleware(URLRouter(websocket_urlpatterns)))
    )
