"""Games in the moderators' dashboard: tables, seats, doghouses and the event log, read-only.

Nobody edits a game here, superusers included: a game moves only through the one write
path (games/services.py), and moderators act on it through the moderation actions (the
games list has one: abort, with a reason, logged). While a
game runs the pages show what a spectator sees (`engine.view(state, None)`) and the public
event payloads - a moderator may be seated at the table, so a hand, a pass or the seed
must not reach them. Once it has ended they show the full record and a step-by-step replay.
"""

import json

from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from barkside.admin import DeclaredFiltersOnly
from games import engine, selectors
from games.errors import GameError
from games.models import Doghouse, Game, GameEvent, PlayerSettings, Seat, Vacation
from moderation import services as moderation
from moderation.admin import ModeratorsOnly, with_reason

ENDED = (Game.Status.FINISHED, Game.Status.ABORTED)


def _json(data) -> str:
    return format_html("<pre>{}</pre>", json.dumps(data, indent=1, default=str))


class ModeratorsLook(ModeratorsOnly):
    """Moderators (and superusers) may look, and nobody may change or delete anything."""

    actions = None  # not even delete_selected

    def has_change_permission(self, request, obj=None):
        return False


class LookOnlyInline(admin.TabularInline):
    extra = 0
    max_num = 0
    can_delete = False

    def has_view_permission(self, request, obj=None):
        return moderation.can_moderate(request.user)

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SeatInline(LookOnlyInline):
    model = Seat
    fields = readonly_fields = ["number", "user", "ai_level", "state", "to_act", "timeouts"]


class DoghouseInline(LookOnlyInline):
    model = Doghouse
    fields = readonly_fields = ["seat", "kinds", "cards"]


class GameEventInline(LookOnlyInline):
    model = GameEvent
    verbose_name_plural = "event log"
    fields = readonly_fields = ["version", "seat", "kind", "actor", "payload", "move_once_ended"]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("game")

    @admin.display(description="move")
    def move_once_ended(self, event):
        # `move` names a pass's cards: private until the game is over.
        if event.game.status not in ENDED:
            return "(shown when the game ends)"
        return json.dumps(event.move) if event.move is not None else "-"


@with_reason("Abort the game (no result, no rating change)")
def abort(game, moderator, reason, until):
    moderation.game_abort(moderator=moderator, game=game, reason=reason)


@admin.register(Game)
class GameAdmin(ModeratorsLook, admin.ModelAdmin):
    actions = [abort]  # the one way a moderator changes a game, logged with its reason
    list_display = [
        "id",
        "status",
        "players",
        "deck",
        "rated",
        "private",
        "version",
        "turn_deadline",
        "last_move",
        "created",
    ]
    list_filter = ["status", "players", "rated", "private", "time_per_move"]
    search_fields = ["id__exact", "seats__user__username", "invite_code__exact"]
    date_hierarchy = "created"
    # `state` and `seed` are left out on purpose: see public_view, record and seed_once_ended.
    fieldsets = [
        (
            None,
            {
                "fields": [
                    "status",
                    "creator",
                    "players",
                    "deck",
                    "time_per_move",
                    "rated",
                    "private",
                    "invite_code",
                    "version",
                    "result",
                ]
            },
        ),
        ("Times", {"fields": ["created", "started", "ended", "last_move", "turn_deadline"]}),
        (
            "Table",
            {"fields": ["seed_sha256", "seed_once_ended", "public_view", "record", "replay"]},
        ),
    ]
    readonly_fields = [name for _, options in fieldsets for name in options["fields"]]
    inlines = [SeatInline, DoghouseInline, GameEventInline]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("seats__user")

    @admin.display(description="seed")
    def seed_once_ended(self, game):
        return game.seed if game.status in ENDED else "(shown when the game ends)"

    @admin.display(description="public view (what a spectator sees)")
    def public_view(self, game):
        if game.status in ENDED:
            return "(the game has ended: see its record and replay)"
        return _json(selectors.game_view(game, None))

    @admin.display(description="record")
    def record(self, game):
        if game.status not in ENDED:
            return "(published when the game ends)"
        try:
            return _json(selectors.game_record(game))
        except GameError:
            return "(none: the game never started)"

    @admin.display(description="replay")
    def replay(self, game):
        if game.status not in ENDED or game.state is None:
            return "(when the game has ended)"
        url = reverse("admin:games_game_replay", args=[game.pk])
        return format_html('<a href="{}">Replay the game move by move</a>', url)

    def get_urls(self):
        replay = path(
            "<path:object_id>/replay/",
            self.admin_site.admin_view(self.replay_view),
            name="games_game_replay",
        )
        return [replay, *super().get_urls()]

    def replay_view(self, request, object_id):
        game = self.get_object(request, unquote(object_id))
        if game is None:
            raise Http404("no such game")
        if not self.has_view_permission(request, game):
            raise PermissionDenied
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "original": game,
            "title": f"Replay of game {game.pk}",
        }
        if game.status not in ENDED or game.state is None:
            # A running game's moves would show its hands: only its public view is shown.
            context["refusal"] = (
                "This game is still running: its replay is shown once it has ended."
                if game.status not in ENDED
                else "This game never started: there is nothing to replay."
            )
            return TemplateResponse(request, "admin/games/game/replay.html", context, status=404)
        record = selectors.game_record(game)
        context.update(replay_context(game, record, request.GET.get("step")))
        return TemplateResponse(request, "admin/games/game/replay.html", context)


# --- the replay of an ended game -------------------------------------------------------------


def record_moves(record: dict) -> list[dict]:
    """Every move of a record in play order: each round's passes (by seat), then its plays.

    Passes are simultaneous, so seat order rebuilds the same table as the real order did.
    """
    moves = []
    for number, rnd in enumerate(record["rounds"], start=1):
        for seat, cards in enumerate(rnd["passes"]):
            if cards is not None:
                moves.append({"round": number, "seat": seat, "kind": "pass", "cards": cards})
        for entry in rnd["moves"]:
            kind = "play" if "play" in entry else "tuck"
            moves.append(
                {"round": number, "seat": entry["seat"], "kind": kind, "cards": entry[kind]}
            )
    return moves


def replay_context(game: Game, record: dict, step) -> dict:
    """The table after `step` moves of the record, re-played through the engine."""
    moves = record_moves(record)
    try:
        step = min(max(int(step), 0), len(moves))
    except (TypeError, ValueError):
        step = 0
    # The record's seed deals every round again, as the engine dealt them during the game.
    state = engine.new_game(record["players"], record["seed"], game.engine_deck)
    events, fault = [], None
    for number, move in enumerate(moves[:step], start=1):
        try:
            state, events = engine.apply(state, {k: move[k] for k in ("seat", "kind", "cards")})
        except engine.IllegalMove as e:
            fault, step = f"move {number} is refused by the rules: {e}", number - 1
            break
    return {
        "step": step,
        "steps": len(moves),
        "move": moves[step - 1] if step else None,
        "events": [json.dumps(event) for event in events],
        "fault": fault,
        "table": table_of(state, record["seats"]),
        **verdict(game, record),
    }


def table_of(state: dict, names: list[str]) -> dict:
    """The spectator's table (the engine's public view) with every hand and pass added:
    for ended games only."""
    public = engine.view(state, None)
    rounds = state["rounds"]
    passes = rounds[-1]["passes"] if rounds else [None] * state["players"]
    return {
        **public,
        "seats": [
            {
                "number": seat,
                "name": name,
                "hand": state["hands"][seat],
                "passed": passes[seat],
                "doghouse": public["doghouses"][seat],
                "kinds": public["kinds"][seat],
                "to_act": seat in public["to_act"],
            }
            for seat, name in enumerate(names)
        ],
    }


def verdict(game: Game, record: dict) -> dict:
    """Whether the record is a valid game, and whether the event log rebuilds the state."""
    try:
        engine.from_record(record)
        record_fault = None
    except engine.RecordError as e:
        record_fault = str(e)
    try:
        log_rebuilds = selectors.state_from_events(game) == game.state
    except engine.IllegalMove:
        log_rebuilds = False
    return {
        "record_valid": record_fault is None,
        "record_fault": record_fault,
        "log_ok": log_rebuilds,
    }


@admin.register(Seat)
class SeatAdmin(ModeratorsLook, admin.ModelAdmin):
    list_display = [
        "game",
        "number",
        "user",
        "ai_level",
        "state",
        "to_act",
        "timeouts",
        "deadline",
        "reserve",
        "away_until",
    ]
    list_filter = ["state", "ai_level"]
    search_fields = ["user__username", "game__id__exact"]
    list_select_related = ["game", "user"]
    fields = readonly_fields = list_display


@admin.register(Doghouse)
class DoghouseAdmin(ModeratorsLook, admin.ModelAdmin):
    list_display = ["game", "seat", "kinds", "cards"]
    list_filter = ["kinds"]
    search_fields = ["game__id__exact"]
    list_select_related = ["game"]
    fields = readonly_fields = list_display


@admin.register(PlayerSettings)
class PlayerSettingsAdmin(DeclaredFiltersOnly, admin.ModelAdmin):
    """A player's vacation allowance, which staff with the permission set (superusers)."""

    list_display = ["user", "vacation_days", "forced_moves_correspondence", "forced_moves_live"]
    search_fields = ["user__username"]
    raw_id_fields = ["user"]


@admin.register(Vacation)
class VacationAdmin(ModeratorsLook, admin.ModelAdmin):
    list_display = ["user", "started", "until", "ended"]
    search_fields = ["user__username"]
    list_select_related = ["user"]
    fields = readonly_fields = list_display
