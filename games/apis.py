"""The games REST API: thin views that validate, call one service and return a view."""

import json

from django.db import IntegrityError, transaction
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.pagination import PageNumberPagination
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from barkside.errors import ServiceError
from barkside.schema import error_responses
from barkside.serializers import PageQuerySerializer, validated
from games import selectors, services
from games.errors import GameError
from games.models import IdempotentMove
from games.schema import GameSchema, GameSummaryPageSchema, RecordSchema
from games.serializers import (
    GameCreateSerializer,
    GameListQuerySerializer,
    JoinSerializer,
    MoveSerializer,
)

IDEMPOTENCY_HEADER = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="a retried request with the same key returns the first response, applied once",
)


def _game_response(game_id, user, status_code=status.HTTP_200_OK) -> Response:
    game, seat = selectors.visible_game(game_id, user)
    return Response(selectors.game_view(game, seat), status=status_code)


class GamePagination(PageNumberPagination):
    page_size = 50


class GamesView(APIView):
    @extend_schema(
        operation_id="games_list",
        parameters=[GameListQuerySerializer],
        responses={200: GameSummaryPageSchema, **error_responses(400, 401, 403, 404)},
        summary="My games, those waiting on me first",
    )
    def get(self, request):
        query = validated(GameListQuerySerializer, request.query_params.dict())
        return _summaries(self, request, selectors.games_of(request.user, query.get("status")))

    @extend_schema(
        operation_id="games_create",
        request=GameCreateSerializer,
        responses={201: GameSchema, **error_responses(400, 401, 403)},
        summary="Open a table; one whose seats are all taken (you + AI seats) starts at once",
    )
    def post(self, request):
        data = validated(GameCreateSerializer, request.data)
        game = services.game_create(user=request.user, **data)
        return _game_response(game.pk, request.user, status.HTTP_201_CREATED)


def _summaries(view: APIView, request, games) -> Response:
    paginator = GamePagination()
    page = paginator.paginate_queryset(games, request, view=view)
    return paginator.get_paginated_response([selectors.game_summary(g, request.user) for g in page])


class OpenGamesView(APIView):
    @extend_schema(
        operation_id="games_open",
        parameters=[PageQuerySerializer],
        responses={200: GameSummaryPageSchema, **error_responses(400, 401, 403, 404)},
        summary="Public tables waiting for players",
    )
    def get(self, request):
        validated(PageQuerySerializer, request.query_params.dict())
        return _summaries(self, request, selectors.open_games())


class GameView(APIView):
    @extend_schema(
        operation_id="games_retrieve",
        responses={200: GameSchema, **error_responses(401, 403, 404)},
        summary="The game as you may see it: your hand and legal moves, and the public state",
    )
    def get(self, request, game_id: int):
        return _game_response(game_id, request.user)


class JoinView(APIView):
    @extend_schema(
        operation_id="games_join",
        request=JoinSerializer,
        responses={200: GameSchema, **error_responses(400, 401, 403, 404, 409)},
        summary="Take a seat (private tables need their invite code)",
    )
    def post(self, request, game_id: int):
        data = validated(JoinSerializer, request.data)
        services.game_join(game_id=game_id, user=request.user, **data)
        return _game_response(game_id, request.user)


class LeaveView(APIView):
    @extend_schema(
        operation_id="games_leave",
        request=None,
        responses={204: None, **error_responses(401, 403, 404, 409)},
        summary="Give up your seat before the game starts",
    )
    def post(self, request, game_id: int):
        services.game_leave(game_id=game_id, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RetakeView(APIView):
    @extend_schema(
        operation_id="games_retake",
        request=None,
        responses={200: GameSchema, **error_responses(401, 403, 404, 409)},
        summary="Take your seat back from the AI (after timeouts or leaving) while the game runs",
    )
    def post(self, request, game_id: int):
        services.seat_retake(game_id=game_id, user=request.user)
        return _game_response(game_id, request.user)


class ResignView(APIView):
    @extend_schema(
        operation_id="games_resign",
        request=None,
        responses={200: GameSchema, **error_responses(401, 403, 404, 409)},
        summary="Resign: the AI plays your seat to the end, and it counts as last place",
    )
    def post(self, request, game_id: int):
        services.game_resign(game_id=game_id, user=request.user)
        return _game_response(game_id, request.user)


class MovesView(APIView):
    throttle_scope = "moves"

    @extend_schema(
        operation_id="games_move",
        request=MoveSerializer,
        parameters=[IDEMPOTENCY_HEADER],
        responses={200: GameSchema, **error_responses(400, 401, 403, 404, 409, 429)},
        summary="Pass, play or tail-tuck; `version` must be the game's current version",
        description=(
            "Illegal moves answer 400 with the rules' reason code (`too_low`, `sets_locked`, "
            "`tuck_not_lowest`, ...); a stale `version` answers 409 `stale_version` with the "
            "current `version`."
        ),
    )
    def post(self, request, game_id: int):
        key = request.headers.get("Idempotency-Key")
        if key is not None:
            # Printable ASCII: PostgreSQL refuses some strings (a NUL byte) with an error.
            if not (1 <= len(key) <= 64 and key.isascii() and key.isprintable()):
                raise ServiceError("bad_idempotency_key", "Idempotency-Key is 1-64 characters")
            stored = _stored_response(request.user, key, game_id)
            if stored is not None:
                return stored
        data = validated(MoveSerializer, request.data)
        try:
            services.game_move(
                game_id=game_id,
                user=request.user,
                kind=data["kind"],
                cards=data.get("cards"),
                version=data["version"],
            )
        except GameError as e:
            # A concurrent twin of this request may have won; answer what it answered.
            stored = (
                key and e.code == "stale_version" and _stored_response(request.user, key, game_id)
            )
            if stored:
                return stored
            raise
        response = _game_response(game_id, request.user)
        if key is not None:
            try:
                with transaction.atomic():
                    IdempotentMove.objects.create(
                        user=request.user,
                        key=key,
                        game_id=game_id,
                        response=json.loads(JSONRenderer().render(response.data)),
                    )
            except IntegrityError:
                pass
        return response


def _stored_response(user, key: str, game_id) -> Response | None:
    stored = IdempotentMove.objects.filter(user=user, key=key).first()
    if stored is None:
        return None
    if str(stored.game_id) != str(game_id):
        raise ServiceError(
            "idempotency_key_reused",
            "this Idempotency-Key was used for another game",
            status=422,
        )
    return Response(stored.response)


class RecordView(APIView):
    @extend_schema(
        operation_id="games_record",
        responses={200: RecordSchema, **error_responses(401, 403, 404, 409)},
        summary="The barkside-record/1 record with the seed, once the game has ended",
    )
    def get(self, request, game_id: int):
        game, _ = selectors.visible_game(game_id, request.user)
        return Response(selectors.game_record(game))
