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
`AppConfig.ready()` (games.signals, accounts.signals, moderation.signals).

The site's edges assemble every app, so they sit on top of all of them: the URL
configuration, the ASGI application and the table's socket (it carries the game, its
chat and who is watching), the admin, whose pages read and act across apps, and the
`manage.py` settings and process runner.

Besides layers: no module imports another module's `_private` names, and no app writes
the rows of another app's models (through `.objects` or `get_user_model()`): it calls
that app's services.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APPS = ("barkside", "accounts", "games", "notifications", "moderation", "matchmaking")
RANK = {
    "games.engine": 0,
    "barkside": 1,
    "accounts": 2,
    "games": 3,
    "notifications": 4,
    "moderation": 4,
    "matchmaking": 5,
}
SITE = 9
SITE_MODULES = (
    "barkside.asgi",
    "barkside.settings",
    "barkside.stack",
    "barkside.urls",
    "games.bench.load.stack",  # `bench load` starts the whole site as `make run` does
    "games.consumers",
    "games.routing",
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
        if rank(module) == SITE or "bench" in module.split("."):
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
