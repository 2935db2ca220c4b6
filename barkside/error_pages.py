"""Django's own error pages (handler400/403/404/500) in the API's one error shape.

Some refusals never reach a DRF view: a URL no route matches (`/api/games/null,null`),
a body over DATA_UPLOAD_MAX_MEMORY_SIZE or with too many fields (Django raises
RequestDataTooBig / TooManyFieldsSent while reading it), or an error DRF's handler
leaves to Django. Under `/api/` they answer `{code, detail, fields}` like every other
refusal; elsewhere (the app, the admin) Django's HTML pages stay.
"""

from django.http import JsonResponse
from django.views import defaults

from barkside import error_texts
from barkside.errors import error_body

API_PREFIX = "/api/"


def _api(request) -> bool:
    return request.path.startswith(API_PREFIX)


def _json(request, code: str, status: int) -> JsonResponse:
    language = error_texts.language_of(request)
    detail = error_texts.translate(code, language, error_texts.english(code))
    return JsonResponse(error_body(code, detail), status=status)


def bad_request(request, exception, template_name=defaults.ERROR_400_TEMPLATE_NAME):
    if _api(request):
        return _json(request, "malformed", 400)
    return defaults.bad_request(request, exception, template_name)


def permission_denied(request, exception, template_name=defaults.ERROR_403_TEMPLATE_NAME):
    if _api(request):
        return _json(request, "permission_denied", 403)
    return defaults.permission_denied(request, exception, template_name)


def page_not_found(request, exception, template_name=defaults.ERROR_404_TEMPLATE_NAME):
    if _api(request):
        return _json(request, "not_found", 404)
    return defaults.page_not_found(request, exception, template_name)


def server_error(request, template_name=defaults.ERROR_500_TEMPLATE_NAME):
    if _api(request):
        return _json(request, "error", 500)
    return defaults.server_error(request, template_name)
