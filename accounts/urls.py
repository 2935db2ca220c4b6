"""Auth API routes, included under /api/auth/."""

from django.urls import path

from accounts import apis

app_name = "accounts"

urlpatterns = [
    path("csrf", apis.CsrfView.as_view(), name="csrf"),
    path("register", apis.RegisterView.as_view(), name="register"),
    path("login", apis.LoginView.as_view(), name="login"),
    path("guest", apis.GuestView.as_view(), name="guest"),
    path("claim", apis.ClaimView.as_view(), name="claim"),
    path("logout", apis.LogoutView.as_view(), name="logout"),
    path("me", apis.MeView.as_view(), name="me"),
    path("password", apis.PasswordView.as_view(), name="password"),
]
