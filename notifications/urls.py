from django.urls import path

from notifications import apis

urlpatterns = [
    path("key", apis.KeyView.as_view(), name="push-key"),
    path("subscriptions", apis.SubscriptionsView.as_view(), name="push-subscriptions"),
]
