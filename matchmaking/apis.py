"""The matchmaking REST API: queue, public profiles, leaderboards, resigning a game."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from barkside.schema import error_responses
from barkside.serializers import validated
from matchmaking import selectors, services
from matchmaking.schema import LeaderboardPageSchema, ProfileSchema, QueueStatusSchema
from matchmaking.serializers import LeaderboardQuerySerializer, QueueJoinSerializer


class QueueView(APIView):
    @extend_schema(
        operation_id="matchmaking_status",
        responses={200: QueueStatusSchema, **error_responses(401, 403)},
        summary="Am I queued: my position, time waited and the rating gap my table may span",
    )
    def get(self, request):
        return Response(selectors.queue_status(request.user))

    @extend_schema(
        operation_id="matchmaking_leave",
        request=None,
        responses={204: None, **error_responses(401, 403, 404)},
        summary="Leave the queue at once (404 `not_queued` if a table was just found)",
    )
    def delete(self, request):
        services.queue_leave(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class QueueJoinView(APIView):
    @extend_schema(
        operation_id="matchmaking_join",
        request=QueueJoinSerializer,
        responses={201: QueueStatusSchema, **error_responses(400, 401, 403, 409)},
        summary="Join the queue with your wishes; /ws/me/ says `matched` when seated",
        description=(
            "Tables form from people with the same `time_per_move` and `rated`, a size "
            "everyone accepts and ratings within a gap that widens as they wait. With "
            "`ai_fill`, AI seats complete a table after a wait (60 s live, 10 min "
            "correspondence by default). 403 `cannot_queue` for suspended accounts, 409 "
            "`already_queued`."
        ),
    )
    def post(self, request):
        data = validated(QueueJoinSerializer, request.data)
        services.queue_join(user=request.user, **data)
        return Response(selectors.queue_status(request.user), status=status.HTTP_201_CREATED)


class QueueLeaveView(APIView):
    @extend_schema(
        operation_id="matchmaking_leave_post",
        request=None,
        responses={204: None, **error_responses(401, 403, 404)},
        summary="Leave the queue at once (the same as DELETE /api/matchmaking)",
    )
    def post(self, request):
        services.queue_leave(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ProfileView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="players_retrieve",
        responses={200: ProfileSchema, **error_responses(404)},
        summary="A player's public profile: games, results, ratings and recent games",
        description=(
            "Private games count, and are listed, only on your own profile; "
            "`correspondence_games` is null on anyone else's."
        ),
    )
    def get(self, request, username: str):
        return Response(selectors.player_profile(username, viewer=request.user))


class LeaderboardPagination(PageNumberPagination):
    page_size = 50


class LeaderboardView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="leaderboard",
        parameters=[LeaderboardQuerySerializer],
        responses={200: LeaderboardPageSchema, **error_responses(400, 404)},
        summary="Established ratings (10+ rated games) of one speed class, best first",
    )
    def get(self, request):
        query = validated(LeaderboardQuerySerializer, request.query_params.dict())
        paginator = LeaderboardPagination()
        page = paginator.paginate_queryset(selectors.leaderboard(query["speed"]), request, self)
        first = (paginator.page.number - 1) * paginator.page_size + 1
        rows = [selectors.leaderboard_row(first + i, r) for i, r in enumerate(page)]
        return paginator.get_paginated_response(rows)
