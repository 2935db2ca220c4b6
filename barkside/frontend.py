"""Serving the web app in frontend/: no build step, WhiteNoise serves the files as they are.

WhiteNoise (WHITENOISE_ROOT = frontend/) answers `/sw.js`, `/manifest.webmanifest` and
`/app/...` before any view runs; `/` is the `index` view (the shell, never cached stale).
"""

from django.conf import settings
from django.http import HttpResponse
from django.middleware.gzip import GZipMiddleware
from django.views.decorators.http import require_GET

# Revalidated on every use (an ETag makes that a 304): the service worker is the app's
# offline cache, so the HTTP cache must never hand it a stale module after a deploy.
REVALIDATE = "no-cache"
ICONS_MAX_AGE = "public, max-age=86400"


def cache_headers(headers, path: str, url: str) -> None:
    """WHITENOISE_ADD_HEADERS_FUNCTION: how long browsers may keep each app file."""
    if not path.startswith(str(settings.FRONTEND_DIR)):
        return
    headers["Cache-Control"] = ICONS_MAX_AGE if "/icons/" in url else REVALIDATE
    if url.endswith("/sw.js"):
        headers["Service-Worker-Allowed"] = "/"


class AppGZipMiddleware(GZipMiddleware):
    """Compresses the app's own files only; API responses carry secrets (BREACH)."""

    def process_response(self, request, response):
        if request.path.startswith(("/api/", "/admin/", "/ws/")):
            return response
        return super().process_response(request, response)


@require_GET
def index(request):
    response = HttpResponse(
        (settings.FRONTEND_DIR / "index.html").read_bytes(), content_type="text/html; charset=utf-8"
    )
    response["Cache-Control"] = REVALIDATE
    return response
