"""The `env` helper in barkside/settings.py (typed parsing that fails loudly), and what the
settings build from the environment."""

import ast
import os
import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from barkside.settings import env


@pytest.mark.parametrize("raw", ["1", "true", "TRUE", "yes", "on", " On "])
def test_bool_true_spellings(monkeypatch, raw):
    monkeypatch.setenv("BARKSIDE_TEST_VAR", raw)
    assert env("BARKSIDE_TEST_VAR", False, bool) is True


@pytest.mark.parametrize("raw", ["0", "false", "False", "no", "off"])
def test_bool_false_spellings(monkeypatch, raw):
    monkeypatch.setenv("BARKSIDE_TEST_VAR", raw)
    assert env("BARKSIDE_TEST_VAR", True, bool) is False


def test_bool_rejects_maybe_naming_variable_and_value(monkeypatch):
    monkeypatch.setenv("BARKSIDE_TEST_VAR", "maybe")
    with pytest.raises(ImproperlyConfigured, match=r"BARKSIDE_TEST_VAR.*'maybe'"):
        env("BARKSIDE_TEST_VAR", False, bool)


def test_int_parses(monkeypatch):
    monkeypatch.setenv("BARKSIDE_TEST_VAR", "42")
    assert env("BARKSIDE_TEST_VAR", 0, int) == 42


def test_int_rejects_abc(monkeypatch):
    monkeypatch.setenv("BARKSIDE_TEST_VAR", "abc")
    with pytest.raises(ImproperlyConfigured, match=r"BARKSIDE_TEST_VAR.*'abc'"):
        env("BARKSIDE_TEST_VAR", 0, int)


def test_float_parses(monkeypatch):
    monkeypatch.setenv("BARKSIDE_TEST_VAR", "2.5")
    assert env("BARKSIDE_TEST_VAR", 0.0, float) == 2.5


def test_list_splits_on_commas_and_drops_blanks(monkeypatch):
    monkeypatch.setenv("BARKSIDE_TEST_VAR", "a.example, b.example,,")
    assert env("BARKSIDE_TEST_VAR", [], list) == ["a.example", "b.example"]


def test_str_is_returned_as_is(monkeypatch):
    monkeypatch.setenv("BARKSIDE_TEST_VAR", "redis://cache:6379/1")
    assert env("BARKSIDE_TEST_VAR", "x") == "redis://cache:6379/1"


def test_unset_variable_gives_default(monkeypatch):
    monkeypatch.delenv("BARKSIDE_TEST_VAR", raising=False)
    assert env("BARKSIDE_TEST_VAR", 7, int) == 7


def test_unsupported_cast_is_refused():
    with pytest.raises(ImproperlyConfigured, match="unsupported cast"):
        env("BARKSIDE_TEST_VAR", None, dict)


def _database_options(**environ) -> dict:
    """DATABASES["default"]["OPTIONS"] as the settings build them from `environ`."""
    script = "from django.conf import settings; print(settings.DATABASES['default'].get('OPTIONS'))"
    env = {k: v for k, v in os.environ.items() if k != "DB_SERVER_SIDE_BINDING"}
    env.update(DJANGO_SETTINGS_MODULE="barkside.settings", **environ)
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    return ast.literal_eval(done.stdout.strip().splitlines()[-1]) or {}


def test_postgresql_binds_parameters_on_the_server_unless_told_not_to():
    url = "postgres://postgres@127.0.0.1:5432/anything"
    assert _database_options(DATABASE_URL=url)["server_side_binding"] is True
    off = _database_options(DATABASE_URL=url, DB_SERVER_SIDE_BINDING="false")
    assert off["server_side_binding"] is False
    assert "server_side_binding" not in _database_options(DATABASE_URL="sqlite:///x.sqlite3")
