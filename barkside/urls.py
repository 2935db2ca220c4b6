"""Top-level URLs: the app shell at /, the admin, and the API schema and docs."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from barkside import frontend
from moderation.admin import overview_view

urlpatterns = [
    # frontend/index.html; WhiteNoise usually answers first (see barkside/frontend.py).
    path("", frontend.index, name="home"),
    # Staff only (admin_view sends others to the login); moderators only inside.
    path("admin/overview/", admin.site.admin_view(overview_view), name="moderation-overview"),
    path("admin/", admin.site.urls),
    path("api/auth/", include("accounts.urls")),
    path("api/push/", include("notifications.urls")),
    path("api/notifications/", include("notifications.settings_urls")),
    path("api/", include("games.urls")),
    path("api/", include("matchmaking.urls")),
    path("api/", include("moderation.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # Swagger UI from the app's static files, its start-up script a file of its own (the
    # split view) and its page without inline style: it runs under barkside/csp.py.
    path(
        "api/docs/",
        SpectacularSwaggerSplitView.as_view(
            url_name="schema", template_name="barkside/api_docs.html"
        ),
        name="api-docs",
    ),
]

# Under /api/, Django's own 400/403/404/500 answers are JSON in the API's error shape.
handler400 = "barkside.error_pages.bad_request"
handler403 = "barkside.error_pages.permission_denied"
handler404 = "barkside.error_pages.page_not_found"
handler500 = "barkside.error_pages.server_error"
