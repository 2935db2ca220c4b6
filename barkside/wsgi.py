"""WSGI entry point (management and plain HTTP only; the real server is ASGI)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "barkside.settings")

application = get_wsgi_application()
