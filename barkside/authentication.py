"""API token authentication that looks at a key before the database does, and remembers it.

A key is 40 hex digits (DRF's `Token.generate_key`). Anything else can't be one, and some
of it can't even be asked about: PostgreSQL refuses a NUL byte in text with an error,
which would turn `Authorization: Token a\\x00b` into a 500 instead of a 401.

A known key's user is kept in the cache for TOKEN_CACHE_SECONDS, so a phone's requests
and socket messages don't each look it up. The cache is keyed by a digest of the key
(never the key), and `tokens_forget` drops the entries whenever a token or its user
changes: logout and password change delete tokens, a suspension or rename changes the
user (accounts/services.py), and the Token and User signals cover the admin. A request
that read a token just before it was deleted could put it back for at most
TOKEN_CACHE_SECONDS; the sockets of a deleted token are closed at once all the same.
"""

import hashlib
import re

from django.core.cache import cache
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

TOKEN_KEY = re.compile(r"[0-9a-f]{40}")
TOKEN_CACHE_SECONDS = 300


def could_be_token(key: str) -> bool:
    return bool(TOKEN_KEY.fullmatch(key))


def digest(secret: str) -> str:
    """A short, one-way name for a secret (token keys, session keys) to store or log."""
    return hashlib.sha256(secret.encode()).hexdigest()[:32]


def _cache_key(key_digest: str) -> str:
    return f"token:{key_digest}"


def token_user(key: str):
    """The active user the key signs in, or None; from the cache when it knows the key."""
    if not could_be_token(key):
        return None
    name = _cache_key(digest(key))
    user = cache.get(name)
    if user is None:
        token = Token.objects.select_related("user").filter(key=key).first()
        if token is None or not token.user.is_active:
            return None
        user = token.user
        cache.set(name, user, TOKEN_CACHE_SECONDS)
    return user


def token_known(key_digest: str, user_id) -> bool:
    """Whether the cache holds the token of this digest for this user (then it is valid)."""
    user = cache.get(_cache_key(key_digest))
    return user is not None and user.pk == user_id


def tokens_forget(keys) -> None:
    """Drop these keys' cache entries: call it when the tokens or their user change."""
    cache.delete_many([_cache_key(digest(key)) for key in keys])


def user_tokens_forget(user_id) -> None:
    tokens_forget(Token.objects.filter(user_id=user_id).values_list("key", flat=True))


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key):
        user = token_user(key)
        if user is None:
            raise exceptions.AuthenticationFailed()  # DRF's words, in DRF's catalogs
        return user, key
