"""The games REST API: thin views that validate, call one service and return a view."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import APIView

from barkside.renderers import RenderedJSON
from barkside.schema import error_responses
from barkside.serializers import PageQuerySerializer, validated
from games import analyses, hints, moves, reputation, selectors, services
from games.schema import (
    AnalysisSchema,
    GameRoundsSchema,
    GameSchema,
    GameSettingsSchema,
    GameSummaryPageSchema,
    HintSchema,
    RecordSchema,
)
from games.serializers import (
    AnalysisRequestSerializer,
    ExpelSerializer,
    GameCreateSerializer,
    GameListQuerySerializer,
    GameSettingsSerializer,
    JoinSerializer,
    MoveSerializer,
    VacationSerializer,
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
        responses={201: GameSchema, **error_responses(400, 401, 403, 409)},
        summary="Open a table; one whose seats are all taken (you + AI seats) starts at once",
    )
    def post(self, request):
        data = validated(GameCreateSerializer, request.data)
        game = services.game_create(user=request.user, **data)
        return _game_response(game.pk, request.user, status.HTTP_201_CREATED)


def _summaries(view: APIView, request, games, with_reputation=False) -> Response:
    paginator = GamePagination()
    page = paginator.paginate_queryset(games, request, view=view)
    last = selectors.last_actions(page)
    summaries = [selectors.game_summary(g, request.user, last.get(g.pk)) for g in page]
    if with_reputation:
        summaries = reputation.with_reputations(page, summaries)
    return paginator.get_paginated_response(summaries)


class OpenGamesView(APIView):
    @extend_schema(
        operation_id="games_open",
        parameters=[PageQuerySerializer],
        responses={200: GameSummaryPageSchema, **error_responses(400, 401, 403, 404)},
        summary="Public tables waiting for players, each person's seat with their reputation",
    )
    def get(self, request):
        validated(PageQuerySerializer, request.query_params.dict())
        return _summaries(self, request, selectors.open_games(), with_reputation=True)


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
    # A move's one budget is the moves budget, drawn in games.moves as a socket move
    # draws on it, not the budget of the user's other requests: one Redis round trip.
    throttle_classes = ()

    @extend_schema(
        operation_id="games_move",
        request=MoveSerializer,
        parameters=[IDEMPOTENCY_HEADER],
        responses={200: GameSchema, **error_responses(400, 401, 403, 404, 409, 422, 429)},
        summary="Pass, play or tail-tuck; `version` is the version of the view it was made from",
        description=(
            "Illegal moves answer 400 with the rules' reason code (`too_low`, `sets_locked`, "
            "`tuck_not_lowest`, ...). A move is stale, 409 `stale_version` with the current "
            "`version`, when anything that bears on the seat's decision changed since "
            "`version`; other seats' passes do not (see docs/architecture.md, Stale moves)."
        ),
    )
    def post(self, request, game_id: int):
        reply = moves.move_submit(
            game_id=game_id,
            user=request.user,
            fields=request.data,
            key=request.headers.get("Idempotency-Key"),
        )
        return Response(RenderedJSON(reply.text))


class RoundsView(APIView):
    @extend_schema(
        operation_id="games_rounds",
        responses={200: GameRoundsSchema, **error_responses(401, 403, 404)},
        summary="Every finished round of the game: what a view's `last_round` leaves out",
    )
    def get(self, request, game_id: int):
        game, _ = selectors.visible_game(game_id, request.user)
        return Response(selectors.game_rounds(game))


class RecordView(APIView):
    @extend_schema(
        operation_id="games_record",
        responses={200: RecordSchema, **error_responses(401, 403, 404, 409)},
        summary="The barkside-record/1 record with the seed, once the game has ended",
    )
    def get(self, request, game_id: int):
        game, _ = selectors.visible_game(game_id, request.user)
        return Response(selectors.game_record(game))


class AnalysesView(APIView):
    @extend_schema(
        operation_id="games_analyse",
        request=AnalysisRequestSerializer,
        responses={
            200: AnalysisSchema,
            202: AnalysisSchema,
            **error_responses(400, 401, 403, 404, 409, 429),
        },
        summary="Ask the coach to analyse a seat of an ended game",
        description=(
            "202 while the analysis is queued or running (read it with GET), 200 once done: "
            "asked for again, by anyone, it is the same analysis. A person has one analysis "
            "queued or running at a time (429 `analysis_busy`). Anyone who may read the "
            "record may ask: the game's players, or anyone for a public game."
        ),
    )
    def post(self, request, game_id: int):
        data = validated(AnalysisRequestSerializer, request.data)
        analysis = analyses.analysis_request(game_id=game_id, user=request.user, seat=data["seat"])
        view = analyses.analysis_view(analysis)
        done = view["status"] == "done"
        return Response(view, status=status.HTTP_200_OK if done else status.HTTP_202_ACCEPTED)


class AnalysisView(APIView):
    @extend_schema(
        operation_id="games_analysis",
        responses={200: AnalysisSchema, **error_responses(401, 403, 404)},
        summary="The coach's analysis of a seat: its status, and its marks once done",
    )
    def get(self, request, game_id: int, seat: int):
        return Response(analyses.analysis_view(analyses.analysis_of(game_id, request.user, seat)))


class HintView(APIView):
    # The user's own budget (THROTTLE_USER), as every other read: a hint costs about a
    # millisecond of `swift`, no more than drawing the game's view.
    @extend_schema(
        operation_id="games_hint",
        responses={200: HintSchema, **error_responses(401, 403, 404, 409)},
        summary="A suggested move for your seat when it is your turn (the `swift` AI's)",
        description=(
            "Only in games whose `hints` is true (unrated, with an AI seat): 403 `no_hints` "
            "otherwise. 409 `not_your_turn` while your seat has no move to make."
        ),
    )
    def get(self, request, game_id: int):
        return Response(hints.game_hint(game_id=game_id, user=request.user))


class ExpelView(APIView):
    @extend_schema(
        operation_id="games_expel",
        request=ExpelSerializer,
        responses={200: GameSchema, **error_responses(400, 401, 403, 404, 409)},
        summary="Vote to hand a seat whose deadline passed to the AI (all other players agree)",
    )
    def post(self, request, game_id: int):
        data = validated(ExpelSerializer, request.data)
        services.expel_vote(game_id=game_id, user=request.user, seat=data["seat"])
        return _game_response(game_id, request.user)


class GameSettingsView(APIView):
    @extend_schema(
        operation_id="games_settings",
        responses={200: GameSettingsSchema, **error_responses(401, 403)},
        summary="Your correspondence play: forced moves, vacation days, the game limit",
    )
    def get(self, request):
        return Response(selectors.correspondence_settings(request.user))

    @extend_schema(
        operation_id="games_settings_update",
        request=GameSettingsSerializer,
        responses={200: GameSettingsSchema, **error_responses(400, 401, 403)},
        summary="Whether your only legal move is made at once, per speed",
    )
    def patch(self, request):
        data = validated(GameSettingsSerializer, request.data)
        services.game_settings_update(user=request.user, **data)
        return Response(selectors.correspondence_settings(request.user))


class VacationView(APIView):
    @extend_schema(
        operation_id="games_vacation_start",
        request=VacationSerializer,
        responses={200: GameSettingsSchema, **error_responses(400, 401, 403, 409, 429)},
        summary="Go on vacation: the clocks of your correspondence games stop",
    )
    def post(self, request):
        data = validated(VacationSerializer, request.data)
        services.vacation_start(user=request.user, days=data.get("days"))
        return Response(selectors.correspondence_settings(request.user))

    @extend_schema(
        operation_id="games_vacation_end",
        request=None,
        responses={200: GameSettingsSchema, **error_responses(401, 403)},
        summary="Come back from vacation: your clocks run again",
    )
    def delete(self, request):
        services.vacation_end(user=request.user)
        return Response(selectors.correspondence_settings(request.user))
