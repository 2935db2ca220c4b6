"""How the ASGI server's HTTP requests run (barkside/http_threads.py): each wholly in one
thread of a fixed pool, a bounded number at a time, the connection handed back before
the answer goes out."""

import asyncio
import json
import threading
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.core import signals

from barkside import database_threads
from barkside.http_threads import ThreadedHTTP


def scope(path: str, method: str = "GET", headers=()) -> dict:
    return {
        "type": "http",
        "method": method,
        "path": path,
        "query_string": b"",
        "headers": [(b"host", b"testserver"), *headers],
        "http_version": "1.1",
        "scheme": "https",
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 443),
    }


def call(app, request_scope: dict, *chunks: bytes, events=None) -> tuple[int, dict, bytes]:
    """The answer to one request whose body comes in `chunks` (ASGI messages)."""
    events = [] if events is None else events
    messages = [
        {"type": "http.request", "body": chunk, "more_body": i < len(chunks) - 1}
        for i, chunk in enumerate(chunks or [b""])
    ]

    async def receive():
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message):
        events.append(message["type"])
        sent.append(message)

    sent = []
    asyncio.run(app(request_scope, receive, send))
    start, body = sent
    return start["status"], dict(start["headers"]), body["body"]


def test_a_body_sent_in_pieces_reaches_the_view_whole(transactional_db):
    # Real commits: the failed sign-in is written (django-axes) in the request's thread,
    # which on SQLite would wait for the test's own open transaction to end.
    body = json.dumps({"username": "nobody", "password": "not-the-password"}).encode()
    length = str(len(body)).encode()
    request = scope(
        "/api/auth/login",
        "POST",
        [(b"content-type", b"application/json"), (b"content-length", length)],
    )
    status, headers, answer = call(ThreadedHTTP(), request, body[:10], body[10:30], body[30:])
    assert status == 400, answer  # unknown credentials: the view read both fields
    assert headers[b"Content-Type"] == b"application/json"
    assert json.loads(answer)["code"] == "invalid_credentials", answer


def test_a_request_runs_wholly_in_one_thread_off_the_loop(db, monkeypatch):
    """Started, answered by its view and finished in one thread: no hop to the event loop
    and back in between (Django's ASGI handler made several)."""
    threads = []

    def seen(**kwargs):
        threads.append(threading.get_ident())

    app = ThreadedHTTP()
    view = app.get_response
    monkeypatch.setattr(app, "get_response", lambda request: seen() or view(request))
    signals.request_started.connect(seen)
    signals.request_finished.connect(seen)
    try:
        status, _, _ = call(app, scope("/api/auth/me"))
    finally:
        signals.request_started.disconnect(seen)
        signals.request_finished.disconnect(seen)
    assert status in (401, 403)
    assert len(threads) == 3 and len(set(threads)) == 1
    assert threads[0] != threading.get_ident()  # not the thread running the event loop


def test_the_request_is_finished_before_its_answer_is_sent(db):
    """`request_finished` hands the request's database connection back to the pool: a
    request that kept it until its answer was sent held it through the loop's turns."""
    events = []

    def finished(**kwargs):
        events.append("request_finished")

    signals.request_finished.connect(finished)
    try:
        call(ThreadedHTTP(), scope("/api/auth/me"), events=events)
    finally:
        signals.request_finished.disconnect(finished)
    assert events == ["request_finished", "http.response.start", "http.response.body"]


def test_at_most_the_pools_threads_run_requests_at_once(db, monkeypatch):
    app = ThreadedHTTP(ThreadPoolExecutor(2))
    inside = most = 0
    lock = threading.Lock()
    view = app.get_response

    def slow(request):
        nonlocal inside, most
        with lock:
            inside += 1
            most = max(most, inside)
        threading.Event().wait(0.05)
        with lock:
            inside -= 1
        return view(request)

    monkeypatch.setattr(app, "get_response", slow)
    answered = []

    async def crowd():
        async def one():
            async def receive():
                return {"type": "http.request", "body": b""}

            async def send(message):
                if message["type"] == "http.response.start":
                    answered.append(message["status"])

            await app(scope("/api/auth/me"), receive, send)

        await asyncio.gather(*(one() for _ in range(6)))

    asyncio.run(crowd())
    assert most == 2 and len(answered) == 6


def test_a_streamed_file_is_sent_whole():
    """WhiteNoise streams the web app's files; the thread reads them, the loop sends them."""
    status, headers, body = call(ThreadedHTTP(), scope("/sw.js"))
    assert status == 200
    assert body == (settings.FRONTEND_DIR / "sw.js").read_bytes()
    assert headers[b"Service-Worker-Allowed"] == b"/"


def test_a_client_gone_before_its_body_came_costs_no_thread(monkeypatch):
    app = ThreadedHTTP()
    monkeypatch.setattr(app, "answer", lambda *args: (_ for _ in ()).throw(AssertionError))
    sent = []

    async def receive():
        return {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    asyncio.run(app(scope("/api/auth/me", "POST"), receive, send))
    assert sent == []


def test_requests_wait_their_turn_behind_the_sockets_database_work(db, settings):
    """One pool for both, first come first served: with its only thread busy in a
    socket's call, a request waits for it (two pools let the request by)."""
    settings.REQUEST_THREADS = 1
    database_threads.shut()  # made anew, with one thread
    holding, gate, order = threading.Event(), threading.Event(), []

    def socket_call():
        holding.set()
        gate.wait(5)
        order.append("socket call")

    async def both():
        busy = asyncio.ensure_future(database_threads.apart(socket_call)())
        assert await asyncio.to_thread(holding.wait, 5)  # the call holds the only thread
        request = asyncio.ensure_future(
            asyncio.to_thread(call, ThreadedHTTP(), scope("/api/auth/me"))
        )
        await asyncio.sleep(0.2)
        order.append("request waiting" if not request.done() else "request answered")
        gate.set()
        await busy
        status, _, _ = await request
        order.append(status)

    try:
        asyncio.run(both())
    finally:
        gate.set()
        database_threads.shut()
    assert order[:2] == ["request waiting", "socket call"]
    assert order[2] in (401, 403)
