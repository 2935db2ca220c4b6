"""The threads on which a web process does its database work: every HTTP request, whole
(barkside/http_threads.py), and each socket's reads, moves and chat lines (`apart`).

One pool of REQUEST_THREADS threads for both, first come first served. With a pool for
each, socket moves (most of a crowd's) queued for their threads while requests idled on
threads of their own, and twice the threads wanted the GIL that the event loop, which
sends every socket its messages, needs too (docs/performance.md, "Serving"). Nothing
here waits for anything but a connection: a request gives its connection back in its
own thread before its answer goes out, and a socket call after it returns.

Not the loop's default executor: Django logs a request's 4xx or 5xx answer there
(`sync_to_async(log_response, thread_sensitive=False)`) while the request may hold a
pooled connection; sockets' work queued in that executor waiting for connections once
left no thread to log with, and nothing moved until the pool's timeout failed the moves
(a deadlock, broken only by `PoolTimeout`).
"""

import threading
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections

_lock = threading.Lock()
_pool: ThreadPoolExecutor | None = None


def pool() -> ThreadPoolExecutor:
    """The process's threads, made on first use: one pool for every event loop (tests run
    several loops in one process)."""
    global _pool
    with _lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(settings.REQUEST_THREADS, thread_name_prefix="database")
        return _pool


def shut() -> None:
    """Ends the threads once their work is done; the next call makes new ones (tests: a
    different size, the end of the session)."""
    global _pool
    with _lock:
        ended, _pool = _pool, None
    if ended is not None:
        ended.shutdown(wait=True)


def apart(function):
    """`function` as a coroutine function: each call on any free one of these threads,
    its database connection given back after it."""
    closing = _closing(function)

    async def run(*args, **kwargs):
        return await sync_to_async(closing, thread_sensitive=False, executor=pool())(
            *args, **kwargs
        )

    return run


def _closing(function):
    """`function` between two `close_old_connections`, as a request is: its connection
    goes back to the pool (or, without one, closes) after it. Channels'
    `database_sync_to_async` does the same, but its test communicator turns that off, and
    the connections then stayed with the threads from one test to the next."""

    def call(*args, **kwargs):
        close_old_connections()
        try:
            return function(*args, **kwargs)
        finally:
            close_old_connections()

    return call
