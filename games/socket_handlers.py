"""What other apps do on a game's socket (games/consumers.py), registered by kind.

`games` takes moves and syncs on its socket itself. An app built on it (the table chat,
who is watching) adds its part by registering a `SocketHandler` under a kind in its
`AppConfig.ready()`, as healthchecks' `TRANSPORTS` maps a kind to its class: the socket
calls each handler through this one interface without knowing whose it is, and `games`
never imports the apps above it.

A handler may take the client's messages of its kind (`{"type": kind, ...}`), forward
group events of its `events` (`chat.message`) to the client, and hear when a person's
socket on a game opens and closes. Client messages and group events are looked up in
separate tables: a client naming an event type is answered `unknown_type`.
"""

from collections.abc import Iterator

# The socket's own message types (games/consumers.py), listed first in `unknown_type`.
OWN_TYPES = ("move", "sync")


class SocketHandler:
    """One app's part of a game's socket; a subclass overrides what it does."""

    # Whether clients send messages of the handler's kind, answered by `run`.
    takes_messages = True
    # Channel-layer event types the handler turns into messages for the client (`forward`).
    events: tuple[str, ...] = ()

    def run(self, user, game_id: int, fields: dict) -> None:
        """A client's message: its fields but `type` and `request_id`. Called in a
        database thread, with the socket's sign-in checked and its language active:
        validate, then call the app's service. Raise an API error to refuse it; the
        client gets it in the API's error shape. What the client hears back comes by the
        game's group, as for everyone."""
        raise NotImplementedError

    async def forward(self, user, event: dict) -> dict | None:
        """The message for `user`'s client of a group event of `events`, or None for
        nothing. On the socket's event loop: database work goes to a thread."""
        raise NotImplementedError

    def entered(self, user_id: int, game_id: int) -> None:
        """A socket of the person on the game opened (in a thread)."""

    def left(self, user_id: int, game_id: int) -> None:
        """That socket closed (in a thread)."""


_by_kind: dict[str, SocketHandler] = {}
_by_event: dict[str, SocketHandler] = {}


def register(kind: str, handler: SocketHandler) -> None:
    """`handler` as the socket's `kind`. Registering the same class again replaces it
    (an app's `ready()` may run twice); a kind or event claimed by another is refused."""
    if kind in OWN_TYPES:
        raise ValueError(f"`{kind}` is the socket's own message type")
    for taken in [_by_kind.get(kind)] + [_by_event.get(e) for e in handler.events]:
        if taken is not None and type(taken) is not type(handler):
            raise ValueError(f"`{kind}` or one of its events is {type(taken).__name__}'s")
    for event in handler.events:
        if event.startswith("websocket."):
            raise ValueError(f"`{event}` is the ASGI server's, not a group event")
    unregister(kind)
    _by_kind[kind] = handler
    _by_event.update(dict.fromkeys(handler.events, handler))


def unregister(kind: str) -> None:
    handler = _by_kind.pop(kind, None)
    if handler is not None:
        for event in handler.events:
            _by_event.pop(event, None)


def for_message(kind) -> SocketHandler | None:
    """The handler of a client's message of type `kind`, if any."""
    handler = _by_kind.get(kind) if isinstance(kind, str) else None
    return handler if handler is not None and handler.takes_messages else None


def for_event(event_type: str) -> SocketHandler | None:
    """The handler forwarding group events of `event_type`, if any."""
    return _by_event.get(event_type)


def handlers() -> Iterator[SocketHandler]:
    return iter(list(_by_kind.values()))


def message_types() -> tuple[str, ...]:
    """Every `type` a client may send: the socket's own, then the registered ones."""
    return OWN_TYPES + tuple(k for k, h in _by_kind.items() if h.takes_messages)


def entered(user_id: int, game_id: int) -> None:
    for handler in handlers():
        handler.entered(user_id, game_id)


def left(user_id: int, game_id: int) -> None:
    for handler in handlers():
        handler.left(user_id, game_id)
