"""A person's move from any channel: one budget, one idempotency store, one reply.

`POST /api/games/<id>/moves` and a `move` message on `/ws/games/<id>/` both call
`move_submit`, so a move has the same guarantees whichever way it comes:

- the moves budget (THROTTLE_MOVES) per user, shared by REST and the socket;
- at most once per idempotency key: a key is the REST `Idempotency-Key` header or the
  socket move's `request_id` (as text), one namespace per user, so a move sent on the
  socket and retried over REST (or the reverse) with the same key is applied once;
- the reply is the user's view of the game right after the move, stored under the key
  in the move's own transaction: a move that committed always has its reply, and every
  retry (or concurrent twin) of it gets that same reply.

A refused move (illegal, stale, not yours) stores nothing: it changed nothing, so a
retry is simply decided again, and answers the same refusal while the game is where it
was.
"""

from typing import NamedTuple

from django.db import IntegrityError, transaction
from rest_framework.exceptions import Throttled

from barkside import statements
from barkside.errors import ServiceError
from barkside.serializers import validated
from barkside.throttling import SlidingWindow
from games import selectors, services
from games.errors import GameError
from games.models import IdempotentMove
from games.serializers import MoveSerializer

KEY_LENGTH = (1, 64)  # the column's size


class MovesBudget(SlidingWindow):
    """THROTTLE_MOVES for one user: every move counts, whichever channel it came by."""

    scope = "moves"

    def __init__(self, user):
        super().__init__()
        self.user_key = self.cache_format % {"scope": self.scope, "ident": user.pk}

    def get_cache_key(self, request, view):
        return self.user_key


def move_budget(user) -> None:
    """Draw one move from the user's budget, or refuse with `throttled` (429)."""
    budget = MovesBudget(user)
    if not budget.allow_request(None, None):
        raise Throttled(wait=budget.wait())


class Reply(NamedTuple):
    """The mover's view after a move: its version, and the view as the JSON text a client
    gets, rendered once for the reply, the broadcast and the stored answer of its key."""

    version: int
    text: str


def move_submit(*, game_id, user, fields, key=None) -> Reply:
    """Budget, key, fields, then the move (once per key): the user's view after it."""
    move_budget(user)
    key = _checked_key(key)
    data = validated(MoveSerializer, fields)
    try:
        return _applied(game_id, user, data, key)
    except _Refused as refused:
        # Rolled back. A move sent again finds the game moved on (or its key taken) by its
        # first sending, and answers what that one answered. Looking the key up only here
        # spares every other move a query.
        stored = _stored(user, key, game_id)
        if stored is None:
            raise refused.error from None
        return Reply(stored.version, stored.response)


class _Refused(Exception):
    """A keyed move refused, or its key found taken: its key may hold an answer."""

    def __init__(self, error: Exception):
        self.error = error


def _applied(game_id, user, data: dict, key: str | None) -> Reply:
    with transaction.atomic():
        # The game first: twins of a move queue on its lock, then the second finds the
        # game moved on (PostgreSQL; SQLite runs one writer at a time).
        game = services.game_locked(game_id)
        seat = selectors.visible_seat(game.game, user)  # private games stay unseen, keyed or not
        try:
            after = services.game_move(
                game=game,
                seat=seat,
                kind=data["kind"],
                cards=data.get("cards"),
                version=data["version"],
            )
        except GameError as error:
            if key is None:
                raise
            raise _Refused(error) from None
        reply = Reply(after.version, after.view_json(after.seat_of(user)))
        if key is not None:
            _store(user, key, game_id, reply)
    return reply


def _checked_key(key) -> str | None:
    if key is None:
        return None
    low, high = KEY_LENGTH
    # Printable ASCII: PostgreSQL refuses some strings (a NUL byte) with an error.
    if not (
        isinstance(key, str) and low <= len(key) <= high and key.isascii() and key.isprintable()
    ):
        raise ServiceError("bad_idempotency_key")
    return key


def _stored(user, key: str, game_id) -> IdempotentMove | None:
    """The move stored under `key`, if any: for this game, or refused as another's."""
    stored = IdempotentMove.objects.filter(user=user, key=key).first()
    if stored is not None and str(stored.game_id) != str(game_id):
        raise _key_reused()
    return stored


def _store(user, key: str, game_id, reply: Reply) -> None:
    """Keep the reply under the key, in the move's transaction. A move that got here first
    with the same key (its twin on another game, or another move on this one) holds it:
    this move is rolled back and answered from what that one stored."""
    try:  # no savepoint: the whole transaction rolls back anyway
        statements.insert(
            IdempotentMove(
                user=user, key=key, game_id=game_id, version=reply.version, response=reply.text
            )
        )
    except IntegrityError:
        raise _Refused(_key_reused()) from None


def _key_reused() -> ServiceError:
    return ServiceError("idempotency_key_reused", status=422)
