"""The committed gettext catalogs (locale/<lang>/LC_MESSAGES), read as the tests expect them."""

import functools
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]


def catalog_path(language: str, kind: str = "po") -> Path:
    return ROOT / "locale" / language / "LC_MESSAGES" / f"django.{kind}"


@functools.cache
def catalog(language: str):
    with catalog_path(language).open("rb") as po:
        return read_po(po)
