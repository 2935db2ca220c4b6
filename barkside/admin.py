"""What every admin changelist lets a query string do: its declared filters, and no more.

Django applies any lookup left in a changelist's query string that no list filter took,
so `?seed__startswith=d` or `?auth_token__key__startswith=c3f` read a secret out one
character at a time by watching the row come and go. Here a lookup no declared filter
(`list_filter`, or the `date_hierarchy` drill-down) took is refused with a 400, the same
answer for any value. Searching goes through `search_fields` and sorting through the
`list_display` columns, as Django already has it. Every registered admin uses this mixin
(a test keeps it so), including the third-party ones re-registered in accounts/admin.py.
"""

from django.contrib.admin.exceptions import DisallowedModelAdminLookup
from django.contrib.admin.views.main import ChangeList


class DeclaredFiltersChangeList(ChangeList):
    def get_filters(self, request):
        specs, has_filters, remaining, may_have_duplicates, has_active = super().get_filters(
            request
        )
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


def declared_filters_only(site, model) -> None:
    """Register `model`'s admin again (a third-party one) with DeclaredFiltersOnly mixed in."""
    if not site.is_registered(model):
        return
    current = type(site.get_model_admin(model))
    site.unregister(model)
    site.register(model, type(current.__name__, (DeclaredFiltersOnly, current), {}))
