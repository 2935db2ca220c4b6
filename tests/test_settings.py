"""The `env` helper in barkside/settings.py: typed parsing that fails loudly."""

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
