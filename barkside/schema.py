"""OpenAPI pieces every app reuses: the one error shape and its documented responses.

Usage in a view: `@extend_schema(responses={200: GameSchema, **error_responses(400, 404)})`.
"""

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from barkside.serializers import StrictSerializer


class ErrorSerializer(serializers.Serializer):
    """The body of every refused request (see barkside/errors.py)."""

    code = serializers.CharField(help_text="stable, machine-readable reason, e.g. `invalid`")
    detail = serializers.CharField(help_text="a human explanation")
    fields = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="per-field messages, `{field: [message, ...]}`; empty when not about fields",
    )
    retry_after = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="on 429 only: seconds until a retry may succeed",
    )

    class Meta:
        ref_name = "Error"


_DESCRIPTIONS = {
    400: "Invalid input (`invalid` with `fields`, `malformed` body) or refused by a rule",
    401: "Not authenticated, or bad credentials (`not_authenticated`, `authentication_failed`)",
    403: "Not allowed (`permission_denied`, `not_authenticated`, CSRF failure)",
    404: "Not found, or not yours to see (`not_found`)",
    405: "Method not allowed (`method_not_allowed`)",
    409: "Conflict with the current state, e.g. a stale version",
    415: "Body is not JSON (`unsupported_media_type`)",
    429: "Too many requests (`throttled`, `locked_out` after repeated failed logins, `analysis_busy`)",
}


def error_responses(*statuses: int) -> dict[int, OpenApiResponse]:
    """`{status: OpenApiResponse(ErrorSerializer)}` for each status, to splat into `responses`."""
    return {
        status: OpenApiResponse(ErrorSerializer, description=_DESCRIPTIONS.get(status, "Error"))
        for status in statuses
    }


class AutoSchema(SpectacularAutoSchema):
    """drf-spectacular's schema, saying what the API enforces, so a request the schema
    calls valid is never refused for its shape:

    - a StrictSerializer refuses unknown fields: `additionalProperties: false`;
    - a DELETE that takes a body (`extend_schema(request=...)`) documents it, as POST would
      (drf-spectacular leaves DELETE bodies out).
    """

    def _map_serializer(self, serializer, direction, bypass_extensions=False):
        schema = super()._map_serializer(serializer, direction, bypass_extensions)
        if isinstance(serializer, StrictSerializer) and schema.get("type") == "object":
            schema["additionalProperties"] = False
        return schema

    def _get_request_body(self, direction="request"):
        if self.method != "DELETE" or self.get_request_serializer() is None:
            return super()._get_request_body(direction)
        self.method = "POST"  # the parent documents bodies of unsafe methods only
        try:
            return super()._get_request_body(direction)
        finally:
            self.method = "DELETE"
