"""Django's ORM internals, for objects read with SQL written once (games/reads.py) that
must behave as a queryset's: their values converted, their related objects and
prefetched querysets in memory.

Relies on (contract: tests/adapters/test_django_orm.py): `SQLCompiler.get_converters`,
`FieldCacheMixin.set_cached_value`, a QuerySet's `query.sql_with_params()` and
`_insert()`, and a QuerySet's and a model instance's `_defer_next_filter`,
`_result_cache`, `_prefetch_done` and `_prefetched_objects_cache`, as `prefetch_related`
itself sets them.
"""

from collections.abc import Callable

from django.db import connections
from django.db.models import Field, Model, QuerySet
from django.db.models.constants import OnConflict

Converters = list[tuple[int, tuple[list[Callable], object]]]  # (position, (functions, column))


def row_converters(model: type[Model], fields: list[Field], table: str, using: str) -> Converters:
    """What a queryset applies to each of `fields` (columns of `table`, an alias in the
    SQL) as it reads a row, by position: the backend's and the field's converters.

    The public way, a queryset or `Model.objects.raw()`, compiles its SQL on every call;
    these are the same functions, found once (`SQLCompiler.get_converters`, undocumented)."""
    compiler = model._base_manager.none().query.get_compiler(using=using)
    return list(compiler.get_converters([f.get_col(table) for f in fields]).items())


def related_setter(relation) -> Callable[[Model, Model | None], None]:
    """A function `(instance, related)` that keeps `related` (or None: there is none) as
    the instance's value of `relation` (a ForeignKey, or the reverse side of a one-to-one
    field: `remote_field`) in memory, as `select_related` leaves it: reading it asks
    nothing. No public API sets a related object without assigning it (which, for a
    reverse one-to-one, writes the other side). `FieldCacheMixin.set_cached_value`, bound
    once: one call a row."""
    return relation.set_cached_value


def set_prefetched(instance: Model, name: str, queryset: QuerySet, rows: list, **lookups) -> None:
    """Leave `instance.<name>.all()` answering `rows` from memory, as `prefetch_related`
    leaves it: `queryset.filter(**lookups)` with its results in, and, as in a related
    manager's queryset, its filter deferred (`_defer_next_filter`): compiled only if
    somebody narrows it further (`instance.<name>.filter(...)` asks the database).
    `prefetch_related` and `prefetch_related_objects` only prefetch by querying; the
    results are set as they set them (`_result_cache`, `_prefetch_done`,
    `_prefetched_objects_cache`). `rows` must be what the filter selects."""
    queryset._defer_next_filter = True
    queryset = queryset.filter(**lookups)
    queryset._result_cache, queryset._prefetch_done = rows, True
    instance.__dict__.setdefault("_prefetched_objects_cache", {})[name] = queryset


def prefetched(instance: Model, name: str) -> bool:
    """Whether `instance.<name>.all()` is in memory (prefetched, or `set_prefetched`). Django
    says so nowhere public: `_prefetched_objects_cache`, keyed by the relation's name."""
    return name in instance.__dict__.get("_prefetched_objects_cache", ())


def forget_prefetched(instance: Model, name: str) -> None:
    """`instance.<name>.all()` asks the database again (rows were added or deleted). A
    related manager's `add()`/`remove()` forget it so; a service that writes the rows
    otherwise does it here (`_prefetched_objects_cache`)."""
    instance.__dict__.get("_prefetched_objects_cache", {}).pop(name, None)


def insert_missing(model: type[Model], fields: list[str], rows: QuerySet) -> int:
    """Insert the rows `rows` selects (a `values_list` of `fields`, in that order) into
    `model`'s table, leaving those that conflict with a unique constraint: one
    `INSERT ... SELECT ... ON CONFLICT DO NOTHING`, however many rows, none of them
    brought to Python. Django has no INSERT from a query; `bulk_create` takes objects.
    How many rows went in."""
    connection = connections[rows.db]
    select, params = rows.order_by().query.sql_with_params()
    quote = connection.ops.quote_name
    columns = ", ".join(quote(model._meta.get_field(f).column) for f in fields)
    with connection.cursor() as cursor:
        # SQLite reads ON CONFLICT after a SELECT only after its WHERE: the rows' filters.
        cursor.execute(
            f"INSERT INTO {quote(model._meta.db_table)} ({columns}) {select} "
            "ON CONFLICT DO NOTHING",
            params,
        )
        return cursor.rowcount


def insert_new(objs: list[Model], returning: list[str]) -> list[tuple]:
    """Insert `objs` (unsaved, of one model), leaving those that conflict with a unique
    constraint, in one `INSERT ... ON CONFLICT DO NOTHING RETURNING`: the `returning`
    fields' values of the rows that went in, so a caller knows which of its rows it was
    that wrote, when another writer may have got there first. `bulk_create` tells nothing
    with `ignore_conflicts`; its `QuerySet._insert` (undocumented) returns the fields
    asked for, converted, whatever the conflict clause."""
    if not objs:
        return []
    meta = objs[0]._meta
    fields = [f for f in meta.concrete_fields if not f.generated and f is not meta.auto_field]
    returned = [meta.get_field(name) for name in returning]
    rows = meta.base_manager._insert(
        objs, fields=fields, returning_fields=returned, on_conflict=OnConflict.IGNORE
    )
    return [tuple(row) for row in rows if row is not None]  # one row in conflict: [None]
