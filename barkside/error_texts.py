"""API error details in the player's language (en, fr, de, ko), by error code.

The `code` and `fields` of an error never change, only its `detail`: the sentence of its
code below, written once here (`english`), translated like every other server text
through gettext: locale/<lang>/LC_MESSAGES/django.po (docs/architecture.md, "Languages"). A
sentence may use `{placeholders}` filled from the error's `extra` (an unfillable one
falls back to the English detail). A raise site passes no words of its own
(tests/api/test_error_details.py); the rules' reasons (games/engine) are more precise
in English, e.g. "play strength 7 or higher".

The language comes from the request (`Accept-Language`, via Django's
`get_language_from_request` and settings.LANGUAGES), or for WebSockets from the socket's
headers (`language_from_scope`). Every code the API can answer must be here, translated
in every language: tests/api/test_languages.py greps the code base for new ones.
"""

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation
from django.utils.translation import gettext_noop as _

ENGLISH = "en"

# One sentence per code: the msgid its translations are found by.
DETAILS: dict[str, str] = {
    # --- moves (games/engine/rules.py) ---
    "game_over": _("The game is over."),
    "wrong_phase": _("That move is not possible at this point of the round."),
    "not_your_turn": _("It is not your turn."),
    "bad_move": _("That move is malformed: check the kind of move and the cards."),
    "already_passed": _("You have already passed your cards this round."),
    "wrong_count": _("That is not the right number of cards."),
    "cards_not_in_hand": _("You do not have those cards in your hand."),
    "mixed_strengths": _("A set is made of cards of one strength."),
    "sets_locked": _("Sets unlock after the round's first tail tuck."),
    "set_empties_hand": _("Keep at least one card in your hand after a set."),
    "too_low": _("Play an equal or higher strength, or tuck your tail."),
    "leader_cannot_tuck": _("Whoever leads the trick must play: no tail tuck."),
    "tuck_not_lowest": _("A tail tuck discards your lowest cards."),
    # --- games (games/services.py, selectors.py, apis.py) ---
    "too_many_ai": _("Leave at least one seat for a real person."),
    "already_seated": _("You already have a seat at this table."),
    "not_found": _("Not found."),
    "not_open": _("This table is no longer open."),
    "table_full": _("The seat was just taken, try again."),
    "seat_on_autopilot": _("The AI plays your seat: take it back first."),
    "not_active": _("The game is not running."),
    "stale_version": _("The game has moved on meanwhile: refresh and try again."),
    "already_playing": _("You are already playing this seat."),
    "resigned": _("A resignation is final."),
    "already_left": _("You have already left this game."),
    "not_a_player": _("You have no seat at this table."),
    "game_running": _("The record is published when the game ends."),
    "no_hints": _("Hints are offered in unrated games against the AI only."),
    "bad_idempotency_key": _("The Idempotency-Key header must be 1 to 64 characters long."),
    "idempotency_key_reused": _("This Idempotency-Key was already used for another game."),
    "game_limit": _(
        "You have reached your limit of {limit} running correspondence games: finish one "
        "first (every 10 finished games add one)."
    ),
    "live_ai_limit": _(
        "You already play {limit} live games with AI seats: finish one first, so that "
        "everyone's AI keeps its pace."
    ),
    "open_table_limit": _(
        "You already wait at {limit} open tables: start or leave one before opening another."
    ),
    "vacation_too_long": _("You have only {days_left} vacation days left this year."),
    "on_vacation": _("You are already on vacation."),
    "vacation_limit": _("You may go on vacation at most {limit} times in 24 hours: try later."),
    "live_game": _("Live games have no expel vote: three timeouts in a row hand a seat to the AI."),
    "not_overdue": _("The vote on that seat opens a while after its deadline has passed."),
    "cannot_vote": _("Only the other people playing at the table may vote."),
    "already_voted": _("You have already voted."),
    "no_such_seat": _("This table has no seat {seat}."),
    "analysis_busy": _(
        "The coach is still on your last analysis: ask for another once it is done."
    ),
    # --- matchmaking ---
    "cannot_queue": _("This account may not join the queue."),
    "already_queued": _("You are already in the queue."),
    "not_queued": _("You are not in the queue (a table may just have been found for you)."),
    # --- accounts ---
    "locked_out": _("Too many failed logins. Try again later."),
    "invalid": _("Some fields are not valid."),
    "invalid_credentials": _("Wrong username or password."),
    "endpoint_taken": _("This device already receives another account's notifications."),
    "invalid_token": _("This unsubscribe link is not valid."),
    "suspended": _("This account is suspended for now."),
    "banned": _("This account is banned."),
    "guest_not_allowed": _(
        "Guests play unrated games without chat: choose a username and a password first."
    ),
    "not_a_guest": _("This account already has a username and a password."),
    # --- moderation ---
    "chat_muted": _("A moderator muted your chat for now."),
    "target_is_staff": _("Moderators act on players only, never on staff."),
    # --- requests, WebSocket messages, DRF ---
    "malformed": _("The request is malformed."),
    "unknown_type": _("Unknown message type: use one of {types}."),
    "too_many_messages": _(
        "Too many messages: at most {messages} every {seconds} seconds on one connection."
    ),
    "too_many_sockets": _(
        "You have {limit} connections open already: close a game's page or tab first."
    ),
    "authentication_failed": _("Authentication failed: sign in again."),
    "not_authenticated": _("Sign in to continue."),
    "permission_denied": _("You may not do that."),
    "method_not_allowed": _("That method is not allowed here."),
    "not_acceptable": _("That response format is not available."),
    "unsupported_media_type": _("That content type is not supported."),
    "throttled": _("Too many requests: wait a moment before trying again."),
    "unavailable": _("The server is busy: try again in a moment."),
    "error": _("Something went wrong."),
}


def english(code: str, params: dict | None = None) -> str:
    """The English detail of `code`: its sentence, filled from `params` where it can be."""
    sentence = DETAILS.get(code, DETAILS["error"])
    try:
        return sentence.format_map(params or {})
    except (KeyError, IndexError, ValueError):
        return sentence


def language_of(request) -> str:
    """The request's language code (`en`, `fr`, ...), from Accept-Language or its cookie.

    `request` is a Django request or a DRF one (which hands META and COOKIES through).
    """
    return _base(translation.get_language_from_request(request))


def language_from_scope(scope) -> str:
    """The language of a WebSocket (a Channels scope), read as for an HTTP request."""
    request = HttpRequest()
    for name, value in scope.get("headers") or ():
        if name.lower() == b"accept-language":
            request.META["HTTP_ACCEPT_LANGUAGE"] = value.decode("latin-1")
    request.COOKIES = dict(scope.get("cookies") or {})
    return language_of(request)


def translate(code: str, language: str | None, detail: str, params: dict | None = None) -> str:
    """`detail` (English) for `code` in `language`, or `detail` itself if there is none."""
    msgid, language = DETAILS.get(code), _base(language)
    if msgid is None or language == ENGLISH:
        return detail
    with translation.override(language):
        text = translation.gettext(msgid)
    if text == msgid:  # no catalog for that language
        return detail
    try:
        return text.format_map(params or {})
    except (KeyError, IndexError, ValueError):
        return detail


def _base(language: str | None) -> str:
    """`fr-ca` -> `fr`; anything else (or nothing) -> the site's default language."""
    language = (language or settings.LANGUAGE_CODE).lower()
    return language.split("-")[0].split("_")[0]
