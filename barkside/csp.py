"""The Content-Security-Policy header: the app, the admin and the API docs run their own files only.

Django 5.2 has no CSP of its own; this middleware adds one header to every response
(the app's files that WhiteNoise serves included, as it wraps WhiteNoise). Nothing the
app, the admin or the API docs (`/api/docs/`: Swagger UI from drf-spectacular-sidecar's
static files, its start-up script a file of its own) run is inline or from another origin,
so the policy is `'self'` for everything: an injected `<script>` or `style` attribute does
nothing, and no other site may frame the app (clickjacking). `'self'` also covers the
app's own WebSockets.
"""

POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],  # the admin's, the app's and Swagger UI's icons inlined in CSS
    "font-src": ["'self'"],
    "connect-src": ["'self'"],  # fetch and WebSockets to this origin
    "manifest-src": ["'self'"],
    "worker-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}

HEADER = "; ".join(" ".join([name, *sources]) for name, sources in POLICY.items())


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = HEADER
        return response
