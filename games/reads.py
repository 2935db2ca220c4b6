"""A game with its seats, their people and their game settings, in one statement written
once per process.

Every move reads its game this way, locked, and every socket's first view unlocked. As
a queryset (the game, then its seats prefetched with their people) that was two round
trips and most of a move's CPU in the web process: Django compiles a queryset's SQL
anew each time (resolving fields, joins and orderings), which cost more than running
it. Here the SQL is built from the models' fields once, the rows come back through the
same converters a queryset applies, and the objects are what `selectors.with_seats`
gives: `game.seats.all()` is the seats by number, each with its `user` (or None) in
memory, and each user with their `game_settings` (PlayerSettings, or none: the
defaults), which a move asks for whenever a seat is left a single legal move (forced
moves, `selectors.forced_moves_on`).
"""

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, connections

from barkside.adapters import django_orm
from games.models import Game, PlayerSettings, Seat

# A seat's `user`, and a user's `game_settings` (the reverse one-to-one), kept in memory.
_keep_user = django_orm.related_setter(Seat.user.field)
_keep_game_settings = django_orm.related_setter(PlayerSettings.user.field.remote_field)

_statements: dict[tuple[str, bool], "_Statement"] = {}  # (database alias, lock) -> SQL


class _Statement:
    """The SQL for one database and lock mode, and how to turn its rows into objects."""

    def __init__(self, alias: str, lock: bool):
        connection = connections[alias]
        quote = connection.ops.quote_name
        self.models = (Game, Seat, get_user_model(), PlayerSettings)
        self.parts = []  # per model: (start, end) in the row, and its converters
        columns, start = [], 0
        for model, table in zip(self.models, ("g", "s", "u", "p"), strict=True):
            fields = model._meta.concrete_fields
            columns += [f"{table}.{quote(f.column)}" for f in fields]
            converters = django_orm.row_converters(model, fields, table, alias)
            self.parts.append((start, start + len(fields), converters))
            start += len(fields)
        seat, user, chosen = Seat._meta, get_user_model()._meta, PlayerSettings._meta
        self.sql = (
            f"SELECT {', '.join(columns)} FROM {quote(Game._meta.db_table)} g"
            f" LEFT JOIN {quote(seat.db_table)} s"
            f" ON s.{quote(seat.get_field('game').column)} = g.{quote(Game._meta.pk.column)}"
            f" LEFT JOIN {quote(user.db_table)} u"
            f" ON u.{quote(user.pk.column)} = s.{quote(seat.get_field('user').column)}"
            f" LEFT JOIN {quote(chosen.db_table)} p"
            f" ON p.{quote(chosen.get_field('user').column)} = u.{quote(user.pk.column)}"
            f" WHERE g.{quote(Game._meta.pk.column)} = %s"
            f" ORDER BY s.{quote(seat.get_field('number').column)}"
        )
        # Only the game's row is locked: its seats change only under that lock.
        features = connection.features
        if lock and features.has_select_for_update:
            self.sql += " FOR UPDATE OF g" if features.has_select_for_update_of else " FOR UPDATE"

    def instance(self, part: int, row, connection):
        start, end, converters = self.parts[part]
        values = list(row[start:end])
        if values[0] is None:  # no key (the first column): no seat, or a seat without user
            return None
        for position, (functions, expression) in converters:
            for function in functions:
                values[position] = function(values[position], expression, connection)
        return self.models[part].from_db(connection.alias, None, values)


_ID_TYPE = Game._meta.pk.get_internal_type()


def game_with_seats(game_id, *, lock: bool = False, using: str = DEFAULT_DB_ALIAS) -> Game | None:
    """The game `game_id` with its seats (by number) and their people, or None; `lock`
    locks the game's row until the transaction ends (where the database can)."""
    connection = connections[using]
    low, high = connection.ops.integer_field_range(_ID_TYPE)
    if not low <= game_id <= high:  # no such row, and SQLite could not even be asked
        return None
    statement = _statements.get((using, lock))
    if statement is None:
        statement = _statements[(using, lock)] = _Statement(using, lock)
    with connection.cursor() as cursor:
        cursor.execute(statement.sql, [game_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    game = statement.instance(0, rows[0], connection)
    seats = []
    for row in rows:
        seat = statement.instance(1, row, connection)
        if seat is not None:
            user = statement.instance(2, row, connection)
            if user is not None:  # no settings row: None, which reads as the defaults
                _keep_game_settings(user, statement.instance(3, row, connection))
            _keep_user(seat, user)
            seats.append(seat)
    return with_seats(game, seats)


def with_seats(game: Game, seats: list[Seat]) -> Game:
    """`game` with `seats` as its seats in memory: `game.seats.all()` asks nothing."""
    # What prefetch_related leaves, a queryset with its results in memory, but without
    # references back to the game (prefetch_related's holds the game, and each seat it as
    # its `game`): the game and its state, every round's moves, are freed as soon as the
    # move or view that read it is done, rather than left to the garbage collector.
    django_orm.set_prefetched(game, "seats", Seat.objects.all(), seats, game_id=game.pk)
    return game
