"""Seeding people, their push subscriptions and N running games, through COPY.

Each person holds 1 to 20 running games (the game limit); the first few hold 20 each:
the `home` people, whose home list is measured. Every person has one push subscription
whose endpoint is 127.0.0.1 on a port nothing listens on, so a push that goes out is
refused on this machine and never reaches a push service. The rows are the models'
own (their defaults fill the columns seeding does not set), written by COPY in batches.

A database seeded before for the same N is reused: every time in the games' and
notifications' tables moves forward by the time since it was seeded, so the turns stand
where they stood then (a database kept for a day would otherwise have every turn over).
A fresh seeding ends the same way, moved on by its own length: its games were played out
to the moment it began (a million take an hour, longer than the turns' last minutes).
The event log's times are left as they are (`UNSHIFTED`).
"""

import base64
import random
import socket
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.db import DEFAULT_DB_ALIAS, connection, connections, models
from django.utils import timezone
from rest_framework.authtoken.models import Token

from barkside import jsontext
from games.due import due
from games.models import GAME_IDS, Doghouse, Game, GameDue, GameEvent, Seat
from games.selectors import GAME_LIMIT_BASE
from notifications.models import PushSubscription

from .playout import PLAYERS, play_out

BATCH = 2000  # games per round of COPYs
HOME_PEOPLE = 10
PUSH_PORT = 9  # discard: nothing listens there (checked before seeding)
PUSH_SERVICE = f"https://127.0.0.1:{PUSH_PORT}"  # the seeded endpoints' service
MARKER = "bench_scale_seeded"
SHIFTED_PREFIXES = ("games_", "notifications_")
# The event log is history: it stays at the times it was seeded with, and the sample
# check reads it `events_behind` later (a shift rewrote every one of its tens of millions
# of rows, and left as many dead).
UNSHIFTED = {"games_gameevent"}


@dataclass
class Seeding:
    games: int
    people: int
    home: list[int]  # people with GAME_LIMIT_BASE games each (fewer if N is small)
    seconds: float = 0.0
    rows: int = 0
    moves: int = 0  # events after the starts
    reused: bool = False
    shifted: timedelta = field(default_factory=timedelta)
    events_behind: timedelta = field(default_factory=timedelta)  # the event log's times


def endpoint(username: str) -> str:
    return f"{PUSH_SERVICE}/push/{username}"


def seeded(games: int, write, rng_seed: int = 1) -> Seeding:
    """The database holding `games` seeded games: reused if it does, else seeded now."""
    if connection.vendor != "postgresql":
        raise CommandError("bench scale seeds PostgreSQL only (set DATABASE_URL)")
    _check_nothing_listens()
    marker = _marker()
    held = Game.objects.count()
    if marker and marker[0] == games == held:
        return _reused(marker)
    if held or get_user_model().objects.exists():
        raise CommandError(
            f"the database holds {held} games and people not seeded for --games {games}: "
            "seed into a fresh database"
        )
    return _seed(games, write, random.Random(rng_seed))


def _check_nothing_listens() -> None:
    with socket.socket() as s:
        s.settimeout(1.0)
        if s.connect_ex(("127.0.0.1", PUSH_PORT)) == 0:
            raise CommandError(f"something listens on 127.0.0.1:{PUSH_PORT}: the fake push port")


def _seed(games: int, write, rng: random.Random) -> Seeding:
    began = time.perf_counter()
    now = timezone.now()
    counts = _games_per_person(games, rng)
    user_ids = _ids(get_user_model(), len(counts))
    most = max(counts)
    home = [u for u, n in zip(user_ids, counts, strict=True) if n == most][:HOME_PEOPLE]
    rows = _people(user_ids, now)
    tokens = [{"key": Token.generate_key(), "user_id": u, "created": now} for u in home]
    rows += _copy(Token, tokens, with_pk=True)
    slots = _slots(user_ids, counts, rng)
    seeding = Seeding(games=games, people=len(user_ids), home=home)
    # A game's id is drawn, not taken from a sequence (games/models.py): drawn here from
    # the same range, all distinct, from the seeding's own random numbers.
    game_ids = rng.sample(range(*GAME_IDS), games)
    for start in range(0, games, BATCH):
        ids = game_ids[start : start + BATCH]
        played = []
        for i, game_id in enumerate(ids):
            g = start + i
            users = [slots[g + k * games] for k in range(PLAYERS)]
            users = users[g % PLAYERS :] + users[: g % PLAYERS]  # nobody always sits first
            played.append(play_out(rng, game_id, users, now))
        rows += _copy(Game, [p.game for p in played], with_pk=True)
        rows += _copy(Seat, [_columns(s) for p in played for s in p.seats])
        rows += _copy(Doghouse, [d for p in played for d in p.doghouses])
        rows += _copy(GameEvent, [e for p in played for e in p.events])
        rows += _copy(
            GameDue, [{"game_id": p.game["id"], "at": _due(p)} for p in played], with_pk=True
        )
        seeding.moves += sum(len(p.events) - 1 for p in played)
        done = start + len(ids)
        if done % (50 * BATCH) == 0 or done == games:
            rate = done / (time.perf_counter() - began)
            write(f"  seeded {done} of {games} games ({rate:.0f} games/s)")
    _mark(seeding, now)
    seeding.events_behind = _shift(timezone.now() - now)
    seeding.rows, seeding.seconds = rows, time.perf_counter() - began
    return seeding


def _due(played) -> datetime | None:
    """The game's due time for the sweeper, as the commit stores it (games/due.py)."""
    return due(Game(**played.game), played.seats)


def _games_per_person(games: int, rng: random.Random) -> list[int]:
    """Running games of each person: the first HOME_PEOPLE at the limit, the others 1 to
    the limit, summing to the seats of `games` games. Nobody holds more than `games`
    (a person sits once at a table)."""
    most = min(GAME_LIMIT_BASE, games)
    counts, seats = [], PLAYERS * games
    while seats > 0:
        n = most if len(counts) < HOME_PEOPLE else rng.randint(1, most)
        counts.append(min(n, seats))
        seats -= counts[-1]
    return counts


def _slots(user_ids: list[int], counts: list[int], rng: random.Random) -> list[int]:
    """Each person repeated once per game, their games side by side, the people in a
    random order. Game g takes slots g, g+N and g+2N: a person's games lie within N
    slots of each other, so no table seats anybody twice."""
    blocks = [[u] * n for u, n in zip(user_ids, counts, strict=True)]
    rng.shuffle(blocks)
    return [u for block in blocks for u in block]


def _people(user_ids: list[int], now: datetime) -> int:
    key, auth = _push_keys()
    rows = 0
    user = get_user_model()
    for start in range(0, len(user_ids), 10 * BATCH):
        part = user_ids[start : start + 10 * BATCH]
        names = {u: f"sc{u}" for u in part}
        people = [
            {"id": u, "username": names[u], "password": "!", "date_joined": now} for u in part
        ]
        rows += _copy(user, people, with_pk=True)
        subscriptions = [
            {
                "user_id": u,
                "endpoint": endpoint(names[u]),
                "p256dh": key,
                "auth": auth,
                "created": now,
            }
            for u in part
        ]
        rows += _copy(PushSubscription, subscriptions)
    return rows


def _push_keys() -> tuple[str, str]:
    """A browser's subscription keys (one P-256 point and auth secret for everybody): a
    push is encrypted as for a phone before its connection is refused."""
    point = (
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    return _b64(point), _b64(random.randbytes(16))


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _ids(model, count: int) -> list[int]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)",
            [model._meta.db_table, count],
        )
        return [row[0] for row in cursor.fetchall()]


def _copy(model, rows: list[dict], with_pk: bool = False) -> int:
    """COPY rows, each its columns by attribute name; every other concrete column takes
    the model's default (a column added later gets what a new row would). The primary
    key too if `with_pk`. JSON goes as orjson writes it, the rest as psycopg adapts it."""
    if not rows:
        return 0
    fields = [f for f in model._meta.concrete_fields if with_pk or not f.primary_key]
    convert = [_converter(f) for f in fields]
    defaults = [_default(f) for f in fields]
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    sql = f"COPY {connection.ops.quote_name(model._meta.db_table)} ({columns}) FROM STDIN"
    names = [f.attname for f in fields]
    with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        for row in rows:
            copy.write_row(
                [
                    c(row[n]) if n in row else d()
                    for n, c, d in zip(names, convert, defaults, strict=True)
                ]
            )
    return len(rows)


def _columns(obj) -> dict:
    """A model instance's concrete columns by attribute name."""
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


PLAIN = (
    models.IntegerField,
    models.CharField,
    models.TextField,
    models.BooleanField,
    models.DateTimeField,
    models.ForeignKey,
)


def _converter(field):
    if isinstance(field, models.JSONField):
        return lambda value: None if value is None else jsontext.dumps(value)
    if isinstance(field, PLAIN):
        return lambda value: value
    real = connections[DEFAULT_DB_ALIAS]
    return lambda value: field.get_db_prep_save(value, real)


def _default(field):
    """A function giving the field's default, in the form COPY takes."""
    convert = _converter(field)
    if field.has_default() and callable(field.default):
        return lambda: convert(field.default())
    value = convert(field.get_default())
    return lambda: value


# --- reuse ----------------------------------------------------------------------------


def _marker() -> tuple[int, int, datetime, list[int]] | None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass(%s)", [MARKER])
        if cursor.fetchone()[0] is None:
            return None
        cursor.execute(
            f"ALTER TABLE {MARKER} ADD COLUMN IF NOT EXISTS events_behind interval "
            "NOT NULL DEFAULT '0'"
        )
        cursor.execute(f"SELECT games, people, seeded_at, home FROM {MARKER}")
        return cursor.fetchone()


def _mark(seeding: Seeding, now: datetime) -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TABLE IF NOT EXISTS {MARKER} (games integer, people integer, "
            "seeded_at timestamptz, home bigint[], events_behind interval NOT NULL DEFAULT '0')"
        )
        cursor.execute(f"DELETE FROM {MARKER}")
        cursor.execute(
            f"INSERT INTO {MARKER} (games, people, seeded_at, home) VALUES (%s, %s, %s, %s)",
            [seeding.games, seeding.people, now, seeding.home],
        )


def _reused(marker) -> Seeding:
    games, people, seeded_at, home = marker
    began = time.perf_counter()
    shift = timezone.now() - seeded_at
    events_behind = _shift(shift)
    return Seeding(
        games=games,
        people=people,
        home=list(home),
        seconds=time.perf_counter() - began,
        reused=True,
        shifted=shift,
        events_behind=events_behind,
    )


def _shift(shift: timedelta) -> timedelta:
    """Every time of the games' and notifications' tables but the event log's `shift`
    later, as if `shift` had not passed; how far the event log's times now lag."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND data_type = 'timestamp with time zone'"
        )
        columns: dict[str, list[str]] = {}
        for table, column in cursor.fetchall():
            if table.startswith(SHIFTED_PREFIXES) and table not in UNSHIFTED:
                columns.setdefault(table, []).append(column)
        for table, names in sorted(columns.items()):
            sets = ", ".join(f"{n} = {n} + %s" for n in names)
            cursor.execute(f"UPDATE {table} SET {sets}", [shift] * len(names))
        cursor.execute(
            f"UPDATE {MARKER} SET seeded_at = seeded_at + %s, "
            "events_behind = events_behind + %s RETURNING events_behind",
            [shift, shift],
        )
        return cursor.fetchone()[0]


def settle_past_pushes() -> int:
    """Leave the planned reminders as a site that ran all along has them: every slot
    whose time has passed pushed (a `ReminderSent` row) and each plan due at its next
    slot, so the runs measured after seeding do only what falls due from now, not the
    backlog of a million turns' first pushes at once. Seeded turns are a day long and
    their people keep no quiet hours: the slots are schedule.reminder_times' three.
    How many slots were settled."""
    slots = (
        "(VALUES ('start', p.started), ('half', p.started + (p.deadline - p.started) / 2), "
        "('last_hour', p.deadline - interval '1 hour')) AS s(slot, at)"
    )
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO notifications_remindersent (user_id, game_id, deadline, slot, created) "
            f"SELECT p.user_id, p.game_id, p.deadline, s.slot, now() "
            f"FROM notifications_plannedreminder p CROSS JOIN LATERAL {slots} "
            "WHERE s.at <= now() ON CONFLICT DO NOTHING"
        )
        settled = cursor.rowcount
        cursor.execute(
            f"UPDATE notifications_plannedreminder p SET due = (SELECT min(s.at) FROM {slots} "
            "WHERE s.at > now()) WHERE p.deadline - interval '1 hour' > now()"
        )
        cursor.execute(
            "DELETE FROM notifications_plannedreminder WHERE deadline - interval '1 hour' <= now()"
        )
    return settled
