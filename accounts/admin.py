"""Users in the admin: superusers edit them as usual; moderators look them up, read-only.

Moderators (`moderation.moderate`) change nobody through this form: they rename, suspend
or ban through the moderation actions, which log a reason. Changing a user stays with
Django's auth permissions. A user's page also lists the reports about them, the reports
they made and the moderation actions they received.
"""

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.models import Group
from rest_framework.authtoken.models import TokenProxy

from accounts.models import User
from barkside.admin import DeclaredFiltersOnly, declared_filters_only
from moderation.models import ModerationAction, Report
from moderation.services import can_moderate

RECENT = 50  # reports and actions listed on a user's page, newest first

# API tokens are passwords: no page lists them, not even for a superuser (a user's token
# ends with a password change, a logout, or a suspension).
admin.site.unregister(TokenProxy)
# Groups and django-axes' sign-in records filter by their declared filters only, like
# every admin here (barkside/admin.py).
for model in (Group, AccessLog, AccessFailureLog):
    declared_filters_only(admin.site, model)
# Without axes' "Clean up expired attempts" action: it reads the time of a sign-in from the
# request (`axes_attempt_time`), which no admin request has, and fails with a 500; axes
# cleans expired attempts at every sign-in anyway.
declared_filters_only(admin.site, AccessAttempt, actions=[])


@admin.register(User)
class BarksideUserAdmin(DeclaredFiltersOnly, UserAdmin):
    list_display = ["username", "email", "is_active", "is_staff", "date_joined", "last_login"]
    list_filter = ["is_active", "is_staff", "date_joined"]
    search_fields = ["username", "email"]
    # What a moderator who may not change the user sees: no password hash, no permissions.
    looking_fieldsets = [
        (None, {"fields": ["username", "email", "first_name", "last_name"]}),
        ("Standing", {"fields": ["is_active", "is_staff", "is_superuser"]}),
        ("Dates", {"fields": ["date_joined", "last_login"]}),
    ]

    def has_module_permission(self, request):
        return super().has_module_permission(request) or can_moderate(request.user)

    def has_view_permission(self, request, obj=None):
        return super().has_view_permission(request, obj) or can_moderate(request.user)

    def get_fieldsets(self, request, obj=None):
        if obj is not None and not self.has_change_permission(request, obj):
            return self.looking_fieldsets
        return super().get_fieldsets(request, obj)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        user = self.get_object(request, object_id)
        extra = dict(extra_context or {})
        if user is not None and can_moderate(request.user):
            extra.update(self.moderation_of(user))
        return super().change_view(request, object_id, form_url, extra)

    def moderation_of(self, user) -> dict:
        reports = Report.objects.select_related("reporter", "reported").order_by("-created")
        return {
            "moderation_history": True,
            "reports_received": reports.filter(reported=user)[:RECENT],
            "reports_made": reports.filter(reporter=user)[:RECENT],
            "actions_received": ModerationAction.objects.filter(target=user).select_related(
                "moderator"
            )[:RECENT],
        }
