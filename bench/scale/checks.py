"""Are the seeded games real? A sample is checked three ways:

- the engine: the state rebuilt from the seed and the event log alone
  (`selectors.state_from_events`) is the stored state, and the columns that repeat it
  (seats to act, doghouses, result) agree with it;
- the write path: the same people start a twin table through `game_start_seated` and
  make the same moves through `apply_move`, each at the moment the seeded event says
  (the forced moves follow by themselves), in a transaction rolled back afterwards;
  every column of the twin's game, seats, doghouses and events must equal the seeded
  ones (but its id and invite code);
- the read path: GET /api/games/<id> as a seated person, through Django's test client,
  answers their seat, the game's version and the engine's legal moves.
"""

import contextlib
import functools
import itertools
import random
from datetime import timedelta
from unittest import mock

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.test import Client, override_settings
from rest_framework.authtoken.models import Token

from games import engine, selectors, services
from games.errors import GameError
from games.models import Doghouse, Game, GameDue, GameEvent, Seat
from games.services import Actor

SAMPLE = 20
GAME_SKIPPED = ("id", "invite_code")
SEAT_SKIPPED = ("id", "game")
EVENT_COMPARED = ("version", "seat", "kind", "actor", "move", "payload", "created")


def check_sample(
    game_ids: list[int], rng: random.Random, events_behind: timedelta, size: int = SAMPLE
) -> dict:
    """{"checked": n, "engine": agreeing, "write path": ..., "read path": ..., "problems":
    [text]} over a random sample of `game_ids`, whose event log's times are
    `events_behind` the other tables' (seed.py `UNSHIFTED`)."""
    sample = rng.sample(game_ids, min(size, len(game_ids)))
    found = {"checked": len(sample), "engine": 0, "write path": 0, "read path": 0}
    problems = []
    twin = functools.partial(_twin, events_behind=events_behind)
    for game_id in sample:
        game = Game.objects.get(pk=game_id)
        for name, check in (("engine", _engine), ("write path", twin), ("read path", _read)):
            wrong = check(game)
            found[name] += not wrong
            problems += [f"game {game_id}, {name}: {w}" for w in wrong]
    found["problems"] = problems
    return found


def _engine(game: Game) -> list[str]:
    wrong = []
    state = game.state
    if selectors.state_from_events(game) != state:
        wrong.append("the event log does not rebuild the state")
    acting = set(engine.to_act(state)) if game.status == Game.Status.ACTIVE else set()
    if {s.number for s in game.seats.all() if s.to_act} != acting:
        wrong.append("Seat.to_act differs from the state")
    doghouses = dict(Doghouse.objects.filter(game=game).values_list("seat", "cards"))
    if [doghouses.get(n, []) for n in range(game.players)] != state["doghouses"]:
        wrong.append("the doghouse rows differ from the state")
    if game.result != state["result"]:
        wrong.append("Game.result differs from the state")
    return wrong


@contextlib.contextmanager
def _at(moment):
    with mock.patch("django.utils.timezone.now", return_value=moment):
        yield


def _twin(game: Game, events_behind: timedelta) -> list[str]:
    events = list(game.events.order_by("version"))
    seats = list(game.seats.order_by("number"))
    with transaction.atomic():
        with _at(events[0].created + events_behind):
            twin = services.game_start_seated(
                seats=[{"user_id": s.user_id} for s in seats], time_per_move=game.time_per_move
            )
        # The twin is dealt from the seeded game's seed: the only row it starts with that
        # does not come from the write path.
        dealt = engine.new_game(game.players, game.seed, game.engine_deck)
        Game.objects.filter(pk=twin.pk).update(
            seed=game.seed, seed_sha256=game.seed_sha256, state=dealt
        )
        try:
            for event in events[1:]:
                if event.actor != "player":
                    continue
                with _at(event.created + events_behind):
                    version = Game.objects.values_list("version", flat=True).get(pk=twin.pk)
                    services.apply_move(twin.pk, Actor("player", event.seat), event.move, version)
        except GameError as e:
            wrong = [f"the write path refused move {event.version}: {e.code}"]
        else:  # its log to the seeded log's times, as the seeding left it (seed.py)
            GameEvent.objects.filter(game=twin).update(created=F("created") - events_behind)
            wrong = _differences(game, Game.objects.get(pk=twin.pk))
        transaction.set_rollback(True)
    return wrong


def _differences(game: Game, twin: Game) -> list[str]:
    wrong = [
        f"Game.{f.name}: seeded {getattr(game, f.attname)!r}, written {getattr(twin, f.attname)!r}"
        for f in Game._meta.concrete_fields
        if f.name not in GAME_SKIPPED and getattr(game, f.attname) != getattr(twin, f.attname)
    ]
    for mine, theirs in zip(
        game.seats.order_by("number"), twin.seats.order_by("number"), strict=True
    ):
        wrong += [
            f"seat {mine.number} {f.name}: seeded {getattr(mine, f.attname)!r}, "
            f"written {getattr(theirs, f.attname)!r}"
            for f in Seat._meta.concrete_fields
            if f.name not in SEAT_SKIPPED and getattr(mine, f.attname) != getattr(theirs, f.attname)
        ]
    if _doghouses(game) != _doghouses(twin):
        wrong.append("the doghouse rows differ")
    due = {
        g: GameDue.objects.filter(game=g).values_list("at", flat=True).first() for g in (game, twin)
    }
    if due[game] != due[twin]:
        wrong.append(f"GameDue.at: seeded {due[game]!r}, written {due[twin]!r}")
    seeded, written = _events(game), _events(twin)
    if seeded != written:
        pairs = itertools.zip_longest(seeded, written)
        first = next((a, b) for a, b in pairs if a != b)
        wrong.append(f"events differ (of {len(seeded)} seeded, {len(written)} written): {first}")
    return wrong


def _doghouses(game: Game) -> list:
    return list(
        Doghouse.objects.filter(game=game).order_by("seat").values_list("seat", "cards", "kinds")
    )


def _events(game: Game) -> list:
    return list(
        GameEvent.objects.filter(game=game).order_by("version").values_list(*EVENT_COMPARED)
    )


def _read(game: Game) -> list[str]:
    seat = game.seats.order_by("number").first()
    token, _ = Token.objects.get_or_create(user_id=seat.user_id)
    client = Client(headers={"Authorization": f"Token {token.key}"})
    with override_settings(ALLOWED_HOSTS=[*settings.ALLOWED_HOSTS, "testserver"]):
        response = client.get(f"/api/games/{game.pk}", secure=True)
    if response.status_code != 200:
        return [f"GET answered {response.status_code}"]
    body = response.json()
    wrong = []
    if body["your_seat"] != seat.number or body["version"] != game.version:
        wrong.append(f"seat {body['your_seat']} version {body['version']}")
    legal = engine.legal_moves(game.state, seat.number) if seat.to_act else []
    if body["view"]["legal_moves"] != legal:
        wrong.append("the view's legal moves differ from the engine's")
    return wrong
