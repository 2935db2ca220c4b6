"""How requests run under ASGI (barkside/middleware.py): a bounded number at a time, and
their middleware in the request's one thread."""

import asyncio

from asgiref.sync import async_to_sync
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
