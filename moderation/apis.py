"""The moderation REST API: table chat, mutes, blocks, reports, warnings, and actions.

Thin views: validate, one service call, serialize. Moderators' actions are also the
admin's (admin.py); `POST /api/moderation/actions` is the same services for tools.
"""

from datetime import timedelta

from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from barkside.errors import ServiceError
from barkside.schema import error_responses
from barkside.serializers import validated
from games.models import Game
from moderation import selectors, services
from moderation.models import ChatMessage, ModerationAction, Report
from moderation.serializers import (
    ActionDoneSerializer,
    ActionSerializer,
    ChatMessageSerializer,
    ChatPostSerializer,
    IgnoredPlayerSerializer,
    ReportCreateSerializer,
    ReportReceivedSerializer,
    WarningSerializer,
)

TAGS = ["moderation"]


class ChatView(APIView):
    @extend_schema(
        tags=TAGS,
        operation_id="chat_list",
        summary="The table's chat (players; spectators of public games)",
        responses={200: ChatMessageSerializer(many=True), **error_responses(401, 403, 404)},
    )
    def get(self, request, game_id):
        messages = selectors.chat_for(game_id=game_id, user=request.user)
        return Response([selectors.chat_message_payload(m) for m in messages])

    @extend_schema(
        tags=TAGS,
        operation_id="chat_post",
        summary="Say something at the table (players; 5 messages per 10 seconds)",
        request=ChatPostSerializer,
        responses={201: ChatMessageSerializer, **error_responses(400, 401, 403, 404, 429)},
    )
    def post(self, request, game_id):
        data = validated(ChatPostSerializer, request.data)
        message = services.chat_post(game_id=game_id, user=request.user, text=data["text"])
        return Response(selectors.chat_message_payload(message), status=status.HTTP_201_CREATED)


class _PersonView(APIView):
    add = remove = None

    @extend_schema(
        tags=TAGS,
        request=None,
        responses={204: None, **error_responses(400, 401, 404)},
        description="`username` names another player: your own answers 400 `invalid`.",
    )
    def post(self, request, username):
        type(self).add(user=request.user, username=username)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(tags=TAGS, request=None, responses={204: None, **error_responses(401, 404)})
    def delete(self, request, username):
        type(self).remove(user=request.user, username=username)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MuteView(_PersonView):
    """Hide a player's chat from yourself (POST), or show it again (DELETE)."""

    add = staticmethod(services.mute_add)
    remove = staticmethod(services.mute_remove)


class BlockView(_PersonView):
    """Never be matched with a player, nor see their chat (POST); DELETE undoes it."""

    add = staticmethod(services.block_add)
    remove = staticmethod(services.block_remove)


class MutesView(APIView):
    @extend_schema(
        tags=TAGS,
        operation_id="mutes_list",
        summary="The players you muted, newest first",
        responses={200: IgnoredPlayerSerializer(many=True), **error_responses(401)},
    )
    def get(self, request):
        return Response(IgnoredPlayerSerializer(selectors.muted_by(request.user), many=True).data)


class BlocksView(APIView):
    @extend_schema(
        tags=TAGS,
        operation_id="blocks_list",
        summary="The players you blocked, newest first",
        responses={200: IgnoredPlayerSerializer(many=True), **error_responses(401)},
    )
    def get(self, request):
        return Response(IgnoredPlayerSerializer(selectors.blocked_by(request.user), many=True).data)


class ReportsView(APIView):
    @extend_schema(
        tags=TAGS,
        operation_id="report_create",
        summary="Report a player; the same open report again answers 200 with the first",
        request=ReportCreateSerializer,
        responses={
            201: ReportReceivedSerializer,
            200: ReportReceivedSerializer,
            **error_responses(400, 401, 404),
        },
    )
    def post(self, request):
        data = validated(ReportCreateSerializer, request.data)
        report, created = services.report_create(
            reporter=request.user,
            username=data["user"],
            reason=data["reason"],
            game_id=data.get("game"),
            message_id=data.get("message"),
            comment=data.get("comment", ""),
        )
        return Response(
            {"id": report.pk, "status": "received"},
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class WarningsView(APIView):
    @extend_schema(
        tags=TAGS,
        operation_id="moderation_warnings",
        summary="The warnings moderators gave you, newest first",
        responses={200: WarningSerializer(many=True), **error_responses(401)},
    )
    def get(self, request):
        warnings = selectors.warnings_for(request.user)
        return Response(WarningSerializer(warnings, many=True).data)


class WarningSeenView(APIView):
    @extend_schema(
        tags=TAGS,
        operation_id="moderation_warning_seen",
        summary="Say you have read one of your warnings (again is fine); it stays listed, seen",
        request=None,
        responses={204: None, **error_responses(401, 404)},
    )
    def post(self, request, warning_id):
        services.warning_mark_seen(user=request.user, warning_id=warning_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class CanModerate(BasePermission):
    def has_permission(self, request, view):
        return services.can_moderate(request.user)


class ActionsView(APIView):
    permission_classes = [IsAuthenticated, CanModerate]

    @extend_schema(
        tags=TAGS,
        extensions={"x-moderators-only": True},  # clients (and the contract test) can tell
        operation_id="moderation_act",
        summary="A moderator's action (moderators only); logged with its reason",
        request=ActionSerializer,
        responses={201: ActionDoneSerializer, **error_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request):
        data = validated(ActionSerializer, request.data)
        entry = _ACT[data["action"]](request.user, data)
        return Response(ActionDoneSerializer(entry).data, status=status.HTTP_201_CREATED)


def _need(data, *names):
    # Django's and DRF's own sentence, so it reads like their "required" everywhere.
    missing = {n: [_("This field is required.")] for n in names if data.get(n) in (None, "")}
    if missing:
        raise ServiceError("invalid", fields=missing)


def _report(data):
    return get_object_or_404(Report, pk=data["report"]) if data.get("report") else None


def _user(data):
    _need(data, "user")
    return selectors.user_named(data["user"])


def _until(data):
    _need(data, "minutes")
    return timezone.now() + timedelta(minutes=data["minutes"])


def _common(moderator, data):
    return {"moderator": moderator, "reason": data["reason"], "report": _report(data)}


def _dismiss(m, d):
    _need(d, "report")
    return services.report_dismiss(moderator=m, report=_report(d), reason=d["reason"])


def _hide(m, d):
    _need(d, "message")
    message = get_object_or_404(ChatMessage, pk=d["message"])
    return services.message_hide(message=message, **_common(m, d))


def _abort(m, d):
    _need(d, "game")
    return services.game_abort(game=get_object_or_404(Game, pk=d["game"]), **_common(m, d))


K = ModerationAction.Kind
_ACT = {
    K.DISMISS: _dismiss,
    K.WARN: lambda m, d: services.user_warn(user=_user(d), **_common(m, d)),
    K.MUTE_CHAT: lambda m, d: services.chat_mute(user=_user(d), until=_until(d), **_common(m, d)),
    K.SUSPEND: lambda m, d: services.user_suspend(user=_user(d), until=_until(d), **_common(m, d)),
    K.BAN: lambda m, d: services.user_ban(user=_user(d), **_common(m, d)),
    K.RENAME: lambda m, d: services.user_rename(
        user=_user(d), username=d.get("username", ""), **_common(m, d)
    ),
    K.HIDE_MESSAGE: _hide,
    K.ABORT_GAME: _abort,
}
