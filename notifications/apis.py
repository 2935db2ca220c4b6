"""`GET /api/push/key`, `POST` and `DELETE /api/push/subscriptions`."""

from django.db import transaction
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from barkside.errors import ServiceError
from barkside.schema import error_responses
from barkside.serializers import validated
from notifications.endpoints import EndpointRefused, check_endpoint
from notifications.keys import vapid_keys
from notifications.models import MAX_SUBSCRIPTIONS_PER_USER, PushSubscription
from notifications.serializers import EndpointSerializer, KeySchema, SubscriptionSerializer

TAGS = ["push"]


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
            raise ServiceError(
                "invalid", "not a push service's endpoint", fields={"endpoint": [exc.message]}
            ) from None
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
                raise ServiceError(
                    "endpoint_taken",
                    "this push endpoint is subscribed for another account",
                    status=409,
                )
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
