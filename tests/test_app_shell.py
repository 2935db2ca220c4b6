"""The service worker's shell (frontend/sw.js) lists every file the app loads: a module
left out fails to import offline, and with it every screen that imports it."""

import re
from pathlib import Path

from django.conf import settings


def test_every_module_css_and_locale_of_the_app_is_in_the_shell():
    worker = (settings.FRONTEND_DIR / "sw.js").read_text()
    shell = set(re.findall(r'^\s*"(/[^"]*)",?$', worker, re.MULTILINE))
    app = settings.FRONTEND_DIR / "app"
    files = {
        "/" + str(path.relative_to(settings.FRONTEND_DIR))
        for pattern in ("js/**/*.js", "css/*.css")
        for path in app.glob(pattern)
    }
    assert files - shell == set()


def imported_by(module: Path, app: Path) -> set[Path]:
    """The modules `module` imports statically, and theirs (the PWA imports by relative
    path, `from "./x.js"`; it has no dynamic imports)."""
    found, todo = set(), [module]
    while todo:
        current = todo.pop()
        for name in re.findall(r'from "(\.{1,2}/[^"]+\.js)"', current.read_text()):
            path = (current.parent / name).resolve()
            if path not in found:
                found.add(path)
                todo.append(path)
    return found


def test_every_module_the_app_imports_is_preloaded_with_the_page():
    """With no build step, a module two imports deep is asked for only once the one
    importing it has arrived: preloaded, every module comes with main.js, so the table's
    first paint waits on one round of requests, not on the depth of the imports."""
    page = (settings.FRONTEND_DIR / "index.html").read_text()
    preloaded = set(re.findall(r'<link rel="modulepreload" href="/app/js/([^"]+)">', page))
    js = (settings.FRONTEND_DIR / "app" / "js").resolve()
    graph = {str(p.relative_to(js)) for p in imported_by(js / "main.js", js)}
    assert "screens/table.js" in graph
    assert preloaded == graph
