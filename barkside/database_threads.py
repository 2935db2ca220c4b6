"""The threads on which sockets do their database work: not the event loop's default
executor.

Django logs a request's 4xx or 5xx answer in the loop's default executor
(`sync_to_async(log_response, thread_sensitive=False)` in
`BaseHandler.get_response_async`) while the request still holds its pooled database
connection, which it gives back only once its answer is sent. When the sockets' database
work ran in that executor too, a burst of socket moves waiting for a connection could take
every one of its threads while the REST requests holding every connection waited for one
of those threads to log their 409: nothing moved until the pool's timeout failed the
waiting moves (stalls of 10 to 27 s, then `PoolTimeout`, under `bench load`). On threads
of their own, the sockets' database work waits only for connections, and requests give
theirs back without waiting for it.
"""

import asyncio
import weakref
from concurrent.futures import ThreadPoolExecutor

from channels.db import database_sync_to_async
from django.conf import settings

# One pool per event loop, as the default executor is (tests run several loops in one
# process; a loop's threads, and the connections they hold, go with it), each with as
# many threads as the process has pooled database connections (DB_POOL_SIZE): a thread
# more would only wait for a connection, one less leaves a connection idle while moves
# queue for a thread. Without a pool, as many as the default executor (min(32, CPUs + 4)).
_threads: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def apart(function):
    """`function` as a coroutine function: each call on any free one of these threads,
    its database connection given back after it (channels' `database_sync_to_async`)."""

    async def run(*args, **kwargs):
        loop = asyncio.get_running_loop()
        threads = _threads.get(loop)
        if threads is None:
            size = settings.DB_POOL_SIZE or None
            threads = _threads[loop] = ThreadPoolExecutor(size, thread_name_prefix="database")
        run_there = database_sync_to_async(function, thread_sensitive=False, executor=threads)
        return await run_there(*args, **kwargs)

    return run
