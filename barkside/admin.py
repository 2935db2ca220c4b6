"""What every admin changelist lets a query string do: its declared filters, and no more.

Django applies any lookup left in a changelist's query string that no list filter took,
so `?seed__startswith=d` or `?auth_token__key__startswith=c3f` read a secret out one
character at a time by watching the row come and go. Here a lookup no declared filter
(`list_filter`, or the `date_hierarchy` drill-down) took is refused with a 400, the same
answer for any value; a bad value of a declared one is answered as Django answers those
(barkside/nul_bytes.py refuses a NUL byte before any of this), and an action on rows
that are none (a selected key that is no key) with a 400. Searching goes through
`search_fields` and sorting through the `list_display` columns, as Django already has
it. Every registered admin uses this mixin (a test keeps it so), including the
third-party ones re-registered in accounts/admin.py.
"""

from django.contrib.admin import helpers
from django.contrib.admin.exceptions import DisallowedModelAdminLookup
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.admin.views.main import ChangeList
from django.core.exceptions import BadRequest, ValidationError

from barkside.nul_bytes import NUL


class DeclaredFiltersChangeList(ChangeList):
    def get_filters(self, request):
        try:
            specs, has_filters, remaining, may_have_duplicates, has_active = super().get_filters(
                request
            )
        except (OverflowError, ValueError) as e:
            # Django's date hierarchy turns `?created__year=` into dates unguarded: a year
            # past C's int, or 9999 (whose next year is none), is a bad value like any
            # other, answered as Django answers those (a redirect to `?e=1`), not a 500.
            raise IncorrectLookupParameters(e) from e
        # The date hierarchy turns its drill-down (`created__year`...) into `__gte`/`__lt`
        # bounds left here; lookups the query string brought in itself are not.
        undeclared = sorted(name for name in remaining if name in self.filter_params)
        if undeclared:
            raise DisallowedModelAdminLookup(f"Filtering by {', '.join(undeclared)} not allowed")
        return specs, has_filters, remaining, may_have_duplicates, has_active


class DeclaredFiltersOnly:
    """Mix into a ModelAdmin (before admin.ModelAdmin or its subclass)."""

    def get_changelist(self, request, **kwargs):
        return DeclaredFiltersChangeList

    def response_action(self, request, queryset):
        # Django filters the selected rows by their keys as they came (`pk__in`): a value
        # that is no key (a word, a NUL byte, a number past the column) fails there.
        selected = request.POST.getlist(helpers.ACTION_CHECKBOX_NAME)
        if not all(is_key(self.model, value) for value in selected):
            raise BadRequest("a selected row's key is not one")
        return super().response_action(request, queryset)


def is_key(model, value: str) -> bool:
    """Whether `value` can be a key of `model`'s rows (its type, within its column's range)."""
    try:
        model._meta.pk.clean(value, None)
    except ValidationError:
        return False
    return NUL not in value


def declared_filters_only(site, model, **overrides) -> None:
    """Register `model`'s admin again (a third-party one) with DeclaredFiltersOnly mixed in,
    and `overrides` set on it."""
    if not site.is_registered(model):
        return
    current = type(site.get_model_admin(model))
    site.unregister(model)
    site.register(model, type(current.__name__, (DeclaredFiltersOnly, current), overrides))
