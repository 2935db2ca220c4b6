"""How a request's sync code runs under ASGI: a bounded number at a time, each in one
thread.

Django runs a sync view (every DRF view here) in a thread of its own per request, and
bounds neither how many run at once nor how often a request hops between that thread and
the event loop:

- At 100 tables a process ran dozens of request threads at once, every one contending
  with the others and with the event loop for one GIL; the loop, which sends every
  socket's messages, then sent them seconds late. `Admission` (around the ASGI app, see
  asgi.py) lets `REQUEST_THREADS` requests in at a time; the others wait on the loop,
  where waiting costs nothing.
- In an async middleware chain each of Django's `MiddlewareMixin` middleware runs its
  `process_request` and `process_response` in the request's thread, a hop there and back
  for each, and every hop waits for a turn of a busy loop. `SyncChainMiddleware`, sync
  only and last, keeps the whole chain sync: a request hops into its thread once, runs
  every middleware there, and hops out only for Django's own view adapter.
"""

import asyncio
import weakref

from django.conf import settings


class Admission:
    """ASGI middleware for HTTP: at most REQUEST_THREADS requests inside `app` at a time,
    each until its answer is sent (its thread and database connection are busy until then)."""

    def __init__(self, app):
        self.app = app
        # One semaphore per event loop (tests run several loops in one process).
        self.inside: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    async def __call__(self, scope, receive, send):
        loop = asyncio.get_running_loop()
        inside = self.inside.get(loop)
        if inside is None:
            inside = self.inside[loop] = asyncio.Semaphore(settings.REQUEST_THREADS)
        async with inside:
            await self.app(scope, receive, send)


class SyncChainMiddleware:
    """Last in MIDDLEWARE, sync only: Django then runs every middleware before it in the
    request's one thread (under WSGI, the test client's, it changes nothing)."""

    sync_capable = True
    async_capable = False

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)
