"""Guests: play at once, without choosing a name or a password, and claim the account later.

A guest is an ordinary user with a generated name ("guest-" and eight letters or digits,
a prefix nobody else may register) and no usable password, whose `guest_until` says when
it is removed unless it comes back: each request it makes moves that time on (at most
once per GUEST_SEEN_STEP, so a phone playing does not write its row every move). Claiming
the account (a username and a password) makes it a user like any other, with its games.

What a guest may not do (rated play, chat) is refused by the apps that own it, from
`is_guest`; removing idle guests, whose games need ending first, is the games app's
(games/guests.py), which calls `guest_remove` here.
"""

import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import SESSION_KEY, update_session_auth_hash
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts.models import GUEST_PREFIX, USERNAME_TAKEN, User, is_guest_name
from accounts.services import (
    MODEL_BACKEND,
    SignedIn,
    invalid,
    password_problems,
    sign_in,
    tokens_end,
)
from barkside.authentication import user_tokens_forget
from barkside.errors import ServiceError

_NAME_LETTERS = "abcdefghijkmnpqrstuvwxyz23456789"  # no l/1, o/0 to mistake
_NAME_LENGTH = 8  # 32**8: a collision is a retry, not a failure
_NAME_TRIES = 5


def _guest_name() -> str:
    return GUEST_PREFIX + "".join(secrets.choice(_NAME_LETTERS) for _ in range(_NAME_LENGTH))


def _idle() -> timedelta:
    return timedelta(hours=settings.GUEST_IDLE_HOURS)


def guest_create(*, request: HttpRequest, session: bool) -> SignedIn:
    """A new guest with its API token; with `session`, this session signs in as it."""
    until = timezone.now() + _idle()
    for _ in range(_NAME_TRIES):
        user = User(username=_guest_name(), guest_until=until)
        user.set_unusable_password()
        try:
            with transaction.atomic():
                user.save()
                token = Token.objects.create(user=user)
        except IntegrityError:  # the name drawn is taken: draw again
            continue
        sign_in(request, user, session=session, backend=MODEL_BACKEND)
        return SignedIn(user, token)
    raise ServiceError("unavailable", status=503)


def guest_seen(user, now: datetime | None = None) -> None:
    """A guest is still here: its removal moves on to GUEST_IDLE_HOURS from now. Written
    only when the stored time is more than GUEST_SEEN_STEP old, and as a compare-and-set, so
    most requests write nothing."""
    if not getattr(user, "is_guest", False):
        return
    now = now or timezone.now()
    until = now + _idle()
    step = timedelta(seconds=settings.GUEST_SEEN_STEP)
    if user.guest_until > until - step:
        return
    User.objects.filter(pk=user.pk, guest_until__lt=until - step).update(guest_until=until)
    user.guest_until = until


def guest_claim(
    *, request: HttpRequest, user: User, username: str, password: str, email: str = ""
) -> SignedIn:
    """The guest becomes an account like any other, with its games: its name and password
    are set, a new token replaces the guest's, and this session stays signed in."""
    if not user.is_guest:
        raise ServiceError("not_a_guest", status=409)
    problems = {}
    others = User.objects.filter(username__iexact=username).exclude(pk=user.pk)
    if is_guest_name(username) or others.exists():
        problems["username"] = [USERNAME_TAKEN]
    claimed = User(pk=user.pk, username=username)
    if password_errors := password_problems(password, claimed):
        problems["password"] = password_errors
    if problems:
        raise invalid(problems)
    user.username = username
    user.email = User.objects.normalize_email(email)
    user.guest_until = None
    user.set_password(password)
    try:
        with transaction.atomic():
            # Compare-and-set: a removal running at the same time wins or loses whole.
            claimed_rows = User.objects.filter(pk=user.pk, guest_until__isnull=False).update(
                username=user.username,
                email=user.email,
                password=user.password,
                guest_until=None,
            )
            if not claimed_rows:
                raise ServiceError("not_a_guest", status=409)
            tokens_end(user)
            token = Token.objects.create(user=user)
    except IntegrityError:  # someone took the name between our check and our update
        raise invalid({"username": [USERNAME_TAKEN]}) from None
    transaction.on_commit(lambda: user_tokens_forget(user.pk))
    if request.session.get(SESSION_KEY) == str(user.pk):
        update_session_auth_hash(request, user)
    return SignedIn(user, token)


def guests_idle(now: datetime):
    """The guests idle past their time, oldest first: read through their partial index
    (`user_guest_until`), so the cost follows the guests due, not the users held."""
    return User.objects.filter(guest_until__lte=now).order_by("guest_until")


def guests_due(now: datetime, limit: int) -> list[int]:
    """The ids of the first `limit` guests idle past their time."""
    return list(guests_idle(now).values_list("pk", flat=True)[:limit])


def guest_locked(user_id: int, now: datetime) -> User | None:
    """The guest, locked for this transaction, if it is still idle at `now` (neither back
    nor claimed meanwhile); None otherwise."""
    return User.objects.select_for_update().filter(pk=user_id, guest_until__lte=now).first()


def guest_remove(user: User) -> None:
    """Delete a guest locked by `guest_locked`, once no game seats it (games/guests.py)."""
    tokens_end(user)
    user.delete()


def guest_retire(user: User) -> None:
    """Shut out a guest locked by `guest_locked` whose name must stay, as other people's
    games show it: it can no longer sign in, and is no longer due for removal."""
    tokens_end(user)
    User.objects.filter(pk=user.pk).update(is_active=False, guest_until=None)
    transaction.on_commit(lambda: user_tokens_forget(user.pk))
