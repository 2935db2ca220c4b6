"""Each error's English is written once: the sentence of its code (barkside/error_texts.py).

A raise site names the code and passes no words of its own (`ServiceError("not_found",
status=404)`), or words that are exactly the code's sentence; the detail is then the
sentence, in English as in every translation, so the two cannot drift apart.
"""

import ast
from pathlib import Path

from barkside import error_texts
from barkside.errors import ServiceError
from games.errors import GameError, no_such_game
from matchmaking.errors import MatchmakingError

ROOT = Path(__file__).resolve().parents[2]
ERRORS = {"ServiceError", "GameError", "MatchmakingError", "IllegalMove"}
ALLOWED = {
    # The rules may not import the sentences (games.engine imports nothing of the
    # project); their reasons reach the API as codes, and the API words them.
    "games/engine/rules.py",
}


def _name(node) -> str:
    return getattr(node, "id", None) or getattr(node, "attr", "")


def own_words(source: str) -> list[str]:
    """Raise sites of `source` whose detail is words of their own: an f-string, or a
    literal that is not its code's sentence."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and _name(node.func) in ERRORS and node.args):
            continue
        code = node.args[0].value if isinstance(node.args[0], ast.Constant) else None
        details = node.args[1:2] + [k.value for k in node.keywords if k.arg == "detail"]
        for detail in details:
            if isinstance(detail, ast.JoinedStr) or (
                isinstance(detail, ast.Constant)
                and isinstance(detail.value, str)
                and detail.value != error_texts.DETAILS.get(code)
            ):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def sources() -> dict[str, str]:
    found = {}
    for path in sorted(ROOT.glob("*/**/*.py")):
        parts = path.relative_to(ROOT).parts
        if parts[0] in ("tests", "frontend") or parts[0].startswith(".") or "migrations" in parts:
            continue
        found["/".join(parts)] = path.read_text(encoding="utf-8")
    return found


def test_the_scan_spots_words_of_a_raise_sites_own():
    source = """
raise ServiceError("not_found", "no such game", status=404)
raise GameError("stale_version", detail=f"the game is at {version}")
raise MatchmakingError("not_queued", status=404)
raise ServiceError("invalid_credentials", "Wrong username or password.")
raise GameError(exc.code, exc.detail)
"""
    assert [line.split(":")[0] for line in own_words(source)] == ["2", "3"]


def test_no_raise_site_writes_an_errors_english_twice():
    found = {p: words for p, text in sources().items() if (words := own_words(text))}
    assert "moderation/services.py" in sources()
    outside = {p: words for p, words in found.items() if p not in ALLOWED}
    assert not outside, f"pass no detail: its code's sentence is the detail ({outside})"


def test_an_error_without_words_of_its_own_says_its_codes_sentence():
    assert ServiceError("banned").detail == error_texts.DETAILS["banned"]
    assert MatchmakingError("not_queued").detail == error_texts.DETAILS["not_queued"]
    assert no_such_game().detail == error_texts.DETAILS["not_found"]
    assert GameError("no_such_code").detail == error_texts.DETAILS["error"]


def test_a_sentence_is_filled_from_the_errors_extra(monkeypatch):
    monkeypatch.setitem(error_texts.DETAILS, "held", "Held until {until}.")
    assert ServiceError("held", extra={"until": "noon"}).detail == "Held until noon."
    assert ServiceError("held").detail == "Held until {until}."  # nothing to fill it with
