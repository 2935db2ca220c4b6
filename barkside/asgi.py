"""ASGI entry point: HTTP goes to Django; WebSockets will be routed here too."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "barkside.settings")

# Build the Django app before importing anything that touches models (consumers, routing).
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # WebSockets go here, e.g.:
        # "websocket": AllowedHostsOriginValidator(
        #     AuthMiddlewareStack(URLRouter(games.routing.websocket_urlpatterns))
        # ),
    }
)
