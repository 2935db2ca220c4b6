"""The moderators' dashboard: the Django admin, for staff with `moderation.moderate`.

Reports open on the open ones, oldest first; a report's page shows the chat around the
reported message, the game, and the reported user's history. Admin actions ask for a
reason (and a period) on an intermediate page, then call the services. The moderation
log is read-only: nobody edits or deletes it here.
"""

from datetime import timedelta

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.utils import model_ngettext
from django.core.exceptions import PermissionDenied
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from barkside.admin import DeclaredFiltersOnly
from barkside.errors import ServiceError
from moderation import overview, services
from moderation.models import ChatMessage, ModerationAction, Report

CHAT_CONTEXT = 5  # messages shown before and after the reported one

# The admin's index links the overview for moderators (the template extends the stock one).
admin.site.index_template = "admin/moderation/index.html"


def overview_view(request):
    """The overview page: running games, the queue, Redis and Celery, reports per day."""
    if not services.can_moderate(request.user):
        raise PermissionDenied
    context = {**admin.site.each_context(request), "title": "Overview", **overview.figures()}
    return TemplateResponse(request, "admin/moderation/overview.html", context)


class ModeratorsOnly(DeclaredFiltersOnly):
    """Every view of these admins needs the `moderation.moderate` permission."""

    def has_module_permission(self, request):
        return services.can_moderate(request.user)

    def has_view_permission(self, request, obj=None):
        return services.can_moderate(request.user)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return services.can_moderate(request.user)

    def has_delete_permission(self, request, obj=None):
        return False


class StatusFilter(admin.SimpleListFilter):
    """Open reports unless asked otherwise."""

    title = "status"
    parameter_name = "status"

    def lookups(self, request, model_admin):
        return [("all", "All"), *Report.Status.choices]

    def choices(self, changelist):
        value = self.value() or Report.Status.OPEN
        for lookup, title in self.lookup_choices:
            yield {
                "selected": value == lookup,
                "query_string": changelist.get_query_string({self.parameter_name: lookup}),
                "display": title,
            }

    def queryset(self, request, queryset):
        value = self.value() or Report.Status.OPEN
        return queryset if value == "all" else queryset.filter(status=value)


class ActionForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), max_length=2000)
    minutes = forms.IntegerField(
        required=False, min_value=1, help_text="for a chat mute or a suspension"
    )


def with_reason(label: str, needs_minutes=False):
    """An admin action that first asks for a reason, then calls `act(obj, moderator,
    reason, until)` for each selected object (a report, or a game in games/admin.py)."""

    def decorate(act):
        def action(modeladmin, request, queryset):
            form = ActionForm(request.POST if "apply" in request.POST else None)
            if form.is_valid() and (form.cleaned_data["minutes"] or not needs_minutes):
                minutes = form.cleaned_data["minutes"]
                until = timezone.now() + timedelta(minutes=minutes) if minutes else None
                done = 0
                for obj in queryset:
                    try:
                        act(obj, request.user, form.cleaned_data["reason"], until)
                        done += 1
                    except ServiceError as exc:
                        modeladmin.message_user(request, f"#{obj.pk}: {exc}", messages.ERROR)
                things = model_ngettext(modeladmin.opts, done)
                modeladmin.message_user(request, f"{label}: {done} {things}.")
                return None
            return TemplateResponse(
                request,
                "admin/moderation/action_reason.html",
                {
                    **modeladmin.admin_site.each_context(request),
                    "title": label,
                    "form": form,
                    "needs_minutes": needs_minutes,
                    "objects": queryset,
                    "action": request.POST.get("action"),
                    "checkbox_name": helpers.ACTION_CHECKBOX_NAME,
                    "opts": modeladmin.model._meta,
                },
            )

        action.__name__ = act.__name__
        return admin.action(description=label)(action)

    return decorate


@with_reason("Dismiss")
def dismiss(report, moderator, reason, until):
    services.report_dismiss(moderator=moderator, report=report, reason=reason)


@with_reason("Warn the reported user")
def warn(report, moderator, reason, until):
    services.user_warn(moderator=moderator, user=report.reported, reason=reason, report=report)


@with_reason("Mute the reported user's chat", needs_minutes=True)
def mute_chat(report, moderator, reason, until):
    services.chat_mute(
        moderator=moderator, user=report.reported, reason=reason, until=until, report=report
    )


@with_reason("Suspend the reported user", needs_minutes=True)
def suspend(report, moderator, reason, until):
    services.user_suspend(
        moderator=moderator, user=report.reported, reason=reason, until=until, report=report
    )


@with_reason("Ban the reported user")
def ban(report, moderator, reason, until):
    services.user_ban(moderator=moderator, user=report.reported, reason=reason, report=report)


@with_reason("Rename the reported user")
def rename(report, moderator, reason, until):
    services.user_rename(moderator=moderator, user=report.reported, reason=reason, report=report)


@with_reason("Hide the reported message")
def hide_message(report, moderator, reason, until):
    if report.message is None:
        raise ServiceError("invalid", fields={"report": [_("This report names no message.")]})
    services.message_hide(moderator=moderator, message=report.message, reason=reason, report=report)


@with_reason("Abort the reported game")
def abort_game(report, moderator, reason, until):
    if report.game is None:
        raise ServiceError("invalid", fields={"report": [_("This report names no game.")]})
    services.game_abort(moderator=moderator, game=report.game, reason=reason, report=report)


@admin.register(Report)
class ReportAdmin(ModeratorsOnly, admin.ModelAdmin):
    list_display = ["id", "created", "reported", "reason", "reporter", "game", "status"]
    list_filter = [StatusFilter, "reason"]
    ordering = ["created", "pk"]
    search_fields = ["reported__username", "reporter__username", "comment"]
    readonly_fields = [
        "reporter",
        "reported",
        "game",
        "message",
        "reason",
        "comment",
        "status",
        "created",
    ]
    fields = readonly_fields
    actions = [dismiss, warn, mute_chat, suspend, ban, rename, hide_message, abort_game]

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    def change_view(self, request, object_id, form_url="", extra_context=None):
        report = self.get_object(request, object_id)
        extra = dict(extra_context or {})
        if report is not None:
            extra.update(self.context_for(report))
        return super().change_view(request, object_id, form_url, extra)

    def context_for(self, report: Report) -> dict:
        chat = []
        if report.message is not None:
            around = ChatMessage.objects.filter(game_id=report.message.game_id)
            before = around.filter(pk__lt=report.message.pk).order_by("-pk")[:CHAT_CONTEXT]
            after = around.filter(pk__gte=report.message.pk).order_by("pk")[: CHAT_CONTEXT + 1]
            chat = [*reversed(before.select_related("user")), *after.select_related("user")]
        elif report.game is not None:
            chat = list(
                ChatMessage.objects.filter(game=report.game, user=report.reported)
                .select_related("user")
                .order_by("-pk")[: CHAT_CONTEXT * 2]
            )[::-1]
        return {
            "chat": chat,
            "reported_message_id": report.message_id,
            "game_url": (
                reverse("game", kwargs={"game_id": report.game_id}) if report.game_id else None
            ),
            "past_reports": Report.objects.filter(reported=report.reported)
            .exclude(pk=report.pk)
            .order_by("-created")[:20],
            "past_actions": ModerationAction.objects.filter(target=report.reported)[:20],
        }


@admin.register(ModerationAction)
class ModerationActionAdmin(ModeratorsOnly, admin.ModelAdmin):
    list_display = [
        "created",
        "action",
        "target",
        "moderator",
        "game",
        "report",
        "until",
        "warning_seen_at",
    ]
    list_filter = ["action"]
    search_fields = ["target__username", "moderator__username", "reason"]
    list_select_related = ["target", "moderator", "game", "report", "warning_seen"]

    @admin.display(description="warning read")
    def warning_seen_at(self, action):
        if action.action != ModerationAction.Kind.WARN:
            return ""
        seen = getattr(action, "warning_seen", None)
        return seen.seen if seen else "not yet"

    def has_change_permission(self, request, obj=None):
        return False

    def get_actions(self, request):
        return {}


@admin.register(ChatMessage)
class ChatMessageAdmin(ModeratorsOnly, admin.ModelAdmin):
    list_display = ["created", "game", "user", "text", "hidden"]
    list_filter = ["hidden"]
    search_fields = ["user__username", "text"]
    readonly_fields = ["game", "user", "text", "created", "hidden"]

    def has_change_permission(self, request, obj=None):
        return False

    def get_actions(self, request):
        return {}
