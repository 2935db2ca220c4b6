"""The Content-Security-Policy header: the app and the admin run their own files only.

Django 5.2 has no CSP of its own; this middleware adds one header to every response
(the app's files that WhiteNoise serves included, as it wraps WhiteNoise). Nothing the
app or the admin runs is inline or from another origin, so the policy is `'self'` for
everything: an injected `<script>` or `style` attribute does nothing, and no other site
may frame the app (clickjacking). `'self'` also covers the app's own WebSockets.

The API docs (`/api/docs/`) load Swagger UI from its CDN, whose styles are partly inline:
that page alone may use both (its own script is a file: SpectacularSwaggerSplitView).
"""

from django.conf import settings

POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],  # the admin's and the app's icons inlined in CSS
    "font-src": ["'self'"],
    "connect-src": ["'self'"],  # fetch and WebSockets to this origin
    "manifest-src": ["'self'"],
    "worker-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}

DOCS_PATH = "/api/docs/"


def _header(policy: dict[str, list[str]]) -> str:
    return "; ".join(" ".join([name, *sources]) for name, sources in policy.items())


def _docs_policy() -> dict[str, list[str]]:
    cdn = settings.SPECTACULAR_SETTINGS.get("SWAGGER_UI_DIST", "https://cdn.jsdelivr.net")
    origin = "/".join(cdn.split("/")[:3])  # https://host
    extra = {"script-src": [origin], "style-src": [origin, "'unsafe-inline'"], "img-src": [origin]}
    return {name: sources + extra.get(name, []) for name, sources in POLICY.items()}


APP_HEADER = _header(POLICY)


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.docs_header = _header(_docs_policy())

    def __call__(self, request):
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            docs = request.path.startswith(DOCS_PATH)
            response["Content-Security-Policy"] = self.docs_header if docs else APP_HEADER
        return response
