"""`GET /api/push/key`, `POST` and `DELETE /api/push/subscriptions`; `GET` and `PATCH
/api/notifications/settings`, `GET /api/notifications/switches`; `GET` and `POST
/api/notifications/unsubscribe/<token>`."""

from django.db import transaction
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils import translation
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from barkside import error_texts, notices
from barkside.errors import ServiceError
from barkside.schema import error_responses
from barkside.serializers import validated
from notifications import preferences, unsubscribe
from notifications.endpoints import EndpointRefused, check_endpoint
from notifications.keys import vapid_keys
from notifications.models import MAX_SUBSCRIPTIONS_PER_USER, PushSubscription
from notifications.serializers import (
    EndpointSerializer,
    KeySchema,
    SettingsSchema,
    SettingsSerializer,
    SubscriptionSerializer,
    SwitchSchema,
)

TAGS = ["push"]
SETTINGS_TAGS = ["notifications"]


class KeyView(APIView):
    @extend_schema(tags=TAGS, operation_id="push_key", responses={200: KeySchema})
    def get(self, request):
        return Response({"public_key": vapid_keys()[1]})


class SubscriptionsView(APIView):
    @extend_schema(
        tags=TAGS,
        operation_id="push_subscribe",
        request=SubscriptionSerializer,
        responses={201: None, **error_responses(400, 401, 403, 409)},
        summary="Subscribe this device; a user keeps at most 5, the oldest go first",
    )
    def post(self, request):
        data = validated(SubscriptionSerializer, request.data)
        endpoint = data["endpoint"]
        # The server will POST to this URL: only a public push service's, never inside.
        try:
            check_endpoint(endpoint)
        except EndpointRefused as exc:
            raise ServiceError("invalid", fields={"endpoint": [exc.message]}) from None
        with transaction.atomic():
            # The endpoint alone proves nothing: another account's row moves only to a
            # poster holding its keys too, i.e. the same browser with someone else signed in.
            taken = (
                PushSubscription.objects.select_for_update()
                .filter(endpoint=endpoint)
                .exclude(user=request.user)
                .exclude(p256dh=data["keys"]["p256dh"], auth=data["keys"]["auth"])
            )
            if taken.exists():
                raise ServiceError("endpoint_taken", status=409)
            PushSubscription.objects.update_or_create(
                endpoint=endpoint,
                defaults={
                    "user": request.user,
                    "p256dh": data["keys"]["p256dh"],
                    "auth": data["keys"]["auth"],
                    "lang": data["lang"],
                },
            )
            stale = PushSubscription.objects.filter(user=request.user).order_by("-created")[
                MAX_SUBSCRIPTIONS_PER_USER:
            ]
            PushSubscription.objects.filter(
                pk__in=list(stale.values_list("pk", flat=True))
            ).delete()
        return Response(status=status.HTTP_201_CREATED)

    @extend_schema(
        tags=TAGS,
        operation_id="push_unsubscribe",
        request=EndpointSerializer,
        responses={204: None, **error_responses(400, 401, 403)},
    )
    def delete(self, request):
        endpoint = validated(EndpointSerializer, request.data)["endpoint"]
        PushSubscription.objects.filter(user=request.user, endpoint=endpoint).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class SettingsView(APIView):
    @extend_schema(
        tags=SETTINGS_TAGS,
        operation_id="notification_settings",
        responses={200: SettingsSchema, **error_responses(401, 403)},
        summary="My notification settings: time zone, quiet hours, kinds of push, digest",
    )
    def get(self, request):
        return Response(preferences.settings_view(preferences.settings_of(request.user.pk)))

    @extend_schema(
        tags=SETTINGS_TAGS,
        operation_id="notification_settings_update",
        request=SettingsSerializer,
        responses={200: SettingsSchema, **error_responses(400, 401, 403)},
        summary="Change some of my notification settings",
        description=(
            "Quiet hours are local times in `time_zone` (an IANA name), past midnight when "
            "the end is before the start; both ends or neither (null)."
        ),
    )
    def patch(self, request):
        data = validated(SettingsSerializer, request.data)
        prefs = preferences.settings_update(user=request.user, **data)
        return Response(preferences.settings_view(prefs))


class SwitchesView(APIView):
    """The push switches of the settings, named in the request's language: clients show
    these rather than a list of their own, so a new kind of notice reaches them."""

    @extend_schema(
        tags=SETTINGS_TAGS,
        operation_id="notification_switches",
        responses={200: SwitchSchema(many=True)},
        summary="The kinds of push a person can turn off, in the settings' order",
    )
    def get(self, request):
        return Response(
            [
                {"name": s.name, "label": translation.gettext(s.label), "default": s.default}
                for s in notices.switches()
            ]
        )


class UnsubscribeView(APIView):
    """The link in every digest (notifications/unsubscribe.py): no sign-in, the token says
    who. A GET (or HEAD: a mail scanner following links) only asks; a POST unsubscribes."""

    permission_classes = [AllowAny]
    authentication_classes = []  # a mail app's POST carries no session and no CSRF token
    throttle_scope = "auth"

    @extend_schema(
        tags=SETTINGS_TAGS,
        operation_id="digest_unsubscribe_page",
        request=None,
        responses={
            (200, "text/html"): OpenApiTypes.STR,
            (400, "text/html"): OpenApiTypes.STR,
            **error_responses(429),
        },
        summary="The digest's unsubscribe link: a page asking to confirm, which changes nothing",
    )
    def get(self, request, token: str):
        prefs = unsubscribe.settings_of_token(token)
        if prefs is None:
            return _page("invalid", error_texts.language_of(request), status=400)
        return _page("ask", prefs.lang)

    @extend_schema(
        tags=SETTINGS_TAGS,
        operation_id="digest_unsubscribe",
        request=None,
        responses={(200, "text/html"): OpenApiTypes.STR, **error_responses(400, 429)},
        summary="Stop the email digest: the page's button, or RFC 8058's one-click POST",
    )
    def post(self, request, token: str):
        prefs = unsubscribe.unsubscribe(token)
        if prefs is None:
            raise ServiceError("invalid_token")
        return _page("done", prefs.lang)


def _page(step: str, lang: str, status: int = 200) -> HttpResponse:
    """The unsubscribe page at `step` (ask, done, invalid), in `lang`."""
    days = unsubscribe.LINK_AGE.days
    with translation.override(lang):
        page = render_to_string(
            "notifications/unsubscribe.html", {"step": step, "lang": lang, "days": days}
        )
    return HttpResponse(page, content_type="text/html; charset=utf-8", status=status)
