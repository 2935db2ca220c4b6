"""The sign-in a socket stands on, and closing the sockets of a sign-in that has ended.

A socket signs in with a session cookie or an API token (games/routing.py). Logging out
ends that session and the user's token; a password change ends the token and every
session signed in with the old password. Each socket joins one channel-layer group per
thing whose end ends its sign-in (`groups_of`); accounts/services.py sends `auth.ended`
to those groups after commit, and the consumers close at once, as they do for a
suspension (`user.kicked`). Channel layers drop messages at capacity, so a game socket
also checks its sign-in again (`still_signed_in`) before it acts on a client's message.

Group names are stored in Redis: they carry a digest of a key, never the key.
"""

import logging
from importlib import import_module
from types import SimpleNamespace

from django.conf import settings
from django.contrib.auth import get_user
from rest_framework.authtoken.models import Token

from barkside import broadcast
from barkside.authentication import digest, token_known

log = logging.getLogger(__name__)

CLOSE_UNAUTHENTICATED = 4401  # no sign-in, or it ended: sign in again
# The password changed: connect again. The session that changed it is let back in;
# every other one (signed in with the old password) is refused with 4401.
CLOSE_SIGN_IN_CHANGED = 4001


def token_group(key: str) -> str:
    return f"signin-token-{digest(key)}"


def session_group(session_key: str) -> str:
    return f"signin-session-{digest(session_key)}"


def password_group(user) -> str:
    """Every session of `user` signed in with their current password."""
    return f"signin-password-{user.pk}-{digest(user.get_session_auth_hash())}"


def groups_of(scope) -> list[str]:
    if scope.get("token_digest"):
        return [f"signin-token-{scope['token_digest']}"]
    return [session_group(scope["session"].session_key), password_group(scope["user"])]


def still_signed_in(scope) -> bool:
    """Whether the token or session this socket signed in with still signs its user in."""
    user = scope["user"]
    if scope.get("token_digest"):
        if token_known(scope["token_digest"], user.pk):  # the cache forgets ended tokens
            return True
        keys = Token.objects.filter(user_id=user.pk, user__is_active=True).values_list(
            "key", flat=True
        )
        return any(digest(key) == scope["token_digest"] for key in keys)
    session_key = scope["session"].session_key
    if not session_key:
        return False
    # A fresh read of the session, checked as Django checks every request's.
    store = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    return get_user(SimpleNamespace(session=store)).pk == user.pk


def sockets_close(groups: dict[str, int]) -> None:
    """Close the sockets of each group with its code (called after commit)."""
    for group, code in groups.items():
        try:
            broadcast.group_send([(group, {"type": "auth.ended", "code": code})])
        except Exception:  # lost: the socket's next message finds the sign-in gone
            log.exception("closing the sockets of %s failed", group)
