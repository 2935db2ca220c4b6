"""What one person may ask of the sockets (games/consumers.py): messages per socket, the
size of a message, and sockets open at once.

- **Messages**: each socket has a token bucket of SOCKET_RATE_MESSAGES messages, refilled
  over SOCKET_RATE_SECONDS (`MessageBudget`): a burst of that many, then that pace. A
  message over it is refused, and still draws on the bucket, so a client that goes on
  sending as many again while refused is closed. Counted in the socket itself: a few
  float operations a message, no round trip anywhere.
- **Size**: a message over SOCKET_MAX_BYTES is refused before it is read (`too_big`).
  The ASGI server refuses it first (uvicorn's `--ws-max-size`, barkside/stack.py and the
  Procfile), before it even takes the frame's payload in; this is the check for servers
  started otherwise (daphne for `runserver`).
- **Sockets**: a person holds at most SOCKETS_PER_PERSON sockets, both kinds, across every
  web process. Each open socket leases one of the person's numbered slots in the cache
  (`claim`, an atomic add), renewed while it stays open (`Lease`) and given back when it
  closes; a process that dies without giving its slots back loses them within
  LEASE_SECONDS. Correct across processes with the Redis cache (CACHE=redis), as the
  throttles are.
"""

import asyncio
import contextlib
import secrets
import time
from enum import Enum

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import cache

from barkside.errors import ServiceError

LEASE_SECONDS = 90  # a slot left by a process that died is free again after this
RENEW_SECONDS = 30  # how often an open socket renews its slot's lease


# --- messages ------------------------------------------------------------------------------


class Verdict(Enum):
    TAKEN = "taken"  # within the budget: read it
    REFUSED = "refused"  # over it: answered `too_many_messages`
    CLOSE = "close"  # as many again over it: the socket is closed


class MessageBudget:
    """A socket's token bucket: `messages` at most, `messages` more every `seconds`, in
    whole tokens (a refusal and a close come at a message count, however fast it came)."""

    def __init__(self, messages: int, seconds: float):
        self.size = messages
        self.per_second = messages / seconds
        self.tokens = messages
        self.filled = time.monotonic()  # when the tokens were last counted as full or earned

    @classmethod
    def from_settings(cls) -> "MessageBudget":
        return cls(settings.SOCKET_RATE_MESSAGES, settings.SOCKET_RATE_SECONDS)

    def spend(self) -> Verdict:
        """One message's token. A refused message draws one too (the bucket goes into
        debt), so a flooder's refusals end in a close instead of going on for ever, and
        one that stops a moment is back within its budget as the debt is paid off."""
        now = time.monotonic()
        earned = int((now - self.filled) * self.per_second)
        if earned:
            self.tokens = min(self.size, self.tokens + earned)
            # The time a part token took is kept for the next one, unless the bucket is full.
            self.filled = (
                now if self.tokens == self.size else self.filled + earned / self.per_second
            )
        self.tokens -= 1
        if self.tokens >= 0:
            return Verdict.TAKEN
        return Verdict.REFUSED if self.tokens > -self.size else Verdict.CLOSE

    def refusal(self) -> ServiceError:
        extra = {"messages": self.size, "seconds": _figure(settings.SOCKET_RATE_SECONDS)}
        return ServiceError("too_many_messages", status=429, extra=extra)


def _figure(number: float) -> int | float:
    return int(number) if float(number).is_integer() else number


# --- size ----------------------------------------------------------------------------------


def too_big(data: str | bytes | None) -> bool:
    """Whether a client message is over SOCKET_MAX_BYTES (its UTF-8 bytes, as the server
    counts them; a text of ASCII only is as long as its bytes, and says so at no cost)."""
    if data is None:
        return False
    size = len(data) if isinstance(data, bytes) or data.isascii() else len(data.encode())
    return size > settings.SOCKET_MAX_BYTES


# --- sockets per person --------------------------------------------------------------------


def _slot(user_id: int, number: int) -> str:
    return f"sockets:{user_id}:{number}"


def claim(user_id: int, holder: str) -> str | None:
    """A free slot of the person's SOCKETS_PER_PERSON, leased to `holder`: its key, or
    None when every slot is held. The add is atomic, so two sockets opening at once in
    two processes never hold the same slot; one that loses a race tries the next."""
    slots = [_slot(user_id, number) for number in range(settings.SOCKETS_PER_PERSON)]
    held = cache.get_many(slots)
    for slot in slots:
        if slot not in held and cache.add(slot, holder, LEASE_SECONDS):
            return slot
    return None


def renew(slot: str, holder: str) -> None:
    # A lease that ran out meanwhile (the process stalled for a whole lease) is taken
    # again if still free; if another socket took the slot, this one is over the cap
    # until it closes, which only a stall that long can cause.
    if not cache.touch(slot, LEASE_SECONDS):
        cache.add(slot, holder, LEASE_SECONDS)


def release(slot: str, holder: str) -> None:
    if cache.get(slot) == holder:  # not a slot another socket took after the lease ran out
        cache.delete(slot)


def too_many_sockets() -> ServiceError:
    extra = {"limit": settings.SOCKETS_PER_PERSON}
    return ServiceError("too_many_sockets", status=429, extra=extra)


class Lease:
    """A socket's slot, renewed every RENEW_SECONDS while it is open. Cache calls run in a
    thread of the loop's executor, never on the loop nor in the one thread-sensitive
    thread every socket of the process would queue for."""

    def __init__(self, slot: str, holder: str):
        self.slot = slot
        self.holder = holder
        self.renewal = asyncio.get_running_loop().create_task(self._renew())

    @classmethod
    async def take(cls, user_id: int) -> "Lease | None":
        holder = secrets.token_hex(8)
        slot = await sync_to_async(claim, thread_sensitive=False)(user_id, holder)
        return cls(slot, holder) if slot is not None else None

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(RENEW_SECONDS)
            with contextlib.suppress(Exception):  # the next renewal, or the lease's end
                await sync_to_async(renew, thread_sensitive=False)(self.slot, self.holder)

    async def end(self) -> None:
        """The socket closed: no more renewals, and the slot is free at once (if this is
        cut short, the lease runs out on its own)."""
        self.renewal.cancel()
        await sync_to_async(release, thread_sensitive=False)(self.slot, self.holder)
