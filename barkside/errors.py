"""One error shape for the whole API: `{"code": ..., "detail": ..., "fields": {...}}`.

Services raise `ServiceError` (no DRF needed to raise one); DRF's own exceptions are
mapped to the same shape with stable codes, and a database or Redis that cannot serve
the request now to `unavailable` (503). Nothing here ever answers with a 500 body.
"""

import logging

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.db import InterfaceError, OperationalError
from django.http import Http404
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from barkside import error_texts

log = logging.getLogger(__name__)

# The database or Redis could not serve the request now (no connection free in the pool
# within its timeout, a connection lost, a restart): nothing was applied - the request's
# transaction rolled back - and the same request may simply be sent again.
UNAVAILABLE = (OperationalError, InterfaceError, RedisConnectionError, RedisTimeoutError)
RETRY_AFTER = 1  # seconds


class ServiceError(Exception):
    """A refused request: a stable `code`, a human `detail` and its HTTP status.

    `detail` is the English of the code's sentence (error_texts.DETAILS), filled from
    `extra`: the one place each error's words are written. A raise site passes one only
    where it says the same as the sentence (tests/api/test_error_details.py)."""

    status = 400

    def __init__(
        self,
        code: str,
        detail: str | None = None,
        *,
        status: int | None = None,
        fields: dict | None = None,
        extra: dict | None = None,
    ):
        self.code = code
        self.detail = detail if detail is not None else error_texts.english(code, extra)
        if status is not None:
            self.status = status
        self.fields = fields or {}
        self.extra = extra or {}
        told = "; ".join(f"{name}: {' '.join(map(str, m))}" for name, m in self.fields.items())
        super().__init__(f"{code}: {self.detail}" + (f" ({told})" if told else ""))


_DRF_CODES = {
    exceptions.ParseError: "malformed",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.PermissionDenied: "permission_denied",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
    exceptions.ValidationError: "invalid",
}


def error_body(code: str, detail: str, fields: dict | None = None, **extra) -> dict:
    return {"code": code, "detail": detail, "fields": fields or {}, **extra}


def context_language(context) -> str | None:
    """The language to answer in: `context["language"]` (WebSockets), else the request's."""
    if context.get("language"):
        return context["language"]
    request = context.get("request")
    return error_texts.language_of(request) if request is not None else None


def exception_handler(exc, context):
    """Any refusal as `{code, detail, fields}`; `detail` in the request's language."""
    response = _handle(exc, context)
    if response is not None and isinstance(response.data, dict) and "code" in response.data:
        params = getattr(exc, "extra", None) or {}
        response.data["detail"] = error_texts.translate(
            response.data["code"], context_language(context), response.data["detail"], params
        )
    return response


def _handle(exc, context):
    if isinstance(exc, ServiceError):
        return Response(error_body(exc.code, exc.detail, exc.fields, **exc.extra), exc.status)
    if isinstance(exc, UNAVAILABLE):
        log.warning("answered 503: %s", type(exc).__name__, exc_info=exc)
        body = error_body(
            "unavailable", error_texts.english("unavailable"), retry_after=RETRY_AFTER
        )
        headers = {"Retry-After": str(RETRY_AFTER)}
        return Response(body, status.HTTP_503_SERVICE_UNAVAILABLE, headers=headers)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    code = next((c for cls, c in _DRF_CODES.items() if isinstance(exc, cls)), "error")
    if isinstance(exc, exceptions.ValidationError):
        fields = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        response.data = error_body(code, error_texts.english(code), _flatten(fields))
    else:
        response.data = error_body(code, str(exc.detail))
    if response.status_code == status.HTTP_429_TOO_MANY_REQUESTS:
        response.data["retry_after"] = getattr(exc, "wait", None)
    return response


def _flatten(fields: dict) -> dict:
    """Field errors as `{field: [messages]}`, nested serializers joined with dots."""
    flat = {}
    for name, errors in fields.items():
        if isinstance(errors, dict):
            flat.update({f"{name}.{k}": v for k, v in _flatten(errors).items()})
        elif isinstance(errors, list) and errors and isinstance(errors[0], dict):
            for i, item in enumerate(errors):
                flat.update({f"{name}.{i}.{k}": v for k, v in _flatten(item).items()})
        else:
            flat[name] = [str(e) for e in (errors if isinstance(errors, list) else [errors])]
    return flat
