"""The auth REST API under /api/auth/: thin views that validate, call one service, serialize.

Browsers use the session cookie (unsafe requests, register and login included, need the
CSRF token from `GET csrf`); other clients send `Authorization: Token <token>` from
register/login.
"""

from django.http import JsonResponse
from django.middleware.csrf import get_token
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import guests, services
from accounts.serializers import (
    AuthSerializer,
    ClaimSerializer,
    CsrfSerializer,
    LoginSerializer,
    PasswordChangeSerializer,
    RegisterSerializer,
    UserSerializer,
)
from barkside import error_texts
from barkside.errors import error_body
from barkside.schema import error_responses
from barkside.serializers import validated
from barkside.throttling import AnonRateThrottle, ScopedRateThrottle, UserRateThrottle

TAGS = ["auth"]


def locked_out_response(request, original_response=None, credentials=None) -> JsonResponse:
    """django-axes' lockout answer (AXES_LOCKOUT_CALLABLE), in the API's one error shape."""
    error = services.locked_out_error()
    detail = error_texts.translate(
        error.code,
        error_texts.language_of(request) if request is not None else None,
        error.detail,
        error.extra,
    )
    response = JsonResponse(error_body(error.code, detail, **error.extra), status=error.status)
    if error.extra.get("retry_after"):
        response["Retry-After"] = str(error.extra["retry_after"])
    return response


class SignInView(APIView):
    """Register and login: open to anyone, on the tight `auth` throttle.

    Only session authentication runs, so a stale `Authorization: Token` header can't stop
    someone from logging in again, while a browser already signed in still needs CSRF.
    """

    authentication_classes = [SessionAuthentication]
    permission_classes = [AllowAny]
    throttle_scope = "auth"

    def starts_session(self, request) -> bool:
        """Only a request that passes the CSRF check of every session write (Origin, then
        the token) signs its session in, so a form on another site can't sign a browser in
        as someone else. Others (apps, with their token; such forms) get the token alone."""
        try:
            SessionAuthentication().enforce_csrf(request)
        except PermissionDenied:
            return False
        return True


class AddressRateThrottle(ScopedRateThrottle):
    """The view's scope counted per address, signed in or not: a guest can't make a new
    guest to refill its budget."""

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class GuestView(SignInView):
    throttle_scope = "guest"
    throttle_classes = [AnonRateThrottle, UserRateThrottle, AddressRateThrottle]

    @extend_schema(
        tags=TAGS,
        operation_id="auth_guest",
        summary="Play at once: a new guest account; returns its API token, and signs in a "
        "session that sent the CSRF token",
        description="A guest plays the AI and unrated tables (rated play and chat answer "
        "403 `guest_not_allowed`), is removed after GUEST_IDLE_HOURS without a request, and "
        "keeps its games when it claims a username and password (`claim`). THROTTLE_GUEST "
        "guests per address.",
        request=None,
        responses={201: AuthSerializer, **error_responses(403, 429)},
    )
    def post(self, request):
        session = self.starts_session(request)
        signed_in = guests.guest_create(request=request._request, session=session)
        return Response(AuthSerializer(signed_in).data, status=status.HTTP_201_CREATED)


class ClaimView(APIView):
    throttle_scope = "auth"

    @extend_schema(
        tags=TAGS,
        operation_id="auth_claim",
        summary="A guest chooses its username and password and keeps its games; returns a "
        "new API token, this session stays signed in",
        request=ClaimSerializer,
        responses={200: AuthSerializer, **error_responses(400, 401, 403, 409, 415, 429)},
    )
    def post(self, request):
        data = validated(ClaimSerializer, request.data)
        signed_in = guests.guest_claim(request=request._request, user=request.user, **data)
        return Response(AuthSerializer(signed_in).data)


class CsrfView(APIView):
    # The session only: a stale `Authorization: Token` header must not make this fail.
    authentication_classes = [SessionAuthentication]
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAGS,
        operation_id="auth_csrf",
        summary="Set the csrftoken cookie the web app echoes in X-CSRFToken; say whether "
        "this session is signed in",
        description="The web app asks `me` only when `signed_in`: a signed-out load makes "
        "no request that answers 401.",
        request=None,
        responses={200: CsrfSerializer},
    )
    def get(self, request):
        get_token(request._request)
        return Response({"signed_in": request.user.is_authenticated})


class RegisterView(SignInView):
    @extend_schema(
        tags=TAGS,
        operation_id="auth_register",
        summary="Create an account; returns an API token, and signs in a session that sent the CSRF token",
        request=RegisterSerializer,
        responses={201: AuthSerializer, **error_responses(400, 403, 415, 429)},
    )
    def post(self, request):
        data = validated(RegisterSerializer, request.data)
        session = self.starts_session(request)
        signed_in = services.user_register(request=request._request, session=session, **data)
        return Response(AuthSerializer(signed_in).data, status=status.HTTP_201_CREATED)


class LoginView(SignInView):
    @extend_schema(
        tags=TAGS,
        operation_id="auth_login",
        summary="Log in; returns the API token, and signs in a session that sent the CSRF token",
        description="Wrong credentials answer 400 `invalid_credentials`; after "
        "AXES_FAILURE_LIMIT failures from one address for one username, 429 `locked_out`.",
        request=LoginSerializer,
        responses={200: AuthSerializer, **error_responses(400, 403, 415, 429)},
    )
    def post(self, request):
        data = validated(LoginSerializer, request.data)
        session = self.starts_session(request)
        signed_in = services.user_login(request=request._request, session=session, **data)
        return Response(AuthSerializer(signed_in).data)


class LogoutView(APIView):
    @extend_schema(
        tags=TAGS,
        operation_id="auth_logout",
        summary="End this session and revoke the API token",
        request=None,
        responses={204: None, **error_responses(401, 403)},
    )
    def post(self, request):
        services.user_logout(request=request._request, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeView(APIView):
    @extend_schema(
        tags=TAGS,
        operation_id="auth_me",
        summary="The signed-in user",
        responses={200: UserSerializer, **error_responses(401, 403)},
    )
    def get(self, request):
        return Response(UserSerializer(request.user).data)


class PasswordView(APIView):
    throttle_scope = "auth"

    @extend_schema(
        tags=TAGS,
        operation_id="auth_password_change",
        summary="Change password; returns a new API token, this session stays signed in",
        description="A wrong `old_password` answers 400 and counts as a failed login: after "
        "AXES_FAILURE_LIMIT failures from one address for the account, 429 `locked_out`.",
        request=PasswordChangeSerializer,
        responses={200: AuthSerializer, **error_responses(400, 401, 403, 415, 429)},
    )
    def post(self, request):
        data = validated(PasswordChangeSerializer, request.data)
        signed_in = services.user_change_password(
            request=request._request, user=request.user, **data
        )
        return Response(AuthSerializer(signed_in).data)
