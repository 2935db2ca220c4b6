"""Error details follow Accept-Language (en, fr, de, ko); codes and fields never change.

Each error code has one sentence (barkside/error_texts.py), translated through gettext
like every server text (locale/<lang>/LC_MESSAGES/django.po); a test here greps the code
base for the codes errors are raised with, so a new one cannot be left untranslated. The
expected texts are read from the .po files, so a detail not as the catalog says fails.
"""

import re
import string
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from barkside import error_texts
from barkside.errors import _DRF_CODES
from games import engine, services, socket_handlers
from games.models import Game
from games.routing import websocket_application
from tests.helpers import client_for
from tests.realtime.sockets import HOST, ORIGIN, session_cookie

from .catalogs import catalog
from .conftest import human_table, open_table, state, version

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("fr", "de", "ko")
# The English detail of the illegal move used below: a card played while passing.
WRONG_PHASE_EN = "every player must pass 2 cards first"


@pytest.fixture
def trio(alice, bob, carol):
    return [alice, bob, carol]


def detail(language: str, code: str) -> str:
    """The detail of `code` as the .po of `language` translates its sentence."""
    return catalog(language)[error_texts.DETAILS[code]].string


def placeholders(text: str) -> set[str]:
    """The `{names}` a sentence is filled with (from the error's `extra`)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def play_while_passing(game_id, client, **headers):
    """A move the rules refuse with `wrong_phase`: playing before the passes are done."""
    card = state(game_id)["hands"][0][0]
    body = {"kind": "play", "cards": [card], "version": version(game_id)}
    return client.post(f"/api/games/{game_id}/moves", body, format="json", **headers)


# --- HTTP ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("accept", "language"),
    [
        ("fr", "fr"),
        ("de-DE,de;q=0.9,en;q=0.5", "de"),
        ("ko-KR", "ko"),
        ("fr-CA,fr;q=0.8", "fr"),
    ],
)
def test_an_illegal_move_is_explained_in_the_users_language(trio, accept, language):
    game_id, clients = human_table(trio)
    response = play_while_passing(game_id, clients[0], HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 400
    error = response.json()
    assert error["code"] == "wrong_phase"
    assert error["fields"] == {}
    assert error["detail"] == detail(language, "wrong_phase")
    assert error["detail"] != WRONG_PHASE_EN


@pytest.mark.parametrize("accept", [None, "en", "en-US,en;q=0.9", "es", "ja-JP,zh;q=0.5"])
def test_english_or_an_unknown_language_answers_the_english_detail(trio, accept):
    game_id, clients = human_table(trio)
    headers = {"HTTP_ACCEPT_LANGUAGE": accept} if accept else {}
    error = play_while_passing(game_id, clients[0], **headers).json()
    assert (error["code"], error["detail"]) == ("wrong_phase", WRONG_PHASE_EN)


def test_a_service_error_keeps_its_extra_fields_in_any_language(trio):
    game_id, clients = human_table(trio)
    body = {"kind": "tuck", "version": version(game_id) + 5}
    response = clients[0].post(
        f"/api/games/{game_id}/moves", body, format="json", HTTP_ACCEPT_LANGUAGE="de"
    )
    assert response.status_code == 409
    assert response.json() == {
        "code": "stale_version",
        "detail": detail("de", "stale_version"),
        "fields": {},
        "version": version(game_id),
    }


@pytest.mark.parametrize(
    ("language", "required"),
    [
        ("fr", "Ce champ est obligatoire."),
        ("de", "Dieses Feld ist zwingend erforderlich."),
        ("ko", "이 필드는 필수 항목입니다."),
        ("en", "This field is required."),
    ],
)
def test_a_validation_errors_field_messages_are_in_the_users_language(
    make_user_rolled_back, language, required
):
    user = make_user_rolled_back("requester")
    game_id = open_table(user, players=4)
    response = client_for(user).post(
        f"/api/games/{game_id}/moves", {}, format="json", HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 400
    error = response.json()
    assert error["code"] == "invalid"
    assert error["fields"] == {"kind": [required], "version": [required]}
    expected = error_texts.DETAILS["invalid"] if language == "en" else detail(language, "invalid")
    assert error["detail"] == expected


def test_drf_refusals_are_translated_too(api_client):
    response = api_client.get("/api/games/1", HTTP_ACCEPT_LANGUAGE="ko")
    error = response.json()
    assert error["code"] == "not_authenticated"
    assert error["detail"] == detail("ko", "not_authenticated") == "로그인이 필요합니다."


# --- WebSocket -------------------------------------------------------------------------


def socket_answer(game_id, user, message, accept_language=None) -> dict:
    headers = [(b"host", HOST), (b"origin", ORIGIN), (b"cookie", session_cookie(user))]
    if accept_language:
        headers.append((b"accept-language", accept_language.encode()))

    async def scenario():
        ws = WebsocketCommunicator(websocket_application(), f"/ws/games/{game_id}/", headers)
        accepted, _ = await ws.connect()
        assert accepted
        await ws.receive_json_from()  # the game on connect
        await ws.send_json_to(message)
        answer = await ws.receive_json_from()
        await ws.disconnect()
        return answer

    return async_to_sync(scenario)()


@pytest.fixture
def table(alice, bob, carol):
    game = services.game_create(user=alice, players=3, time_per_move=300)
    services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    return Game.objects.get(pk=game.pk)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_socket_error_follows_the_handshakes_accept_language(table, alice, language):
    hand = engine.view(table.state, 0)["hand"]
    message = {"type": "move", "kind": "play", "cards": hand[:1], "version": table.version}
    answer = socket_answer(table.pk, alice, message, f"{language},en;q=0.5")
    assert (answer["type"], answer["code"], answer["status"]) == ("error", "wrong_phase", 400)
    assert answer["detail"] == detail(language, "wrong_phase")


def test_a_socket_validation_error_has_translated_field_messages(table, alice):
    answer = socket_answer(table.pk, alice, {"type": "move", "kind": "play"}, "fr")
    assert (answer["code"], answer["detail"]) == ("invalid", detail("fr", "invalid"))
    assert answer["fields"]["version"] == ["Ce champ est obligatoire."]


def test_a_socket_without_accept_language_answers_in_english(table, alice):
    answer = socket_answer(table.pk, alice, {"type": "shout"})
    types = ", ".join(socket_handlers.message_types())
    expected = error_texts.DETAILS["unknown_type"].format(types=types)
    assert (answer["code"], answer["detail"]) == ("unknown_type", expected)


# --- the table is complete --------------------------------------------------------------

RAISED = re.compile(r"\b(?:GameError|ServiceError|IllegalMove|MatchmakingError)\(\s*\"(\w+)\"")


def raised_codes() -> set[str]:
    """Every code the application raises an error with (a literal first argument)."""
    codes = set()
    for path in ROOT.glob("*/**/*.py"):
        relative = path.relative_to(ROOT).parts
        if relative[0] in ("tests", ".venv", "node_modules") or relative[0].startswith("."):
            continue
        codes.update(RAISED.findall(path.read_text(encoding="utf-8")))
    return codes


def test_the_grep_finds_the_codes_it_should():
    codes = raised_codes()
    # One of each kind of error, as a sanity check of the pattern itself.
    assert {"too_low", "stale_version", "already_queued", "locked_out", "unknown_type"} <= codes
    assert len(codes) > 30


def test_every_code_the_api_raises_has_a_sentence():
    codes = raised_codes() | set(_DRF_CODES.values()) | {"error"}
    missing = sorted(codes - set(error_texts.DETAILS))
    assert not missing, f"no sentence for {missing} (barkside/error_texts.py)"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sentence_is_translated_in_the_catalog(language):
    sentences = set(error_texts.DETAILS.values())
    assert len(sentences) == len(error_texts.DETAILS)  # one sentence, one code
    messages = {m.id: m.string for m in catalog(language) if m.id in sentences}
    assert set(messages) == sentences, "run makemessages, translate and compilemessages"
    for sentence, text in messages.items():
        assert text.strip() and text == text.strip() and text != sentence, (language, sentence)
        assert placeholders(text) == placeholders(sentence), (language, sentence)


def test_translations_are_not_left_in_english():
    for sentence in error_texts.DETAILS.values():
        texts = [catalog(lang)[sentence].string for lang in LANGUAGES]
        assert len({sentence, *texts}) == len(texts) + 1, (sentence, texts)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_detail_comes_from_the_compiled_catalog(language):
    """What the server answers is what the committed .mo says, not a copy of it."""
    for code in ("not_found", "stale_version", "throttled"):
        translated = error_texts.translate(code, language, "english detail")
        assert translated == detail(language, code) != "english detail"
    assert error_texts.translate("not_found", "en", "no such game") == "no such game"
