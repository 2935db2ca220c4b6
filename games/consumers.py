"""WebSocket consumers: a live game, and a user's own stream of notices.

Endpoints (routed in games/routing.py):

- `/ws/games/<id>/` - the game as this user may see it (a player's seat, or the public
  view for a spectator of a public game). On connect: the current view; after every
  change: the new view. Each is `{"type": "game", "version": v, "game": {...}}`, where
  `game` is exactly what `GET /api/games/<id>` answers.
- `/ws/me/` - notices for the user: about their games, `{"type": "game_started" |
  "your_turn" | "game_ended" | "matched", "game": id, "version": v}`; and `{"type":
  "warned", "warning": id}` when a moderator warned them (the reason is not in it: the
  client reads `GET /api/moderation/warnings`, and marks it seen with `POST
  /api/moderation/warnings/<id>/seen`).

Client messages on `/ws/games/<id>/`:

- `{"type": "move", "kind", "cards", "version", "request_id"}` - a move through the same
  service as `POST /api/games/<id>/moves`; answered by a `game` message carrying the
  `request_id`, or by `{"type": "error", "code", "detail", "fields", "status",
  "request_id", ...}` - the API's error shape plus the HTTP status it would have had.
  Moves draw on the REST moves budget (THROTTLE_MOVES): over it, `throttled` (429).
  A move's `request_id` (a string of 1-64 characters, or an integer taken as its
  decimal text) is its idempotency key, exactly as the REST `Idempotency-Key` header
  and in the same namespace, per user: a move resent after a reconnect with the same
  `request_id` is applied once and answered with the first answer (games/moves.py).
  So a `request_id` names one move for good: make it unique per user (a UUID), never a
  counter that starts again at every page load.
- `{"type": "sync"}` - answers the current `game` message. Channel layers drop messages
  at capacity and while a client reconnects: a client that sees a version gap syncs.
- The apps built on games add their own types (games/socket_handlers.py): the table chat
  `{"type": "chat", "text", "request_id"}` (moderation/socket.py), refused as moves are.
  Any other `type` is answered `unknown_type`, its detail listing the types there are.

Authentication: the session cookie (browsers), or an API token for other clients, sent
as the subprotocols `token, <key>` (the `Sec-WebSocket-Protocol` header; in a browser
`new WebSocket(url, ["token", key])`). The server accepts the subprotocol `token` and
never echoes the key. Tokens are never read from the query string, which ends up in logs.
Every client sends an `Origin` header: this very site (scheme, host and port) or one in
CSRF_TRUSTED_ORIGINS; any other origin (or none) is refused at the handshake (HTTP 403,
before any close code can be sent).

Close codes (the socket is accepted and then closed, so the client can read the code):

- 4401 - not authenticated (no session, or an unknown token); also at once when the
  session or token the socket signed in with ends (logout, password change), and on the
  next message if that notice was lost (accounts/socket_auth.py)
- 4001 - the password changed: connect again (the session that changed it is let back
  in, any other gets 4401)
- 4403 - a moderator suspended or banned the account (both sockets)
- 4404 - no such game, or a private game of which the user has no seat (the same answer
  for both, so private games stay unseen), also when a game becomes invisible later
- 4429 - too many: the person already holds SOCKETS_PER_PERSON sockets (both kinds, in
  every web process; the error `too_many_sockets` comes first), or the socket went on
  sending after its messages were refused (below)
- 1009 - a message over SOCKET_MAX_BYTES, refused unread (uvicorn's own refusal, with
  `--ws-max-size`, has the same code)

Limits (games/socket_limits.py): each socket may send SOCKET_RATE_MESSAGES messages per
SOCKET_RATE_SECONDS (a burst of that many, then that pace). A message over it is answered
`too_many_messages` (429, `request_id` null: it was not read) and still counts, so a
socket that sends as many again while refused is closed with 4429.
Unknown paths are refused at the handshake (HTTP 403, games/routing.py).
"""

import json
import logging

from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation
from rest_framework.utils.encoders import JSONEncoder

from accounts import socket_auth
from accounts.socket_auth import CLOSE_UNAUTHENTICATED
from barkside import database_threads
from barkside.error_texts import language_from_scope, translate
from barkside.errors import ServiceError, exception_handler
from games import fanout, moves, realtime, socket_handlers, socket_limits
from games.errors import GameError
from games.socket_limits import Verdict

log = logging.getLogger(__name__)

TOKEN_SUBPROTOCOL = "token"
CLOSE_NOT_FOUND = 4404
CLOSE_KICKED = 4403
CLOSE_TOO_MANY = 4429  # too many messages on the socket, or sockets for the person
CLOSE_TOO_BIG = 1009  # the protocol's "message too big", as the ASGI server closes it


async def run_apart(function, *args):
    """`function(*args)` in any free database thread (barkside/database_threads.py).
    Channels runs a socket's database work on one thread per process by default
    (thread-sensitive), which queues every socket behind every other; this work shares
    nothing with them: reads, and moves and other messages, each one transaction of its own.
    Its connection goes back to the pool after each call."""
    return await database_threads.apart(function)(*args)


class BarksideConsumer(AsyncWebsocketConsumer):
    """JSON in and out, with the API's encoder (dates as in REST) and refusals by code;
    within the limits of games/socket_limits.py: messages per socket, their size, and
    sockets per person."""

    language = None  # of error details and field messages, from the handshake
    lease = None  # this socket's slot among its person's SOCKETS_PER_PERSON (socket_limits)
    closing = False  # closed over its messages: whatever the client still sends is dropped

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.budget = socket_limits.MessageBudget.from_settings()

    async def __call__(self, scope, receive, send):
        # The slot goes back however the socket ends: closed, failed or cancelled.
        try:
            await super().__call__(scope, receive, send)
        finally:
            if self.lease is not None:
                await self.lease.end()

    async def take_slot(self) -> bool:
        """A slot of the person's for this socket; False when they hold every one."""
        self.lease = await socket_limits.Lease.take(self.scope["user"].pk)
        return self.lease is not None

    async def websocket_receive(self, message):
        """A client's message passes the socket's limits before anything reads it: a
        flooder costs a clock reading and a subtraction a message, until it is closed."""
        if self.closing:
            return
        data = message.get("text")
        if socket_limits.too_big(data if data is not None else message.get("bytes")):
            return await self.close_over_messages(CLOSE_TOO_BIG)
        verdict = self.budget.spend()
        if verdict is Verdict.TAKEN:
            await super().websocket_receive(message)
        elif verdict is Verdict.REFUSED:
            await self._send_error(self.budget.refusal())
        else:
            await self.close_over_messages(CLOSE_TOO_MANY, "too_many_messages")

    async def close_over_messages(self, code: int, reason: str | None = None) -> None:
        self.closing = True
        await self.close(code, reason)

    async def dispatch(self, message):
        """The handler of `message`, without channels' `aclose_old_connections` first: that
        is a hop to one thread shared by every socket of the process for each message
        (each view, notice and move), all queued there under a crowd, and it is of no
        use here - nothing runs a query on the loop; `run_apart` closes its own."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def send_json(self, content: dict) -> None:
        with translation.override(self.language):  # lazy field messages are rendered here
            text = json.dumps(content, cls=JSONEncoder)
        await self.send(text_data=text)

    def subprotocol(self) -> str | None:
        offered = self.scope.get("subprotocols") or []
        return TOKEN_SUBPROTOCOL if TOKEN_SUBPROTOCOL in offered else None

    async def refuse(self, code: int, error: ServiceError | None = None) -> None:
        # Accept first: a handshake refused outright reaches the client as HTTP 403 with
        # no code, and a client could not tell "sign in again" from "no such game".
        await self.accept(self.subprotocol())
        if error is not None:  # the reason in words, in the API's error shape
            await self._send_error(error)
        await self.close(code, error.code if error is not None else None)

    async def _send_error(self, exc: Exception, request_id=None) -> None:
        response = exception_handler(exc, {"language": self.language})
        if response is None:  # not an error a client caused: log it, answer generically
            log.exception("a socket message failed", exc_info=exc)
            detail = translate("error", self.language, "something went wrong")
            body, status = {"code": "error", "detail": detail, "fields": {}}, 500
        else:
            body, status = response.data, response.status_code
        await self.send_json({"type": "error", **body, "status": status, "request_id": request_id})

    def authenticated(self) -> bool:
        user = self.scope.get("user")
        return bool(user and user.is_authenticated)

    async def user_kicked(self, event):
        """A moderator suspended or banned this user: the socket ends now."""
        await self.close(CLOSE_KICKED)

    # The sign-in's groups, for `auth.ended` (accounts/socket_auth.py), and the person's, for
    # `user.kicked` (realtime.sockets_group)
    own_groups = ()

    async def join_own_groups(self) -> None:
        user_id = self.scope["user"].pk
        self.own_groups = (*socket_auth.groups_of(self.scope), realtime.sockets_group(user_id))
        for group in self.own_groups:
            await self.channel_layer.group_add(group, self.channel_name)

    async def leave_own_groups(self) -> None:
        for group in self.own_groups:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def auth_ended(self, event):
        """The session or token this socket signed in with ended: the socket ends now."""
        await self.close(event["code"])

    async def still_signed_in(self) -> bool:
        return await run_apart(socket_auth.still_signed_in, self.scope)


class GameConsumer(BarksideConsumer):
    group = None
    player_group = None  # this user's own views of the game (games/realtime.py)
    spectating = False  # in the game's spectators group: its last view was nobody's seat
    sent_version = -1  # the newest version this client has been sent
    entered = False  # the registered handlers heard that this socket opened

    async def connect(self):
        if not self.authenticated():
            return await self.refuse(CLOSE_UNAUTHENTICATED)
        self.language = language_from_scope(self.scope)
        if not await self.take_slot():
            return await self.refuse(CLOSE_TOO_MANY, socket_limits.too_many_sockets())
        self.user = self.scope["user"]
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        # Join before reading, so a change between the read and the join is not missed
        # (the spectators' group too: whether this is a seat is known after the read).
        self.group = realtime.game_group(self.game_id)
        self.player_group = realtime.player_group(self.game_id, self.user.pk)
        for group in (self.group, self.player_group):
            await self.channel_layer.group_add(group, self.channel_name)
        await self._spectate(True)
        fanout.watch(self.game_id)
        try:
            view = await self._view()
        except GameError:
            for group in (self.group, self.player_group):
                await self.channel_layer.group_discard(group, self.channel_name)
            await self._spectate(False)
            fanout.unwatch(self.game_id)
            self.group = self.player_group = None
            return await self.refuse(CLOSE_NOT_FOUND)
        await self.join_own_groups()
        await self.accept(self.subprotocol())
        await sync_to_async(socket_handlers.entered, thread_sensitive=False)(
            self.user.pk, self.game_id
        )
        self.entered = True
        await self._send_view(view.text, view.version)

    async def disconnect(self, code):
        if self.group:
            fanout.unwatch(self.game_id)
        for group in (self.group, self.player_group):
            if group:
                await self.channel_layer.group_discard(group, self.channel_name)
        await self._spectate(False)
        await self.leave_own_groups()
        if self.entered:
            await sync_to_async(socket_handlers.left, thread_sensitive=False)(
                self.user.pk, self.game_id
            )

    async def game_view(self, event):
        """This user's own view of a new version, built by the process that committed it
        (`{version, text}` on the player group): sent as it is, unless already sent."""
        if event["version"] > self.sent_version:
            self.sent_version = event["version"]
            await self.send(text_data=event["text"])

    async def game_changed(self, event):
        """A group message `{game, version}` (to spectators, or to every socket when the
        seats changed): send this user's view unless already sent."""
        if event["version"] <= self.sent_version:
            return
        try:
            view = await self._view(at_least=event["version"])
        except GameError:
            return await self.close(CLOSE_NOT_FOUND)
        await self._send_view(view.text, view.version)

    async def dispatch(self, message):
        """A group event of a registered handler's (`chat.message`) goes to that handler;
        the socket's own (`game.view`, `websocket.receive`, ...) to its methods. Only the
        channel layer and the server send these: a client's messages all arrive as
        `websocket.receive`, whatever `type` their JSON names."""
        handler = socket_handlers.for_event(message.get("type"))
        if handler is None or hasattr(self, get_handler_name(message)):
            return await super().dispatch(message)
        reply = await handler.forward(self.user, message)
        if reply is not None:
            await self.send_json(reply)

    async def receive(self, text_data=None, bytes_data=None):
        try:
            message = json.loads(text_data if text_data is not None else bytes_data)
        except (TypeError, ValueError, RecursionError):  # deep nesting exhausts the stack
            message = None
        kind = message.get("type") if isinstance(message, dict) else None
        # A move or a registered handler's message checks the sign-in in its own thread
        # call (one hop to a thread, not two); anything else checks it first.
        if kind == "move":
            return await self._move(message)
        if handler := socket_handlers.for_message(kind):
            return await self._handle(handler, message)
        if not await self.still_signed_in():  # logged out, and the notice was lost
            return await self.close(CLOSE_UNAUTHENTICATED)
        if not isinstance(message, dict):
            await self._send_error(ServiceError("malformed"))
        elif kind == "sync":
            await self._send_current(message.get("request_id"))
        else:
            await self._send_error(_unknown_type(kind), message.get("request_id"))

    async def _move(self, message: dict) -> None:
        request_id = message.get("request_id")
        fields = {k: v for k, v in message.items() if k not in ("type", "request_id")}
        try:
            reply = await run_apart(
                _play, self.scope, self.game_id, fields, request_id, self.language
            )
        except SignedOut:
            return await self.close(CLOSE_UNAUTHENTICATED)
        except Exception as exc:  # the API's handler decides what a client may see
            return await self._send_error(exc, request_id)
        await self._send_view(reply.text, reply.version, request_id)

    async def _handle(self, handler: socket_handlers.SocketHandler, message: dict) -> None:
        """A registered handler's message: answered by the group, like everyone, or by an
        error."""
        fields = {k: v for k, v in message.items() if k not in ("type", "request_id")}
        try:
            await run_apart(_run, handler, self.scope, self.game_id, fields, self.language)
        except SignedOut:
            await self.close(CLOSE_UNAUTHENTICATED)
        except Exception as exc:
            await self._send_error(exc, message.get("request_id"))

    async def _send_current(self, request_id=None) -> None:
        try:
            view = await self._view()
        except GameError:
            return await self.close(CLOSE_NOT_FOUND)
        except Exception as exc:  # the database cannot serve it now: `unavailable`, not a crash
            return await self._send_error(exc, request_id)
        await self._send_view(view.text, view.version, request_id)

    async def _view(self, at_least: int | None = None) -> fanout.SocketView:
        """The user's view (fanout.view); a spectator's socket hears of every version on
        the spectators' group, a seat's (whose views come ready-made) no longer does."""
        view = await fanout.view(self.game_id, self.user, at_least)
        await self._spectate(not view.seated)
        return view

    async def _spectate(self, spectating: bool) -> None:
        if spectating != self.spectating:
            group = realtime.spectators_group(self.game_id)
            if spectating:
                await self.channel_layer.group_add(group, self.channel_name)
            else:
                await self.channel_layer.group_discard(group, self.channel_name)
            self.spectating = spectating

    async def _send_view(self, view_json: str, version: int, request_id=None) -> None:
        self.sent_version = max(self.sent_version, version)
        await self.send(text_data=realtime.socket_message(view_json, version, request_id))


class SignedOut(Exception):
    """The sign-in of the socket ended, and the notice that closes it was lost."""


def _signed_in_user(scope):
    if not socket_auth.still_signed_in(scope):
        raise SignedOut
    return scope["user"]


def _play(scope, game_id, fields: dict, request_id, language: str | None = None) -> moves.Reply:
    """The REST move, minus HTTP; the request_id (as text) is the move's idempotency key."""
    user = _signed_in_user(scope)
    key = str(request_id) if type(request_id) is int else request_id
    with translation.override(language):  # DRF's field messages, in the socket's language
        return moves.move_submit(game_id=game_id, user=user, fields=fields, key=key)


def _run(handler, scope, game_id, fields: dict, language: str | None = None) -> None:
    user = _signed_in_user(scope)
    with translation.override(language):  # DRF's field messages, in the socket's language
        handler.run(user, game_id, fields)


def _unknown_type(kind) -> ServiceError:
    """`unknown_type`, its sentence listing the types the socket takes now (`types`)."""
    types = ", ".join(socket_handlers.message_types())
    return ServiceError("unknown_type", fields={"type": [str(kind)]}, extra={"types": types})


NOTICE_FIELDS = ("game", "version", "warning")  # a game's notices; a warning's


class MeConsumer(BarksideConsumer):
    group = None

    async def connect(self):
        if not self.authenticated():
            return await self.refuse(CLOSE_UNAUTHENTICATED)
        self.language = language_from_scope(self.scope)  # of its refusals
        if not await self.take_slot():
            return await self.refuse(CLOSE_TOO_MANY, socket_limits.too_many_sockets())
        self.group = realtime.user_group(self.scope["user"].pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.join_own_groups()
        await self.accept(self.subprotocol())

    async def disconnect(self, code):
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.leave_own_groups()

    async def user_notice(self, event):
        """A group message `{notice, ...}`: the notice's name as `type`, its known fields."""
        fields = {k: event[k] for k in NOTICE_FIELDS if k in event}
        await self.send_json({"type": event["notice"], **fields})

    async def receive(self, text_data=None, bytes_data=None):
        pass  # nothing to ask here; the games' own sockets take moves and syncs
