"""The service worker's shell (frontend/sw.js) lists every file the app loads: a module
left out fails to import offline, and with it every screen that imports it."""

import re

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
