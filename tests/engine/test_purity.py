"""The engine is plain Python: no Django, no I/O, no global randomness (STYLE.md)."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ENGINE = REPO / "games" / "engine"
SOURCES = sorted(ENGINE.glob("*.py"))


def test_the_engine_has_sources():
    names = {p.name for p in SOURCES}
    assert {"__init__.py", "rules.py", "deal.py", "view.py", "record.py"} <= names


def test_importing_the_engine_loads_no_django():
    code = (
        "import sys, games.engine; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'rest_framework', "
        "'channels', 'celery')); "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True, capture_output=True)


def imported_modules(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def called_names(tree: ast.AST) -> set[str]:
    return {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_an_engine_module_imports_only_the_standard_library(path):
    tree = ast.parse(path.read_text())
    allowed = {"collections", "hashlib", "json", "dataclasses", "typing", "itertools", "functools"}
    assert imported_modules(tree) <= allowed


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_an_engine_module_has_no_django_import(path):
    text = path.read_text()
    assert "import django" not in text
    assert "from django" not in text


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_an_engine_module_uses_no_global_randomness(path):
    tree = ast.parse(path.read_text())
    assert not {"random", "secrets", "time", "datetime", "uuid", "os"} & imported_modules(tree)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_an_engine_module_does_no_io(path):
    tree = ast.parse(path.read_text())
    assert not {"open", "print", "input", "exec", "eval"} & called_names(tree)
