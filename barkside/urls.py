"""Top-level URLs: the app shell at /, the admin, and the API schema and docs."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from barkside import frontend

urlpatterns = [
    # frontend/index.html; WhiteNoise usually answers first (see barkside/frontend.py).
    path("", frontend.index, name="home"),
    path("admin/", admin.site.urls),
    path("api/auth/", include("accounts.urls")),
    path("api/push/", include("notifications.urls")),
    path("api/", include("games.urls")),
    path("api/", include("matchmaking.urls")),
    path("api/", include("moderation.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
]
