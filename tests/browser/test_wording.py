"""The app's sentences read right in English, French, German and Korean: one move is
"1 move" (not "1 moves"), one eight is "an 8", a player's own action is told in the
second person ("Du hast", "Vous avez", not "Du hat"), the doghouse sentence names its
players without "the doghouse of You", the history's round line is a sentence, and
vacation says it was saved for the account, not on this device.

The PWA's own catalogs and formatting functions (frontend/app/js/i18n.js, screens/),
run in Chromium on one page: nothing of the app is drawn.
"""

import re

import pytest

LANGUAGES = ["en", "fr", "de", "ko"]
# t(key, params) in `lang`.
SAY = """async ([lang, key, params]) => {
  const i18n = await import("/app/js/i18n.js");
  i18n.setLang(lang);
  return i18n.t(key, params);
}"""
# The home list's line for a game's last action (screens/clocks.js), seen by seat 0.
LAST_ACTION = """async ([lang, action]) => {
  const [i18n, clocks] = await Promise.all([import("/app/js/i18n.js"), import("/app/js/screens/clocks.js")]);
  i18n.setLang(lang);
  return clocks.lastActionText(action, 0);
}"""
# A move in the table's history (screens/tableparts.js), seen by seat 0.
MOVE = """async ([lang, move]) => {
  const [i18n, parts] = await Promise.all([import("/app/js/i18n.js"), import("/app/js/screens/tableparts.js")]);
  i18n.setLang(lang);
  const game = {your_seat: 0, seats: [{number: 0, username: "alice", name: "alice"},
                                      {number: 1, username: "bob", name: "bob"}]};
  return parts.moveText(game, move);
}"""


@pytest.fixture(scope="module")
def page(browser, live_server):
    """One page of the app's origin; a static file, so no screen runs."""
    context = browser.new_context(base_url=live_server.url)
    page = context.new_page()
    page.goto("/manifest.webmanifest")
    yield page
    context.close()


def say(page, lang: str, key: str, **params) -> str:
    return page.evaluate(SAY, [lang, key, params])


def you(page, lang: str) -> str:
    return say(page, lang, "seat.you")


@pytest.mark.parametrize(
    ("lang", "one", "three"),
    [
        ("en", "Round 2: 1 move", "Round 2: 3 moves"),
        ("fr", "Manche 2 : 1 coup", "Manche 2 : 3 coups"),
        ("de", "Runde 2: 1 Zug", "Runde 2: 3 Züge"),
        ("ko", "2라운드: 1수", "2라운드: 3수"),
    ],
)
def test_the_rounds_move_count_agrees_with_its_number(page, lang, one, three):
    assert say(page, lang, "log.thisRound", round=2, n=1) == one
    assert say(page, lang, "log.thisRound", round=2, n=3) == three


def test_english_never_says_a_before_an_eight_an_eleven_or_an_eighteen(page):
    said = []
    for card in range(1, 13):
        said.append(say(page, "en", "turn.youFollow", top=card, k=1))
        said.append(say(page, "en", "clock.playedSet", name="Rex", n=1, card=card))
        said.append(
            page.evaluate(
                LAST_ACTION, ["en", {"seat": 0, "name": "alice", "kind": "play", "cards": [card]}]
            )
        )
    wrong = [s for s in said if re.search(r"\ba (8|11|18)\b", s)]
    assert wrong == []
    assert "Rex played an 8" in said and "You played an 8" in said and "You played an 11" in said
    assert "You played a 7" in said


@pytest.mark.parametrize(
    ("lang", "follow", "mine", "theirs"),
    [
        ("en", "Your turn: play 8 or higher, or tail-tuck.", "You played an 8", "bob played an 8"),
        (
            "fr",
            "À vous : jouez un 8 ou plus, ou rentrez la queue.",
            "Vous avez joué un 8",
            "bob a joué un 8",
        ),
        (
            "de",
            "Du bist dran: eine 8 oder höher, oder einziehen.",
            "Du hast eine 8 gespielt",
            "bob hat eine 8 gespielt",
        ),
        (
            "ko",
            "내 차례: 8 이상 카드 1장을 내거나 꼬리를 내리세요.",
            "내가 8 1장을 냈습니다",
            "bob님이 8 1장을 냈습니다",
        ),
    ],
)
def test_one_eight_is_said_right(page, lang, follow, mine, theirs):
    assert say(page, lang, "turn.youFollow", top=8, k=1) == follow
    played = {"kind": "play", "cards": [8]}
    assert page.evaluate(LAST_ACTION, [lang, {**played, "seat": 0, "name": "alice"}]) == mine
    assert page.evaluate(LAST_ACTION, [lang, {**played, "seat": 1, "name": "bob"}]) == theirs


@pytest.mark.parametrize(
    ("lang", "passed", "tucked", "played"),
    [
        ("en", "You passed 3 9", "You tucked 1 2", "You played 5 6"),
        ("fr", "Vous avez passé 3 9", "Vous avez rentré la queue : 1 2", "Vous avez joué 5 6"),
        (
            "de",
            "Du hast 3 9 weitergegeben",
            "Du hast den Schwanz eingezogen: 1 2",
            "Du hast 5 6 gespielt",
        ),
        (
            "ko",
            "내가 3 9을(를) 넘겼습니다",
            "내가 꼬리를 감췄습니다: 1 2",
            "내가 5 6을(를) 냈습니다",
        ),
    ],
)
def test_my_last_action_is_told_in_the_second_person(page, lang, passed, tucked, played):
    def mine(kind, cards):
        return page.evaluate(
            LAST_ACTION, [lang, {"seat": 0, "name": "alice", "kind": kind, "cards": cards}]
        )

    assert mine("pass", [3, 9]) == passed
    assert mine("tuck", [1, 2]) == tucked
    assert mine("play", [5, 6]) == played


@pytest.mark.parametrize(
    ("lang", "played", "tucked", "theirs"),
    [
        ("en", "You played 7 7.", "You tail-tucked 1 2.", "bob played 7 7."),
        ("fr", "Vous avez joué 7 7.", "Vous avez rentré la queue : 1 2.", "bob a joué 7 7."),
        ("de", "Du spielst 7 7.", "Du ziehst den Schwanz ein: 1 2.", "bob spielt 7 7."),
        ("ko", "나: 7 7 냄.", "나: 꼬리 내림 1 2.", "bob: 7 7 냄."),
    ],
)
def test_my_move_in_the_history_is_told_in_the_second_person(page, lang, played, tucked, theirs):
    assert page.evaluate(MOVE, [lang, {"seat": 0, "play": [7, 7]}]) == played
    assert page.evaluate(MOVE, [lang, {"seat": 0, "tuck": [1, 2]}]) == tucked
    assert page.evaluate(MOVE, [lang, {"seat": 1, "play": [7, 7]}]) == theirs


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("en", "Seven different dogs in one doghouse: You."),
        ("fr", "Sept chiens différents dans une même niche : Vous."),
        ("de", "Sieben verschiedene Hunde in einer Hütte: Du."),
        ("ko", "한 개집에 서로 다른 개가 일곱 종류: 나."),
    ],
)
def test_my_seven_kinds_doghouse_is_not_the_doghouse_of_you(page, lang, sentence):
    assert say(page, lang, "over.reason.seven-kinds", names=you(page, lang)) == sentence


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Round 3: You got caught, 3 4 6 to the doghouse."),
        ("fr", "Manche 3 : Vous – 3 4 6 à la niche."),
        ("de", "Runde 3: Du – 3 4 6 in die Hütte."),
        ("ko", "3라운드: 나 – 3 4 6 개집으로."),
    ],
)
def test_the_historys_round_line_says_who_was_caught_in_a_sentence(page, lang, line):
    assert say(page, lang, "log.roundLine", n=3, name=you(page, lang), cards="3 4 6") == line


@pytest.mark.parametrize(
    ("lang", "saved"),
    [("en", "Saved."), ("fr", "Enregistré."), ("de", "Gespeichert."), ("ko", "저장했습니다.")],
)
def test_what_the_account_keeps_is_not_said_saved_on_this_device(page, lang, saved):
    """Vacation and the correspondence settings toast `settings.savedAccount`
    (screens/playsettings.js, clocks.js; tests/browser/test_settings.py sees it)."""
    assert say(page, lang, "settings.savedAccount") == saved
    assert say(page, lang, "settings.saved") != saved
