"""How requests run under ASGI (barkside/middleware.py): a bounded number at a time, and
their middleware in the request's one thread."""

import asyncio
import threading

from asgiref.sync import async_to_sync
from asgiref.testing import ApplicationCommunicator
from django.core.asgi import get_asgi_application
from django.core.signals import request_started
from django.test import AsyncClient
from django.utils.deprecation import MiddlewareMixin

from barkside.middleware import Admission


def test_admission_lets_request_threads_in_at_a_time(settings):
    settings.REQUEST_THREADS = 2
    inside, most, answered = 0, 0, 0

    async def app(scope, receive, send):
        nonlocal inside, most, answered
        inside += 1
        most = max(most, inside)
        await asyncio.sleep(0.05)
        inside -= 1
        answered += 1

    admitted = Admission(app)

    async def crowd():
        await asyncio.gather(*(admitted({"type": "http"}, None, None) for _ in range(6)))

    asyncio.run(crowd())
    assert (most, answered) == (2, 6)


def test_requests_run_on_request_threads_threads_made_once(settings, db):
    """Django's handler gives each request a thread of its own unless one is given: here
    every request of the real app runs its sync code on one of REQUEST_THREADS threads,
    the same ones request after request."""
    settings.REQUEST_THREADS = 2
    threads = []

    def started(**kwargs):  # Django sends it from the request's sync thread
        threads.append(threading.current_thread())

    app = Admission(get_asgi_application())
    scope = {"type": "http", "method": "GET", "path": "/api/auth/csrf", "headers": []}
    scope |= {"query_string": b"", "server": ("testserver", 80), "client": ("10.0.0.1", 1)}

    async def one():
        talk = ApplicationCommunicator(app, scope)
        await talk.send_input({"type": "http.request", "body": b""})
        return (await talk.receive_output(5))["status"], await talk.receive_output(5)

    async def crowd():
        return await asyncio.gather(*(one() for _ in range(8)))

    request_started.connect(started)
    try:
        answers = asyncio.run(crowd()) + asyncio.run(crowd())
    finally:
        request_started.disconnect(started)
    assert [status for status, _ in answers] == [204] * 16
    assert len(threads) == 16
    assert {t.name.split("_")[0] for t in threads} <= {"request-0", "request-1"}
    assert len(set(threads)) <= 4  # two per event loop


def test_no_middleware_runs_in_async_mode(monkeypatch, db):
    """In async mode a MiddlewareMixin hops to a thread and back for each of its methods;
    with the chain kept sync, none runs that way."""
    async_mode = []
    acall = MiddlewareMixin.__acall__

    async def counted(self, request):
        async_mode.append(type(self).__name__)
        return await acall(self, request)

    monkeypatch.setattr(MiddlewareMixin, "__acall__", counted)
    response = async_to_sync(AsyncClient().get)("/api/schema/")
    assert response.status_code == 200
    assert async_mode == []
