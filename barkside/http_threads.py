"""How the ASGI server's HTTP requests run: each whole, in one of the process's database
threads (barkside/database_threads.py).

Django's ASGI handler runs a sync view (every DRF view here) through its async machinery:
the body read, the request made, the URL resolved, each middleware adapted and the answer
sent on the event loop, with a thread of its own started per request for the sync part,
and hops between the two. Under a crowd that machinery costs more CPU than the requests'
own middleware and views, and it runs on the loop that also serves every socket of the
process. Each hop also waits for a turn of that busy loop, holding the request's
database connection.

Here the loop only reads the body and sends the answer. In between, one hop: a thread of a
fixed pool makes the request, runs Django's middleware and view (sync, as under WSGI),
reads a streamed answer (the web app's files) and closes the response, which hands the
database connection back to the pool, before the answer goes out. The threads are the
ones the process's sockets do their database work on: their number is how many requests
and socket calls a process runs at once; the others wait their turn in its queue, where
waiting costs nothing.
"""

import asyncio
import contextvars
from concurrent.futures import Executor

from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.core.handlers.base import BaseHandler
from django.urls import set_script_prefix

from barkside import database_threads


class ThreadedHTTP(ASGIHandler):
    """An ASGI app for HTTP: Django's request handling, sync, one thread per request."""

    def __init__(self, threads: Executor | None = None):
        BaseHandler.__init__(self)  # not ASGIHandler's: it loads the middleware async
        self.load_middleware(is_async=False)
        self.threads = threads  # the process's database threads unless given

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"HTTP only, not {scope['type']}")
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:  # the client went away before sending the whole body
            return
        run = contextvars.copy_context().run
        status, headers, body = await asyncio.get_running_loop().run_in_executor(
            self.threads or database_threads.pool(), run, self.answer, scope, body_file
        )
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    def answer(self, scope, body_file) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        """The request's whole life in this thread, but for sending its answer."""
        try:
            set_script_prefix(get_script_prefix(scope))
            signals.request_started.send(sender=self.__class__, scope=scope)
            request, response = self.create_request(scope, body_file)
            if request is not None:
                response = self.get_response(request)
            try:
                body = b"".join(response) if response.streaming else response.content
                headers = [
                    *((bytes(k, "ascii"), bytes(v, "latin1")) for k, v in response.items()),
                    *(
                        (b"Set-Cookie", c.output(header="").encode("ascii").strip())
                        for c in response.cookies.values()
                    ),
                ]
                return response.status_code, headers, body
            finally:
                response.close()  # request_finished: the connection goes back to the pool
        finally:
            body_file.close()
