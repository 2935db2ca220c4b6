"""INSERT, upsert and UPDATE statements built once per process, for rows a move writes.

Django compiles a statement's SQL anew on each `create()`, `save()` or `update()`; for the
rows a move writes (the game's compare-and-set, its event, its seats' clocks, the reply
kept under an idempotency key) that cost more of the web process's CPU than the database
spent running them (py-spy under `bench load`). Here the SQL is built once per model,
columns and database, and each value is prepared as Django prepares it (`pre_save`, which
fills `auto_now_add`, then `get_db_prep_save`), so the rows written are the same. Errors
come through Django's cursor, as `django.db.IntegrityError` and the like.

`together()` sends the statements run in it at once and takes their answers in one
round trip, where Django waits for each: a move's compare-and-set, its event and its
seats' clocks. Under a crowd each round trip also waits for the CPU, twice, with the
move's row lock held.
"""

import contextlib
from collections.abc import Callable

import psycopg
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model


@contextlib.contextmanager
def together(using: str = DEFAULT_DB_ALIAS):
    """The statements run in the block are sent without waiting for each answer, and
    answered at its end, in one round trip (psycopg's pipeline mode, on PostgreSQL;
    elsewhere each runs as it comes). So nothing in the block may need an answer before
    its end (an `update` is counted after it; rows fetched cost a round trip of their
    own), and an error is raised at its end at the latest. A transaction's BEGIN, if it
    is still to be sent, goes on its own: psycopg waits for it."""
    connection = connections[using]
    if connection.vendor != "postgresql" or not psycopg.Pipeline.is_supported():
        yield
        return
    connection.ensure_connection()
    with connection.wrap_database_errors, connection.connection.pipeline():
        yield


_built: dict[tuple, tuple[str, list]] = {}  # (kind, model, database, shape...) -> SQL, fields


def insert(instance: Model, using: str = DEFAULT_DB_ALIAS) -> None:
    """INSERT `instance` as `save()` would (a new row), without reading its key back."""
    meta = instance._meta
    connection = connections[using]
    key = ("insert", meta.label, using)
    if key not in _built:
        fields = [f for f in meta.local_concrete_fields if f is not meta.auto_field]
        quote = connection.ops.quote_name
        sql = "INSERT INTO {} ({}) VALUES ({})".format(
            quote(meta.db_table),
            ", ".join(quote(f.column) for f in fields),
            ", ".join(["%s"] * len(fields)),
        )
        _built[key] = sql, fields
    sql, fields = _built[key]
    values = [f.get_db_prep_save(f.pre_save(instance, True), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)


def upsert(instance: Model, using: str = DEFAULT_DB_ALIAS) -> None:
    """INSERT `instance`, or if a row has its primary key, UPDATE that row to its values."""
    meta = instance._meta
    connection = connections[using]
    key = ("upsert", meta.label, using)
    if key not in _built:
        fields = list(meta.local_concrete_fields)
        quote = connection.ops.quote_name
        sql = "INSERT INTO {} ({}) VALUES ({}) ON CONFLICT ({}) DO UPDATE SET {}".format(
            quote(meta.db_table),
            ", ".join(quote(f.column) for f in fields),
            ", ".join(["%s"] * len(fields)),
            quote(meta.pk.column),
            ", ".join(
                f"{quote(f.column)} = EXCLUDED.{quote(f.column)}"
                for f in fields
                if not f.primary_key
            ),
        )
        _built[key] = sql, fields
    sql, fields = _built[key]
    values = [f.get_db_prep_save(f.pre_save(instance, True), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)


def update(
    model: type[Model], where: dict, values: dict, using: str = DEFAULT_DB_ALIAS
) -> Callable[[], int]:
    """UPDATE the rows of `model` whose fields equal `where` to `values` (plain values,
    by field name). How many rows changed is the answer of the function returned: in a
    `together()` block, ask it after the block's end, where the answer comes."""
    meta = model._meta
    connection = connections[using]
    key = ("update", meta.label, using, tuple(values), tuple(where))
    if key not in _built:
        targets = [meta.get_field(name) for name in values]
        conditions = [meta.pk if name == "pk" else meta.get_field(name) for name in where]
        quote = connection.ops.quote_name
        sql = "UPDATE {} SET {} WHERE {}".format(
            quote(meta.db_table),
            ", ".join(f"{quote(f.column)} = %s" for f in targets),
            " AND ".join(f"{quote(f.column)} = %s" for f in conditions),
        )
        _built[key] = sql, targets + conditions
    sql, fields = _built[key]
    given = [*values.values(), *where.values()]
    params = [f.get_db_prep_save(v, connection) for f, v in zip(fields, given, strict=True)]
    cursor = connection.cursor()  # open until counted: a pipeline's answer comes at its end
    try:
        cursor.execute(sql, params)
    except BaseException:
        cursor.close()
        raise

    def counted() -> int:
        with cursor:
            return cursor.rowcount

    return counted


def update_rows(instances: list[Model], fields: list[str], using: str = DEFAULT_DB_ALIAS) -> None:
    """UPDATE `fields` of each of `instances` (rows of one model) to the values they hold,
    in one statement.

    `bulk_update` builds a CASE WHEN per field and row through Django's expressions, a
    large part of a move's CPU in the web process; on PostgreSQL the
    same one UPDATE is written from a VALUES list instead, each value cast to its column's
    type (a column of NULLs would be text otherwise). Other databases get `bulk_update`.
    """
    model = type(instances[0])
    connection = connections[using]
    if connection.vendor != "postgresql":
        model._base_manager.using(using).bulk_update(instances, fields)
        return
    meta = model._meta
    key = ("update_rows", meta.label, using, tuple(fields), len(instances))
    if key not in _built:  # written once: the casts alone cost a move more than its store
        columns = [meta.get_field(name) for name in fields]
        quote = connection.ops.quote_name
        row = "(%s, " + ", ".join(f"%s::{c.db_type(connection)}" for c in columns) + ")"
        sql = "UPDATE {} AS t SET {} FROM (VALUES {}) AS v({}) WHERE t.{pk} = v.{pk}".format(
            quote(meta.db_table),
            ", ".join(f"{quote(c.column)} = v.{quote(c.column)}" for c in columns),
            ", ".join([row] * len(instances)),
            ", ".join(quote(c.column) for c in [meta.pk, *columns]),
            pk=quote(meta.pk.column),
        )
        _built[key] = sql, columns
    sql, columns = _built[key]
    params = []
    for instance in instances:
        params.append(instance.pk)
        params += [c.get_db_prep_save(getattr(instance, c.attname), connection) for c in columns]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
