"""Account services: register, log in, log out, change password.

They take Django's HttpRequest (not DRF's) because sessions and django-axes work on it:
axes counts failed logins from the `user_login_failed` signal that `authenticate` sends.
"""

from typing import NamedTuple

from django.contrib.auth import (
    SESSION_KEY,
    authenticate,
    login,
    logout,
    update_session_auth_hash,
)
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.signals import user_logged_in
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from rest_framework.authtoken.models import Token

from accounts import socket_auth
from accounts.models import USERNAME_TAKEN, User, is_guest_name, username_validator
from accounts.signals import signing_in
from barkside.authentication import tokens_forget, user_tokens_forget
from barkside.errors import ServiceError

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


class SignedIn(NamedTuple):
    user: User
    token: Token


def locked_out_error() -> ServiceError:
    from axes.helpers import get_cool_off

    cool_off = get_cool_off()
    return ServiceError(
        "locked_out",
        status=429,
        extra={"retry_after": int(cool_off.total_seconds()) if cool_off else None},
    )


def invalid(fields: dict[str, list[str]]) -> ServiceError:
    return ServiceError("invalid", fields=fields)


def password_problems(password: str, user: User) -> list[str]:
    try:
        validate_password(password, user)
    except ValidationError as exc:
        return list(exc.messages)
    return []


def sign_in(request: HttpRequest, user: User, *, session: bool, backend=None) -> None:
    if session:
        login(request, user, backend=backend)
    else:
        # No session, but the rest of a login: last_login, and axes resetting the failures.
        user_logged_in.send(sender=user.__class__, request=request, user=user)


def user_register(
    *, request: HttpRequest, username: str, password: str, email: str = "", session: bool
) -> SignedIn:
    """Create an account and give it its API token; with `session`, sign this session in."""
    user = User(username=username, email=User.objects.normalize_email(email))
    problems = {}
    if is_guest_name(username) or User.objects.filter(username__iexact=username).exists():
        problems["username"] = [USERNAME_TAKEN]
    if found := password_problems(password, user):
        problems["password"] = found
    if problems:
        raise invalid(problems)
    user.set_password(password)
    try:
        with transaction.atomic():
            user.save()
            token = Token.objects.create(user=user)
    except IntegrityError:
        # Someone took the name between our check and our insert.
        raise invalid({"username": [USERNAME_TAKEN]}) from None
    sign_in(request, user, session=session, backend=MODEL_BACKEND)
    return SignedIn(user, token)


def user_login(*, request: HttpRequest, username: str, password: str, session: bool) -> SignedIn:
    """Check credentials (axes counting failures), return the token; with `session`, sign
    this session in."""
    # Names are unique regardless of case, so "Alice" may log in as alice. Using the stored
    # spelling also keeps axes counting every spelling's failures against one account.
    stored = User.objects.filter(username__iexact=username).first()
    if stored is not None:  # suspended or banned: say so, to whoever knows the password
        signing_in.send(sender=User, user=stored, password=password)
    user = authenticate(
        request=request, username=stored.username if stored else username, password=password
    )
    if getattr(request, "axes_locked_out", False):
        raise locked_out_error()
    if user is None:
        raise ServiceError("invalid_credentials", status=400)
    sign_in(request, user, session=session)
    token, _created = Token.objects.get_or_create(user=user)
    return SignedIn(user, token)


def user_logout(*, request: HttpRequest, user: User) -> None:
    """End this session and revoke the user's API token; their sockets close at once."""
    ended = _token_sockets(user)
    if request.session.session_key:
        ended[socket_auth.session_group(request.session.session_key)] = (
            socket_auth.CLOSE_UNAUTHENTICATED
        )
    tokens_end(user)
    logout(request)
    transaction.on_commit(lambda: socket_auth.sockets_close(ended))


def _token_sockets(user: User) -> dict[str, int]:
    """The socket groups of the user's token, with the code that closes them."""
    keys = Token.objects.filter(user=user).values_list("key", flat=True)
    return {socket_auth.token_group(key): socket_auth.CLOSE_UNAUTHENTICATED for key in keys}


def tokens_end(user: User) -> None:
    """Delete the user's tokens; the token cache forgets them once that is committed (a
    request reading them before then could otherwise put them back)."""
    keys = list(Token.objects.filter(user=user).values_list("key", flat=True))
    Token.objects.filter(user=user).delete()
    transaction.on_commit(lambda: tokens_forget(keys))


def user_change_password(
    *, request: HttpRequest, user: User, old_password: str, new_password: str
) -> SignedIn:
    """Set a new password, replace the API token and keep this session signed in.

    Other sessions end (their stored password hash no longer matches) and other clients'
    token stops working: changing a password is how a user throws out a thief. A wrong
    old password counts toward the lockout like a failed login (429 `locked_out`).
    """
    # Checked as a login is, so that django-axes counts a wrong one: a thief holding a
    # session or a token gets AXES_FAILURE_LIMIT guesses at the password, not endless ones.
    checked = authenticate(request=request, username=user.get_username(), password=old_password)
    if getattr(request, "axes_locked_out", False):
        raise locked_out_error()
    if checked is None or checked.pk != user.pk:
        raise invalid({"old_password": [_("Wrong password.")]})
    if problems := password_problems(new_password, user):
        raise invalid({"new_password": problems})
    # The sockets of the old token, and of every session of the old password, close.
    ended = _token_sockets(user)
    ended[socket_auth.password_group(user)] = socket_auth.CLOSE_SIGN_IN_CHANGED
    with transaction.atomic():
        user.set_password(new_password)
        user.save(update_fields=["password"])
        tokens_end(user)
        token = Token.objects.create(user=user)
        transaction.on_commit(lambda: socket_auth.sockets_close(ended))
    # Only a session signed in as this user needs its hash refreshed; a token client has
    # no session, and creating one for it would only hand it a cookie it never uses.
    if request.session.get(SESSION_KEY) == str(user.pk):
        update_session_auth_hash(request, user)
    return SignedIn(user, token)


# --- for the apps built on accounts (moderation) -----------------------------------------


def user_set_active(*, user: User, active: bool) -> None:
    """Let the account in, or keep it out (suspensions and bans): Django's session backend
    and DRF's token authentication refuse an inactive account on its very next request."""
    User.objects.filter(pk=user.pk).update(is_active=active)
    user.is_active = active
    transaction.on_commit(lambda: user_tokens_forget(user.pk))


def username_change(*, user: User, username: str) -> None:
    """Give the account another name, by the same rules as registering."""
    try:
        username_validator(username)
    except ValidationError as exc:
        raise invalid({"username": [exc.messages[0]]}) from None
    if User.objects.filter(username__iexact=username).exclude(pk=user.pk).exists():
        raise invalid({"username": [USERNAME_TAKEN]})
    try:
        with transaction.atomic():
            User.objects.filter(pk=user.pk).update(username=username)
    except IntegrityError:  # taken between the check and the update
        raise invalid({"username": [USERNAME_TAKEN]}) from None
    user.username = username
    transaction.on_commit(lambda: user_tokens_forget(user.pk))
