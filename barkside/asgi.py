"""ASGI entry point: HTTP goes to Django (in threads, barkside/http_threads.py),
WebSockets to games/routing.py."""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "barkside.settings")

# Set Django up before importing anything that touches models (consumers, routing).
django.setup(set_prefix=False)

from channels.routing import ProtocolTypeRouter  # noqa: E402

from barkside import collector  # noqa: E402
from barkside.http_threads import ThreadedHTTP  # noqa: E402
from games.routing import websocket_application  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": ThreadedHTTP(),
        "websocket": websocket_application(),
    }
)

collector.settle()
