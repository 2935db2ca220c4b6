"""`/api/notifications/`: a person's notification settings, the switches they hold, and the
digest's unsubscribe."""

from django.urls import path

from notifications import apis

urlpatterns = [
    path("settings", apis.SettingsView.as_view(), name="notification-settings"),
    path("switches", apis.SwitchesView.as_view(), name="notification-switches"),
    path("unsubscribe/<str:token>", apis.UnsubscribeView.as_view(), name="digest-unsubscribe"),
]
