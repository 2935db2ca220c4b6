"""How a request's sync code runs under ASGI: a bounded number at a time, each in one
thread.

Django runs a sync view (every DRF view here) in a thread of its own per request, and
bounds neither how many run at once nor how often a request hops between that thread and
the event loop:

- At 100 tables a process ran dozens of request threads at once, every one contending
  with the others and with the event loop for one GIL; the loop, which sends every
  socket's messages, then sent them seconds late. `Admission` (around the ASGI app, see
  asgi.py) runs requests on `REQUEST_THREADS` long-lived threads, one request each at a
  time; the others wait on the loop, where waiting costs nothing.
- In an async middleware chain each of Django's `MiddlewareMixin` middleware runs its
  `process_request` and `process_response` in the request's thread, a hop there and back
  for each, and every hop waits for a turn of a busy loop. `SyncChainMiddleware`, sync
  only and last, keeps the whole chain sync: a request hops into its thread once, runs
  every middleware there, and hops out only for Django's own view adapter.
"""

import asyncio
import weakref
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import ThreadSensitiveContext
from django.conf import settings


class Admission:
    """ASGI middleware for HTTP: REQUEST_THREADS threads run requests' sync code, one
    request at a time each, from its start until its answer is sent (its database
    connection is busy until then); the other requests wait on the event loop.

    Django gives every request a thread of its own (a `ThreadSensitiveContext` per
    request): making and starting it cost each request more CPU than its view's SQL,
    much of it on the event loop, and made a new database wrapper per request. Here the
    request enters a context with one of the process's long-lived threads first, which
    Django's own context then leaves alone.
    """

    def __init__(self, app):
        self.app = app
        # The idle threads of each event loop (tests run several loops in one process).
        self.idle: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    async def __call__(self, scope, receive, send):
        loop = asyncio.get_running_loop()
        idle = self.idle.get(loop)
        if idle is None:
            idle = self.idle[loop] = asyncio.Queue()
            for number in range(settings.REQUEST_THREADS):
                idle.put_nowait(ThreadPoolExecutor(1, thread_name_prefix=f"request-{number}"))
        thread = await idle.get()
        try:
            async with ThreadSensitiveContext(executor=thread):
                await self.app(scope, receive, send)
        finally:
            idle.put_nowait(thread)


class SyncChainMiddleware:
    """Last in MIDDLEWARE, sync only: Django then runs every middleware before it in the
    request's one thread (under WSGI, the test client's, it changes nothing)."""

    sync_capable = True
    async_capable = False

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)
