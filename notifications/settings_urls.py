"""`/api/notifications/`: a person's notification settings, and the digest's unsubscribe."""

from django.urls import path

from notifications import apis

urlpatterns = [
    path("settings", apis.SettingsView.as_view(), name="notification-settings"),
    path("unsubscribe/<str:token>", apis.UnsubscribeView.as_view(), name="digest-unsubscribe"),
]
