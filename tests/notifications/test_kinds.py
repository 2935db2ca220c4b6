"""A kind of notice is declared once (barkside/notices.py) and reaches everything else:
its push and texts, its switch in the settings (and the PWA's list of switches), and the
catalogs, which must translate every text of the registry."""

import re

import pytest
from django.utils import translation

from barkside import notices
from barkside.notices import NoticeKind
from games.signals import game_notices
from tests.api.catalogs import ROOT, catalog
from tests.helpers import client_for

from .test_push import pushed_to, subscribe

LANGUAGES = ("fr", "de", "ko")


@pytest.fixture
def rematch():
    """A kind only these tests declare: one registry entry, nothing anywhere else. Its
    texts are msgids the catalogs have, so that it is translated as a real kind is."""
    kind = notices.register(
        NoticeKind(
            "rematch_offered",
            title="Table found",
            body="Game #{game}: the table is waiting for you.",
            setting="push_rematch",
            label="a game starts",
            default=False,
        )
    )
    yield kind
    notices.unregister(kind.name)


@pytest.fixture
def settings_in_use(alice):
    """The settings served once before the kind is declared, as in a running server
    (serializers build their fields once and share them)."""
    answer = client_for(alice).patch("/api/notifications/settings", {}, format="json")
    assert answer.status_code == 200


def untranslated(language: str) -> list[str]:
    """The registry's texts that `language` leaves in English, as the server reads them
    (the compiled catalog, through gettext)."""
    with translation.override(language):
        return sorted(t for t in notices.texts() if translation.gettext(t) == t)


def test_a_new_kind_reaches_the_settings_with_its_default(alice, settings_in_use, rematch):
    client = client_for(alice)
    assert client.get("/api/notifications/settings").json()["push_rematch"] is False
    switches = client.get("/api/notifications/switches", HTTP_ACCEPT_LANGUAGE="fr").json()
    assert switches[-1] == {
        "name": "push_rematch",
        "label": catalog("fr")["a game starts"].string,
        "default": False,
    }
    answer = client.patch("/api/notifications/settings", {"push_rematch": True}, format="json")
    assert answer.status_code == 200, answer.json()
    assert client.get("/api/notifications/settings").json()["push_rematch"] is True


def test_a_new_kind_is_pushed_with_its_text_once_switched_on(
    transactional_db, alice, push_service, rematch
):
    phone = subscribe(alice, push_service, "fr")
    game_notices.send(sender=None, notices=[(rematch.name, alice.pk)], game_id=42)
    assert pushed_to(push_service, alice, phone) == []  # off until she turns it on

    client_for(alice).patch("/api/notifications/settings", {"push_rematch": True}, format="json")
    game_notices.send(sender=None, notices=[(rematch.name, alice.pk)], game_id=42)

    [message] = pushed_to(push_service, alice, phone)
    assert message["kind"] == "rematch_offered"
    assert message["title"] == catalog("fr")["Table found"].string
    body = catalog("fr")["Game #{game}: the table is waiting for you."].string
    assert message["body"] == body.format(game=42)
    assert message["tag"] == "game-42"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_of_the_registry_is_translated(language, rematch):
    assert "Your turn" in notices.texts()
    assert "a game starts" in notices.texts()
    assert untranslated(language) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_kind_with_a_text_the_catalogs_lack_is_reported(language):
    notices.register(NoticeKind("shouted", "Someone shouted", "Game #{game}: hush.", "push_x", "x"))
    try:
        assert untranslated(language) == ["Game #{game}: hush.", "Someone shouted", "x"]
    finally:
        notices.unregister("shouted")


def test_a_persons_own_words_are_not_a_text_to_translate():
    assert notices.kind(notices.CHAT_MESSAGE).body == "{text}"
    assert "{text}" not in notices.texts()


def test_a_name_is_declared_once_and_a_shared_switch_reads_the_same():
    with pytest.raises(ValueError, match="declared twice"):
        notices.register(NoticeKind(notices.YOUR_TURN, "a", "b", "push_turn", "my turn begins"))
    with pytest.raises(ValueError, match="disagree"):
        notices.register(NoticeKind("nudge", "a", "b", "push_turn", "my turn begins", False))
    with pytest.raises(ValueError, match="needs texts"):
        NoticeKind("silent", setting="push_silent")
    assert notices.YOUR_TURN in notices.KINDS and "nudge" not in notices.KINDS


def test_the_settings_list_one_switch_per_setting_in_the_registrys_order():
    names = [s.name for s in notices.switches()]
    assert names == [
        "push_turn",
        "push_reminders",
        "push_game_start",
        "push_game_end",
        "push_chat",
        "push_matchmaking",
        "push_seat",
    ]
    assert notices.socket_fields() == ("game", "version", "warning")


@pytest.mark.parametrize("language", ("en", *LANGUAGES))
def test_the_pwa_tells_each_seat_the_ai_takes_in_every_language(language):
    """The `/ws/me/` notices that the AI took a seat, which the home screen shows
    (screens/seatstate.js `handoverNotice`): the PWA knows each name, and each has its
    sentence in the PWA's catalog, naming the game."""
    pwa = ROOT / "frontend" / "app" / "js"
    known = (pwa / "screens" / "seatstate.js").read_text()
    texts = (pwa / "locales" / f"{language}.js").read_text(encoding="utf-8")
    for why, name in notices.HANDED_OVER.items():
        assert f'{name}: "{why}"' in known
        said = re.search(rf'^  "handover\.notice\.{why}": "(.+)",$', texts, re.MULTILINE)
        assert said and "{id}" in said.group(1), why
