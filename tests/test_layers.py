"""The apps stand on each other, never around each other, read from the code's imports.

Layers, lowest first; a module may import its own app and the layers below it, never
above or beside it, and nowhere (not even inside a function) may it hide an import that
breaks this:

    games.engine   the rules: nothing of the project
    barkside       the shared base: errors, error texts, serializers, schema, Celery
    accounts
    games          the floor every other app builds on
    notifications, moderation   (beside each other: neither imports the other)
    matchmaking

The upper apps hear about the lower ones through signals they connect in their
`AppConfig.ready()` (games.signals, accounts.signals, moderation.signals), and add
their part of a game's socket there (games.socket_handlers: the chat, who is watching).

The site's edges assemble every app, so they sit on top of all of them: the URL
configuration, the ASGI application, the admin, whose pages read and act across apps,
and the `manage.py` settings and process runner.

The benchmarks (bench/) are tooling above even the site: they may import every app and
the site's edges (`bench load` starts the whole stack), and nothing imports them.

Besides layers: no module imports another module's `_private` names, and no app writes
the rows of another app's models (through `.objects` or `get_user_model()`): it calls
that app's services.
"""

import ast
from pathlib import Path

from games.clocks import SEAT_FIELDS

ROOT = Path(__file__).resolve().parents[1]
APPS = ("barkside", "accounts", "games", "notifications", "moderation", "matchmaking", "bench")
RANK = {
    "games.engine": 0,
    "barkside": 1,
    "accounts": 2,
    "games": 3,
    "notifications": 4,
    "moderation": 4,
    "matchmaking": 5,
    "bench": 10,  # above SITE
}
SITE = 9
SITE_MODULES = (
    "barkside.asgi",
    "barkside.settings",
    "barkside.stack",
    "barkside.urls",
    "moderation.overview",  # the admin's overview page
)
WRITES = {
    "create",
    "bulk_create",
    "bulk_update",
    "update",
    "delete",
    "get_or_create",
    "update_or_create",
}


def modules() -> dict[str, Path]:
    """Every module of the project's apps, by dotted name (migrations aside)."""
    found = {}
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" in parts:
                continue
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def app_of(module: str) -> str:
    """The layer's name: `games.engine`, or the top package."""
    if module == "games.engine" or module.startswith("games.engine."):
        return "games.engine"
    return module.split(".")[0]


def rank(module: str) -> int:
    if module in SITE_MODULES or module.split(".")[-1] == "admin":
        return SITE
    return RANK[app_of(module)]


def absolute(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    """The module an ImportFrom names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports(module: str, path: Path):
    """`(line, imported module, [names])` for every import anywhere in the module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, []
        elif isinstance(node, ast.ImportFrom):
            target = absolute(module, node, is_package)
            yield node.lineno, target, [a.name for a in node.names]


def imported_modules(target: str, names: list[str]) -> list[str]:
    """`from games import services` imports the module games.services; `from games.models
    import Game` imports games.models."""
    found = modules()
    return [f"{target}.{n}" if f"{target}.{n}" in found else target for n in names] or [target]


def project(target: str) -> bool:
    return target.split(".")[0] in APPS


def test_the_module_list_is_complete():
    found = modules()
    assert {"games.services", "games.engine.rules", "matchmaking.services"} <= set(found)
    assert len(found) > 60


def test_every_import_goes_down_the_layers():
    wrong = []
    for module, path in modules().items():
        for line, target, names in imports(module, path):
            if not project(target):
                continue
            for imported in imported_modules(target, names):
                if app_of(imported) == app_of(module) and app_of(module) != "games.engine":
                    continue
                if app_of(module) == "games.engine" and app_of(imported) == "games.engine":
                    continue
                if app_of(module) == "games" and app_of(imported) == "games.engine":
                    continue  # games stands on its engine
                if rank(module) != SITE and rank(imported) >= rank(module):
                    wrong.append(f"{path.relative_to(ROOT)}:{line} imports {imported}")
    assert not wrong, "imports up or beside the layers:\n" + "\n".join(wrong)


def test_nothing_imports_the_benchmarks():
    """Not even the site's edges, which the check above lets import every app."""
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for module, path in modules().items()
        if app_of(module) != "bench"
        for line, target, _ in imports(module, path)
        if app_of(target) == "bench"
    ]
    assert not wrong, "the benchmarks imported from outside:\n" + "\n".join(wrong)


def test_the_engine_imports_nothing_of_the_project_nor_django():
    for module, path in modules().items():
        if app_of(module) != "games.engine":
            continue
        for line, target, _ in imports(module, path):
            outside = project(target) and app_of(target) != "games.engine"
            assert not outside and not target.startswith("django"), f"{path}:{line} {target}"


def test_the_matchmaking_planner_is_pure():
    """forming plans tables and simulation drives it on a clock: no Django, no database."""
    for module in ("matchmaking.forming", "matchmaking.simulation"):
        path = modules()[module]
        for line, target, names in imports(module, path):
            for imported in imported_modules(target, names):
                allowed = imported == "matchmaking.forming" or not (
                    project(imported) or imported.startswith(("django", "rest_framework"))
                )
                assert allowed, f"{path.relative_to(ROOT)}:{line} imports {imported}"


def test_no_module_imports_another_modules_private_names():
    found = modules()
    wrong = []
    for module, path in found.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases = {}  # local name -> project module it stands for
        for line, target, names in imports(module, path):
            if not project(target):
                continue
            for name in names:
                if name.startswith("_") and not name.startswith("__") and target != module:
                    wrong.append(f"{path.relative_to(ROOT)}:{line} imports {target}.{name}")
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and project(node.module or ""):
                for a in node.names:
                    full = f"{node.module}.{a.name}"
                    if full in found:
                        aliases[a.asname or a.name] = full
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if project(a.name):
                        aliases[a.asname or a.name.split(".")[0]] = a.name
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in aliases
                and aliases[node.value.id] != module
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
            ):
                used = f"{aliases[node.value.id]}.{node.attr}"
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno} uses {used}")
    assert not wrong, "private names used across modules:\n" + "\n".join(wrong)


def model_owners() -> dict[str, str]:
    """Model class name -> the app that defines it."""
    owners = {}
    for module, path in modules().items():
        if module.split(".")[-1] != "models":
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                owners[node.name] = app_of(module)
    owners["get_user_model"] = "accounts"  # get_user_model().objects...
    return owners


def written_model(call: ast.Call) -> str | None:
    """`Model` for `Model.objects.<...>.<write>(...)` or `get_user_model().objects...`."""
    if not (isinstance(call.func, ast.Attribute) and call.func.attr in WRITES):
        return None
    node = call.func.value
    while True:
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) and node.func.id == "get_user_model":
                return "get_user_model"
            node = node.func
        elif isinstance(node, ast.Attribute):
            if node.attr == "objects" and isinstance(node.value, ast.Name):
                return node.value.id
            if node.attr == "objects" and isinstance(node.value, ast.Call):
                node = node.value
                continue
            node = node.value
        else:
            return None


def test_no_app_writes_another_apps_rows():
    owners = model_owners()
    wrong = []
    for module, path in modules().items():
        if rank(module) == SITE or app_of(module) == "bench":
            continue  # the admin's forms are Django's; a benchmark removes the rows it makes
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            model = written_model(node) if isinstance(node, ast.Call) else None
            if model in owners and owners[model] != app_of(module):
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno} writes {model} rows")
    assert not wrong, "rows written by another app:\n" + "\n".join(wrong)


def test_the_row_check_sees_writes():
    """The check above finds the writes it looks for (a check that cannot fail is none)."""
    source = (
        "Seat.objects.filter(pk=1).update(state='x')\n"
        "get_user_model().objects.filter(pk=1).update(is_active=False)\n"
        "Game.objects.create(players=3)\n"
        "Game.objects.filter(pk=1).first()\n"
    )
    calls = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Call)]
    assert {written_model(c) for c in calls} - {None} == {"Seat", "get_user_model", "Game"}


# A change to a game writes its row, its seats, its event and its doghouses: the one commit
# does (games/commit.py), from a Change every service computes as a value. `clocks.step`
# moves the clocks on the seats the commit hands it, and nothing else.
GAME_ROWS = {"Game", "Seat", "GameEvent", "Doghouse", "GameDue"}
GAME_COLUMNS = {"version", "status", "turn_deadline", "result", "last_move", *SEAT_FIELDS}
COMMIT = ("games.commit", "games.clocks")
GAME_NAMES = {"game", "seat", "table", "s"}  # what a game or a seat is called


def game_writes(source: str) -> list[tuple[int, str]]:
    """`(line, what)` for each write of a game's rows or columns in the source: a manager's
    write (`Seat.objects.filter(...).update(...)`), a fast statement on them
    (`statements.update(Game, ...)`, `statements.update_rows(...)`), a column set on an
    object (`seat.timeouts = 0`, `setattr(game, ...)`), or a game or seat saved."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            model = written_model(node)
            if model in GAME_ROWS:
                found.append((node.lineno, f"writes {model} rows"))
            elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                receiver, verb = func.value.id, func.attr
                first = node.args[0] if node.args else None
                names_a_game_row = isinstance(first, ast.Name) and first.id in GAME_ROWS
                if receiver == "statements" and (verb == "update_rows" or names_a_game_row):
                    found.append((node.lineno, f"statements.{verb}"))
                if receiver in GAME_NAMES and verb in ("save", "delete"):
                    found.append((node.lineno, f"{receiver}.{verb}()"))
            elif isinstance(func, ast.Name) and func.id == "setattr" and node.args:
                target = node.args[0]
                if isinstance(target, ast.Name) and target.id in GAME_NAMES:
                    found.append((node.lineno, f"setattr({target.id}, ...)"))
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and node.attr in GAME_COLUMNS
            and isinstance(node.value, ast.Name)
            and node.value.id in GAME_NAMES
        ):
            found.append((node.lineno, f"sets .{node.attr}"))
    return found


def test_only_the_commit_writes_a_game():
    wrong = [
        f"{path.relative_to(ROOT)}:{line} {what}"
        for module, path in modules().items()
        if module not in COMMIT and app_of(module) not in ("bench", "games.engine")
        for line, what in game_writes(path.read_text(encoding="utf-8"))
    ]
    assert not wrong, "a game written outside games/commit.py:\n" + "\n".join(wrong)


def test_the_commit_check_sees_writes():
    source = (
        "Seat.objects.filter(pk=1).update(state='left')\n"
        "GameEvent.objects.create(version=2)\n"
        "statements.update(Game, {'pk': 1}, {'version': 2})\n"
        "statements.update_rows(seats, ['deadline'])\n"
        "seat.timeouts = 0\n"
        "game.save()\n"
        "setattr(seat, 'state', 'left')\n"
        "self.state = {}\n"  # an object's own attribute, not a game's
        "report.status = 'dismissed'\n"
        "Vacation.objects.create(user=user)\n"
        "statements.insert(IdempotentMove(user=user))\n"
    )
    assert [line for line, _ in game_writes(source)] == [1, 2, 3, 4, 5, 6, 7]


# Names other libraries document although they start with "_": Django's Model._meta and
# ._state (the model instance reference), ._default_manager and ._base_manager (managers).
DOCUMENTED_PRIVATE = {"_meta", "_state", "_default_manager", "_base_manager"}
ADAPTERS = "barkside.adapters"
# Uses of other libraries' private names not yet behind an adapter, (file, name), each
# for its own change to move into barkside/adapters/ (and out of this list): Django's
# CSRF origin rule and Redis cache client, DRF's wrapped request, drf-spectacular's schema
# hooks, urllib3's connection.
NOT_YET_ADAPTED = {
    ("accounts/apis.py", "_request"),
    ("barkside/redis_pool.py", "_client"),
    ("barkside/redis_pool.py", "_get_connection_pool"),
    ("barkside/schema.py", "_get_request_body"),
    ("barkside/schema.py", "_map_serializer"),
    ("games/routing.py", "_origin_verified"),
    ("notifications/endpoints.py", "_dns_host"),
    ("notifications/endpoints.py", "_new_conn"),
}


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def own_private_names() -> set[str]:
    """The private attribute names the project's own classes define: their methods and
    class attributes, and what they set on `self` or `cls`."""
    own = set()
    for path in modules().values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                        own.add(item.name)
                    elif isinstance(item, ast.Assign | ast.AnnAssign):
                        targets = item.targets if isinstance(item, ast.Assign) else [item.target]
                        own.update(t.id for t in targets if isinstance(t, ast.Name))
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Store)
                and isinstance(node.value, ast.Name)
                and node.value.id in ("self", "cls")
            ):
                own.add(node.attr)
    return {name for name in own if is_private(name)}


def foreign_private_names(source: str, own: set[str]) -> list[tuple[int, str]]:
    """`(line, name)` for each private name of another library the source uses: imported
    (`from lib import _x`, `lib._module`), read or set as an attribute that no class of the
    project defines (`queryset._result_cache`), called on a parent (`super()._x()`), or
    named to getattr and its kin. Names of the project's modules are another check's."""
    tree = ast.parse(source)
    project_modules = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if project(alias.name):
                    project_modules.add(alias.asname or alias.name.split(".")[0])
                else:
                    found += [(node.lineno, p) for p in alias.name.split(".") if is_private(p)]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            if project(node.module or ""):
                project_modules.update(a.asname or a.name for a in node.names)
            else:
                parts = (node.module or "").split(".") + [a.name for a in node.names]
                found += [(node.lineno, p) for p in parts if is_private(p)]
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and is_private(node.attr):
            value = node.value
            if node.attr in DOCUMENTED_PRIVATE:
                continue
            if isinstance(value, ast.Name) and value.id in project_modules:
                continue
            on_parent = (
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Name)
                and value.func.id == "super"
            )
            if on_parent or node.attr not in own:
                found.append((node.lineno, node.attr))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and is_private(node.args[1].value)
            and node.args[1].value not in own
        ):
            found.append((node.lineno, node.args[1].value))
    return found


def test_other_libraries_private_names_are_used_in_barkside_adapters_only():
    """Each lives behind one small function of barkside/adapters/, with a contract test
    (tests/adapters/) that fails when the library changes it."""
    own = own_private_names()
    wrong, waiting = [], set()
    for module, path in modules().items():
        if module == ADAPTERS or module.startswith(ADAPTERS + "."):
            continue
        where = path.relative_to(ROOT).as_posix()
        for line, name in foreign_private_names(path.read_text(encoding="utf-8"), own):
            if (where, name) in NOT_YET_ADAPTED:
                waiting.add((where, name))
            else:
                wrong.append(f"{where}:{line} uses {name}")
    assert not wrong, "private names of other libraries outside barkside/adapters:\n" + (
        "\n".join(wrong)
    )
    assert waiting == NOT_YET_ADAPTED, f"adapted, off the list: {NOT_YET_ADAPTED - waiting}"


def test_the_private_name_check_sees_them():
    """The check above finds what it looks for (a check that cannot fail is none)."""
    source = (
        "from channels_redis.utils import _consistent_hash\n"
        "from psycopg._cmodule import version\n"
        "queryset._result_cache = rows\n"
        "ready = getattr(game, '_prefetched_objects_cache', {})\n"
        "class Connection(HTTPConnection):\n"
        "    def _new_conn(self):\n"
        "        return super()._new_conn()\n"
        "meta, kept, state = game._meta, self._kept, game._state\n"
    )
    assert {name for _, name in foreign_private_names(source, {"_kept", "_new_conn"})} == {
        "_consistent_hash",
        "_cmodule",
        "_result_cache",
        "_prefetched_objects_cache",
        "_new_conn",
    }
