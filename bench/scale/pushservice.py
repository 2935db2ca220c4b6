"""A push service on this machine for the idle windows: it answers every push `201
Created`, as a browser vendor's service does, and counts them.

The seeded subscriptions' endpoints point at a port where nothing listens (seed.py), so
that no push can leave the machine; a push sent there fails to connect, and the push
worker spends its CPU on the error and its logging rather than on a delivery. While the
stack runs, the endpoints point here instead (plain HTTP, which the stack is told to
accept: the TLS of a real service is left out), and back after.
"""

import contextlib
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from django.db.models import Value
from django.db.models.functions import Concat, StrIndex, Substr

from notifications.models import PushSubscription

from .seed import PUSH_SERVICE

ENV = {"PUSH_ALLOW_LOCAL_ENDPOINTS": "true", "PUSH_ALLOW_HTTP_ENDPOINTS": "true"}


class PushService(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), _Accepting)
        self.pushes = 0
        self.lock = threading.Lock()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def took(self) -> None:
        with self.lock:
            self.pushes += 1


class _Accepting(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # connections kept alive, as a push worker's session does

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.server.took()
        self.send_response(201)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args) -> None:
        pass


@contextlib.contextmanager
def serving():
    """The push service running, every seeded endpoint pointing at it; then as seeded."""
    service = PushService()
    threading.Thread(target=service.serve_forever, daemon=True).start()
    _point_endpoints_at(service.url)
    try:
        yield service
    finally:
        _point_endpoints_at(PUSH_SERVICE)
        service.shutdown()
        service.server_close()


def _point_endpoints_at(base: str) -> None:
    """Each endpoint's `/push/<name>` kept, on `base`: one statement."""
    path = Substr("endpoint", StrIndex("endpoint", Value("/push/")))
    PushSubscription.objects.update(endpoint=Concat(Value(base), path))
