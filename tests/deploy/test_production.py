"""Production settings: `check --deploy` is clean, and with DEBUG off the release step
leaves the admin's files where WhiteNoise serves them. Real processes, production env."""

import os
import secrets
import shlex
import subprocess
import urllib.error
import urllib.request

import pytest

from barkside.stack import free_port
from tests.realtime.processes import (
    BASE_DIR,
    PYTHON,
    Processes,
    database_url_for_tests,
    wait_until,
)


def production_env(**more) -> dict:
    """DEBUG off and nothing else about security set: the defaults must be safe."""
    return {
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "CACHE": "locmem",
        "CHANNEL_LAYER": "memory",
        **more,
    }


def run(argv: list[str], env: dict) -> subprocess.CompletedProcess:
    return subprocess.run(
        argv,
        cwd=BASE_DIR,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_with_debug_off():
    done = run(
        [PYTHON, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], production_env()
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout


def release_commands() -> list[list[str]]:
    """The Procfile's `release` step, command by command (`a && b`)."""
    procfile = (BASE_DIR / "Procfile").read_text().splitlines()
    line = next(entry for entry in procfile if entry.startswith("release:"))
    commands = line.split(":", 1)[1].split("&&")
    return [[PYTHON if word == "python" else word for word in shlex.split(c)] for c in commands]


def get(url: str, **headers) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(url, headers=headers)
    opener = urllib.request.build_opener(NoRedirects)
    try:
        with opener.open(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


HTTPS = {"X-Forwarded-Proto": "https"}  # what the TLS-ending proxy tells the app


@pytest.fixture
def processes(tmp_path):
    with Processes(tmp_path) as procs:
        yield procs


def test_with_debug_off_the_release_step_makes_the_admin_files_served(
    transactional_db, processes, tmp_path
):
    env = production_env(
        DATABASE_URL=database_url_for_tests(),
        STATIC_ROOT=str(tmp_path / "static"),
        SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto",
    )
    for argv in release_commands():
        done = run(argv, env)
        assert done.returncode == 0, done.stdout + done.stderr

    port = free_port()
    argv = [PYTHON, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "barkside.asgi:application"]
    proc, log = processes.start("web", argv, env)
    base = f"http://127.0.0.1:{port}"

    def up() -> bool:
        try:
            return get(base + "/admin/login/", **HTTPS)[0] == 200
        except OSError:
            return False

    wait_until(up, 30, proc, log, "the server")

    status, headers, page = get(base + "/admin/login/", **HTTPS)
    stylesheets = [part.split('"', 1)[0] for part in page.decode().split('href="')[1:]]
    stylesheets = [href for href in stylesheets if href.startswith("/static/")]
    assert "/static/admin/css/base.css" in stylesheets
    for href in [*stylesheets, "/static/moderation/admin.css"]:
        status, headers, _ = get(base + href, **HTTPS)
        assert (status, headers["Content-Type"].split(";")[0]) == (200, "text/css"), href

    status, headers, _ = get(base + "/admin/login/", **HTTPS)
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert headers["Strict-Transport-Security"].startswith("max-age=31536000")

    # The API docs' Swagger UI files are this app's own, collected for WhiteNoise, and the
    # page has the same `'self'` policy (tests/browser/test_api_docs.py runs it offline).
    status, docs_headers, page = get(base + "/api/docs/", **HTTPS)
    assert status == 200
    assert docs_headers["Content-Security-Policy"] == headers["Content-Security-Policy"]
    links = [part.split('"', 1)[0] for part in page.decode().split('src="')[1:]]
    links += [part.split('"', 1)[0] for part in page.decode().split('href="')[1:]]
    files = {href: href.rsplit(".", 1)[1] for href in links if href.startswith("/static/")}
    assert all(href.startswith("/static/drf_spectacular_sidecar/") for href in files)
    assert sorted(files.values()) == ["css", "js", "js", "png"]
    assert "/api/docs/?script=" in links  # the page's start-up script, not inline
    types = {"js": "text/javascript", "css": "text/css", "png": "image/png"}
    for href, kind in [*files.items(), ("/api/docs/?script=", None)]:
        status, file_headers, _ = get(base + href, **HTTPS)
        expected = types.get(kind, "application/javascript")
        assert (status, file_headers["Content-Type"].split(";")[0]) == (200, expected), href

    status, headers, _ = get(base + "/admin/login/")  # plain http, not through the proxy
    assert (status, headers["Location"]) == (301, f"https://127.0.0.1:{port}/admin/login/")
