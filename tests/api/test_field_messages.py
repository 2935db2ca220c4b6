"""The API's own field messages follow Accept-Language, through Django's catalogs.

`detail` is translated by error code (test_languages.py); the messages under `fields` are
marked for gettext where they are raised and translated in locale/<language>/LC_MESSAGES
(django.po, compiled to the committed django.mo). The expected texts here are read from
the .po files, so a message answered in English, or not as the catalog says, fails.
"""

import ast
import json
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync
from babel.messages.mofile import read_mo
from django.utils.translation import gettext_lazy

from games.consumers import GameConsumer
from tests.helpers import client_for

from .catalogs import catalog, catalog_path
from .conftest import open_table
from .test_languages import socket_answer

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("fr", "de", "ko")


def translated(language: str, msgid: str, params: dict | None = None) -> str:
    """`msgid` as the .po of `language` translates it (English: the msgid itself)."""
    text = msgid if language == "en" else catalog(language)[msgid].string
    return text % params if params else text


# --- refusals with a field message of our own, one per endpoint ------------------------


def create_with_no_person_seat(user, **headers):
    body = {"players": 3, "ai": ["easy", "easy", "easy"]}
    return client_for(user).post("/api/games", body, format="json", **headers)


def create_with_an_unknown_field(user, **headers):
    body = {"players": 3, "colour": "red"}
    return client_for(user).post("/api/games", body, format="json", **headers)


def create_a_private_rated_table(user, **headers):
    body = {"players": 3, "rated": True, "private": True}
    return client_for(user).post("/api/games", body, format="json", **headers)


def create_with_a_time_per_move_out_of_range(user, **headers):
    body = {"players": 3, "time_per_move": 5}
    return client_for(user).post("/api/games", body, format="json", **headers)


def move_with_eleven_cards(user, **headers):
    game_id = open_table(user, players=4)
    body = {"kind": "play", "cards": [3] * 11, "version": 0}
    return client_for(user).post(f"/api/games/{game_id}/moves", body, format="json", **headers)


def queue_with_a_size_twice(user, **headers):
    body = {"sizes": [4, 4], "time_per_move": 60}
    return client_for(user).post("/api/matchmaking/join", body, format="json", **headers)


def queue_with_an_unknown_speed(user, **headers):
    body = {"sizes": [4], "time_per_move": 45}
    return client_for(user).post("/api/matchmaking/join", body, format="json", **headers)


def report_yourself(user, **headers):
    body = {"user": user.username, "reason": "cheating"}
    return client_for(user).post("/api/reports", body, format="json", **headers)


def mute_yourself(user, **headers):
    return client_for(user).post(f"/api/mutes/{user.username}", **headers)


def change_password_with_a_wrong_old_one(user, **headers):
    body = {"old_password": "not-my-password", "new_password": "Doghouse-leader-83"}
    return client_for(user).post("/api/auth/password", body, format="json", **headers)


def quiet_hours_with_an_offset(user, **headers):
    body = {"quiet_start": "22:00+05:00", "quiet_end": "07:00"}
    return client_for(user).patch("/api/notifications/settings", body, format="json", **headers)


REFUSALS = [
    (create_with_no_person_seat, "ai", "leave at least one seat for a person", None),
    (create_with_an_unknown_field, "colour", "Unknown field.", None),
    (create_a_private_rated_table, "rated", "a private table is not rated", None),
    (
        create_with_a_time_per_move_out_of_range,
        "time_per_move",
        "must be %(live_min)s-%(live_max)s s (live) or "
        "%(correspondence_min)s-%(correspondence_max)s s (correspondence)",
        {"live_min": 15, "live_max": 300, "correspondence_min": 3600, "correspondence_max": 259200},
    ),
    (move_with_eleven_cards, "cards", "at most %(count)s cards", {"count": 10}),
    (queue_with_a_size_twice, "sizes", "each size once", None),
    (
        queue_with_an_unknown_speed,
        "time_per_move",
        "must be one of %(presets)s",
        {"presets": "30, 60, 86400, 259200"},
    ),
    (report_yourself, "username", "That is you.", None),
    (mute_yourself, "username", "That is you.", None),
    (change_password_with_a_wrong_old_one, "old_password", "Wrong password.", None),
    (
        quiet_hours_with_an_offset,
        "quiet_start",
        "A local time without an offset, e.g. 22:30.",
        None,
    ),
]
refusals = pytest.mark.parametrize(
    ("send", "field", "msgid", "params"), REFUSALS, ids=[r[0].__name__ for r in REFUSALS]
)


@refusals
@pytest.mark.parametrize("language", LANGUAGES)
def test_our_field_messages_are_in_the_users_language(
    requester, send, field, msgid, params, language
):
    response = send(requester, HTTP_ACCEPT_LANGUAGE=f"{language},en;q=0.5")
    assert response.status_code == 400, response.json()
    messages = response.json()["fields"][field]
    assert messages == [translated(language, msgid, params)]
    assert messages != [translated("en", msgid, params)]


@refusals
@pytest.mark.parametrize("accept", [None, "en-US,en;q=0.9"])
def test_our_field_messages_stay_english_in_english(requester, send, field, msgid, params, accept):
    headers = {"HTTP_ACCEPT_LANGUAGE": accept} if accept else {}
    response = send(requester, **headers)
    assert response.status_code == 400, response.json()
    assert response.json()["fields"][field] == [translated("en", msgid, params)]


# --- WebSocket ---------------------------------------------------------------------------


def test_a_socket_move_with_eleven_cards_is_refused_in_french(table, alice):
    message = {"type": "move", "kind": "play", "cards": [3] * 11, "version": table.version}
    answer = socket_answer(table.pk, alice, message, "fr")
    assert (answer["type"], answer["code"], answer["status"]) == ("error", "invalid", 400)
    assert answer["fields"] == {
        "cards": [translated("fr", "at most %(count)s cards", {"count": 10})]
    }


def test_a_socket_renders_lazy_field_messages_in_its_own_language():
    # Service errors keep their field messages lazy until they are encoded, which for a
    # socket happens outside any request: the consumer's language must be active then.
    consumer = GameConsumer()
    consumer.language = "de"
    sent = []

    async def send(text_data):
        sent.append(text_data)

    consumer.send = send
    async_to_sync(consumer.send_json)({"fields": {"text": [gettext_lazy("Empty.")]}})
    assert json.loads(sent[0])["fields"] == {"text": [translated("de", "Empty.")]}
    assert translated("de", "Empty.") != "Empty."


# --- the catalogs ------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_in_the_catalog_is_translated(language):
    messages = [m for m in catalog(language) if m.id]
    assert len(messages) > 10
    assert not catalog(language).fuzzy
    for message in messages:
        assert message.string.strip(), message.id
        assert message.string != message.id, message.id
        assert not message.fuzzy, message.id
    placeholders = [(m.id, errors) for m, errors in catalog(language).check()]
    assert not placeholders  # python-format: the same %(names)s in msgid and msgstr


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_mo_says_what_the_po_says(language):
    """A .po edited without `manage.py compilemessages` afterwards fails here."""
    with catalog_path(language, "mo").open("rb") as mo:
        compiled = {m.id: m.string for m in read_mo(mo) if m.id}
    assert compiled == {m.id: m.string for m in catalog(language) if m.id}


# --- no English field message left unmarked ----------------------------------------------

GETTEXT = {"_", "gettext", "gettext_lazy"}
MESSAGE_KEYWORDS = {"message", "error_messages", "violation_error_message"}


def _name(node) -> str:
    return getattr(node, "id", None) or getattr(node, "attr", "")


def _reads_as_english(node) -> bool:
    """A bare str literal (or f-string) with words or a full stop: a message, not a key."""
    if isinstance(node, ast.JoinedStr):
        return True
    text = node.value if isinstance(node, ast.Constant) else None
    return isinstance(text, str) and (" " in text.strip() or text.endswith("."))


def _bare(node):
    """The unmarked messages in `node`: itself, list items, dict values, recursively."""
    if isinstance(node, ast.List | ast.Tuple):
        for item in node.elts:
            yield from _bare(item)
    elif isinstance(node, ast.Dict):
        for value in node.values:
            yield from _bare(value)
    elif isinstance(node, ast.DictComp):
        yield from _bare(node.value)
    elif _reads_as_english(node):
        yield node


def unmarked_messages(source: str) -> list[str]:
    """English messages not wrapped in gettext: in `ValidationError(...)`, a validator's
    message, `message=`-like keywords, `default_error_messages`, and any `{field:
    ["message"]}` dict (the shape of `fields=`)."""
    found = {}
    for node in ast.walk(ast.parse(source)):
        candidates = []
        if isinstance(node, ast.Call):
            if _name(node.func) == "ValidationError":
                candidates += node.args[:1]
            if _name(node.func).endswith("Validator"):
                candidates += node.args[1:]
            candidates += [k.value for k in node.keywords if k.arg in MESSAGE_KEYWORDS]
        elif isinstance(node, ast.Assign):
            if any(_name(t) == "default_error_messages" for t in node.targets):
                candidates.append(node.value)
        elif isinstance(node, ast.Dict):
            candidates += [v for v in node.values if isinstance(v, ast.List)]
        found.update({m: f"{m.lineno}: {ast.unparse(m)}" for c in candidates for m in _bare(c)})
    return sorted(found.values())


def marked_messages(source: str) -> set[str]:
    """The msgids `source` marks: `_("...")`, `gettext("...")`, `gettext_lazy("...")`."""
    return {
        node.args[0].value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and _name(node.func) in GETTEXT
        and node.args
        and isinstance(node.args[0], ast.Constant)
    }


def application_sources() -> dict[str, str]:
    sources = {}
    for path in sorted(ROOT.glob("*/**/*.py")):
        parts = path.relative_to(ROOT).parts
        if parts[0] in ("tests", "frontend", "artifacts") or parts[0].startswith("."):
            continue
        if "migrations" not in parts:
            sources[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    return sources


def test_the_guard_spots_unmarked_messages_and_passes_marked_ones():
    unmarked = """
raise serializers.ValidationError("each size once")
raise serializers.ValidationError(f"must be one of {presets}")
raise serializers.ValidationError({"cards": ["at most 10 cards"]})
raise serializers.ValidationError({name: ["Unknown field."] for name in unknown})
raise ServiceError("invalid", "some fields are not valid", fields={"text": ["Empty."]})
raise _invalid({"old_password": ["Wrong password."]})
default_error_messages = {"not_a_string": "Not a valid string."}
username_validator = RegexValidator(r"[a-z]+", "Use letters.", code="invalid_username")
"""
    marked = """
raise serializers.ValidationError(_("each size once"))
raise serializers.ValidationError({"cards": [_("at most %(count)s cards") % {"count": 10}]})
raise ServiceError("invalid", "some fields are not valid", fields={"text": [_("Empty.")]})
raise ServiceError("unknown_type", "`type` is `move` or `sync`", fields={"type": [str(kind)]})
default_error_messages = {"not_a_string": _("Not a valid string.")}
constraints = [models.UniqueConstraint(fields=["game", "seat"], name="doghouse_per_seat")]
readonly_fields = {"x": ["created", "started"]}
"""
    assert len(unmarked_messages(unmarked)) == 8
    assert unmarked_messages(marked) == []
    assert marked_messages(marked) == {
        "each size once",
        "at most %(count)s cards",
        "Empty.",
        "Not a valid string.",
    }


def test_no_field_message_is_left_in_english_only():
    sources = application_sources()
    assert {"games/serializers.py", "moderation/services.py", "accounts/models.py"} <= set(sources)
    unmarked = {path: found for path, text in sources.items() if (found := unmarked_messages(text))}
    assert not unmarked, f"wrap these in gettext_lazy and add them to locale/: {unmarked}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_marked_message_is_in_the_catalog(language):
    marked = set().union(*map(marked_messages, application_sources().values()))
    assert "leave at least one seat for a person" in marked
    missing = sorted(marked - {m.id for m in catalog(language)})
    assert not missing, f"run makemessages, translate and compilemessages: {missing}"
