"""ASGI entry point: HTTP goes to Django, WebSockets to games/routing.py."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "barkside.settings")

# Build the Django app before importing anything that touches models (consumers, routing).
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter  # noqa: E402

from barkside import collector  # noqa: E402
from barkside.middleware import Admission  # noqa: E402
from games.routing import websocket_application  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": Admission(django_asgi_app),
        "websocket": websocket_application(),
    }
)

collector.settle()
