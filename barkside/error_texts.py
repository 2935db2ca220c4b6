"""API error details in the player's language: French, German and Korean, by error code.

English is the `detail` the code raising the error already writes; this table gives each
stable `code` a short, friendly sentence in the other languages. The `code` and `fields`
of an error never change, only its `detail`. A code has one sentence per language, so a
detail that names numbers in English ("play strength 7 or higher") is a general sentence
here; a text may use `{placeholders}` filled from the error's `extra` (an unfillable text
falls back to the English detail).

The language comes from the request (`Accept-Language`, via Django's
`get_language_from_request` and settings.LANGUAGES), or for WebSockets from the socket's
headers (`language_from_scope`). Every code the API can answer must be in every language:
tests/api/test_languages.py greps the code base for new ones.
"""

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation

ENGLISH = "en"

TEXTS: dict[str, dict[str, str]] = {
    "fr": {
        # --- moves (games/engine/rules.py) ---
        "game_over": "La partie est terminée.",
        "wrong_phase": "Ce coup n'est pas possible à ce moment de la manche.",
        "not_your_turn": "Ce n'est pas votre tour.",
        "bad_move": "Ce coup est mal formé : vérifiez le type de coup et les cartes.",
        "already_passed": "Vous avez déjà passé vos cartes pour cette manche.",
        "wrong_count": "Ce n'est pas le bon nombre de cartes.",
        "cards_not_in_hand": "Vous n'avez pas ces cartes en main.",
        "mixed_strengths": "Un ensemble se compose de cartes de même force.",
        "sets_locked": (
            "Les ensembles se débloquent après la première queue rentrée de la manche."
        ),
        "set_empties_hand": "Gardez au moins une carte en main après un ensemble.",
        "too_low": "Jouez une force égale ou supérieure, ou rentrez la queue.",
        "leader_cannot_tuck": "Celui qui ouvre le pli doit jouer : pas de queue rentrée.",
        "tuck_not_lowest": "Une queue rentrée défausse vos cartes les plus faibles.",
        # --- games (games/services.py, selectors.py, apis.py) ---
        "too_many_ai": "Laissez au moins une place à une vraie personne.",
        "already_seated": "Vous avez déjà une place à cette table.",
        "not_found": "Introuvable.",
        "not_open": "Cette table n'est plus ouverte.",
        "table_full": "La place vient d'être prise, réessayez.",
        "seat_on_autopilot": "L'IA joue à votre place : reprenez d'abord la main.",
        "not_active": "La partie n'est pas en cours.",
        "stale_version": "La partie a avancé entre-temps : actualisez et réessayez.",
        "already_playing": "Vous jouez déjà à cette place.",
        "resigned": "Un abandon est définitif.",
        "already_left": "Vous avez déjà quitté cette partie.",
        "not_a_player": "Vous n'avez pas de place à cette table.",
        "game_running": "L'historique est publié à la fin de la partie.",
        "bad_idempotency_key": "L'en-tête Idempotency-Key doit faire de 1 à 64 caractères.",
        "idempotency_key_reused": "Cette clé Idempotency-Key a déjà servi pour une autre partie.",
        # --- matchmaking ---
        "cannot_queue": "Ce compte ne peut pas rejoindre la file d'attente.",
        "already_queued": "Vous êtes déjà dans la file d'attente.",
        "not_queued": (
            "Vous n'êtes pas dans la file d'attente (une table vient peut-être "
            "de vous être trouvée)."
        ),
        # --- accounts ---
        "locked_out": "Trop de connexions échouées. Réessayez plus tard.",
        "invalid": "Certains champs ne sont pas valides.",
        "endpoint_taken": "Cet appareil reçoit déjà les notifications d'un autre compte.",
        "invalid_credentials": "Nom d'utilisateur ou mot de passe incorrect.",
        # --- moderation ---
        "suspended": "Ce compte est suspendu pour le moment.",
        "banned": "Ce compte est banni.",
        "chat_muted": "Un modérateur a coupé votre chat pour le moment.",
        # --- requests, WebSocket messages, DRF ---
        "malformed": "La requête est mal formée.",
        "unknown_type": "Type de message inconnu : utilisez « move » ou « sync ».",
        "authentication_failed": "L'authentification a échoué : reconnectez-vous.",
        "not_authenticated": "Connectez-vous pour continuer.",
        "permission_denied": "Vous n'avez pas le droit de faire cela.",
        "method_not_allowed": "Cette méthode n'est pas autorisée ici.",
        "not_acceptable": "Ce format de réponse n'est pas disponible.",
        "unsupported_media_type": "Ce format de contenu n'est pas pris en charge.",
        "throttled": "Trop de requêtes : patientez un instant avant de réessayer.",
        "error": "Une erreur est survenue.",
    },
    "de": {
        "game_over": "Das Spiel ist vorbei.",
        "wrong_phase": "Dieser Zug ist in dieser Phase der Runde nicht möglich.",
        "not_your_turn": "Du bist nicht am Zug.",
        "bad_move": "Dieser Zug ist fehlerhaft: Prüfe Zugart und Karten.",
        "already_passed": "Du hast in dieser Runde schon Karten weitergegeben.",
        "wrong_count": "Das ist nicht die richtige Anzahl Karten.",
        "cards_not_in_hand": "Diese Karten hast du nicht auf der Hand.",
        "mixed_strengths": "Ein Satz besteht aus Karten gleicher Stärke.",
        "sets_locked": "Sätze gibt es erst nach dem ersten Tail-Tucking-Move der Runde.",
        "set_empties_hand": "Behalte nach einem Satz mindestens eine Karte auf der Hand.",
        "too_low": "Spiel eine gleich hohe oder höhere Stärke – oder zieh den Schwanz ein.",
        "leader_cannot_tuck": (
            "Wer den Stich eröffnet, muss spielen und darf den Schwanz nicht einziehen."
        ),
        "tuck_not_lowest": "Beim Schwanz-Einziehen legst du deine niedrigsten Karten ab.",
        "too_many_ai": "Lass mindestens einen Platz für einen Menschen frei.",
        "already_seated": "Du hast an diesem Tisch schon einen Platz.",
        "not_found": "Nicht gefunden.",
        "not_open": "Dieser Tisch ist nicht mehr offen.",
        "table_full": "Der Platz wurde gerade vergeben – versuch es noch einmal.",
        "seat_on_autopilot": "Die KI spielt gerade für dich: Übernimm zuerst wieder deinen Platz.",
        "not_active": "Das Spiel läuft nicht.",
        "stale_version": (
            "Das Spiel ist inzwischen weitergegangen: Aktualisiere und versuch es noch einmal."
        ),
        "already_playing": "Du spielst diesen Platz bereits.",
        "resigned": "Aufgeben ist endgültig.",
        "already_left": "Du hast dieses Spiel bereits verlassen.",
        "not_a_player": "Du hast an diesem Tisch keinen Platz.",
        "game_running": "Der Spielverlauf wird veröffentlicht, sobald das Spiel endet.",
        "bad_idempotency_key": "Der Idempotency-Key muss 1 bis 64 Zeichen lang sein.",
        "idempotency_key_reused": (
            "Dieser Idempotency-Key wurde schon für ein anderes Spiel verwendet."
        ),
        "cannot_queue": "Dieses Konto darf der Warteschlange nicht beitreten.",
        "already_queued": "Du bist schon in der Warteschlange.",
        "not_queued": (
            "Du bist nicht in der Warteschlange (vielleicht wurde gerade ein Tisch "
            "für dich gefunden)."
        ),
        "locked_out": "Zu viele fehlgeschlagene Anmeldungen. Versuch es später noch einmal.",
        "invalid": "Einige Felder sind ungültig.",
        "endpoint_taken": "Dieses Gerät erhält bereits Mitteilungen für ein anderes Konto.",
        "invalid_credentials": "Benutzername oder Passwort ist falsch.",
        "suspended": "Dieses Konto ist vorübergehend gesperrt.",
        "banned": "Dieses Konto ist dauerhaft gesperrt.",
        "chat_muted": "Ein Moderator hat deinen Chat vorübergehend stummgeschaltet.",
        "malformed": "Die Anfrage ist fehlerhaft.",
        "unknown_type": "Unbekannter Nachrichtentyp: Erlaubt sind „move“ und „sync“.",
        "authentication_failed": "Die Anmeldung ist fehlgeschlagen. Bitte melde dich neu an.",
        "not_authenticated": "Bitte melde dich an.",
        "permission_denied": "Dazu bist du nicht berechtigt.",
        "method_not_allowed": "Diese Methode ist hier nicht erlaubt.",
        "not_acceptable": "Dieses Antwortformat ist nicht verfügbar.",
        "unsupported_media_type": "Dieses Inhaltsformat wird nicht unterstützt.",
        "throttled": "Zu viele Anfragen. Warte kurz und versuch es dann noch einmal.",
        "error": "Etwas ist schiefgelaufen.",
    },
    "ko": {
        "game_over": "게임이 끝났습니다.",
        "wrong_phase": "지금 라운드 단계에서는 할 수 없는 수입니다.",
        "not_your_turn": "아직 내 차례가 아닙니다.",
        "bad_move": "잘못된 형식의 수입니다. 수의 종류와 카드를 확인하세요.",
        "already_passed": "이번 라운드에는 이미 카드를 넘겼습니다.",
        "wrong_count": "카드 장수가 맞지 않습니다.",
        "cards_not_in_hand": "손에 없는 카드입니다.",
        "mixed_strengths": "세트는 같은 세기의 카드로만 이루어집니다.",
        "sets_locked": "세트는 이번 라운드의 첫 꼬리 감추기 이후에 낼 수 있습니다.",
        "set_empties_hand": "세트를 낸 뒤에도 카드를 한 장 이상 남겨야 합니다.",
        "too_low": "같거나 더 높은 세기의 카드를 내거나, 꼬리 감추기를 하세요.",
        "leader_cannot_tuck": "트릭을 여는 사람은 카드를 내야 하며 꼬리 감추기를 할 수 없습니다.",
        "tuck_not_lowest": "꼬리 감추기를 하면 가장 낮은 카드들을 버립니다.",
        "too_many_ai": "사람을 위한 자리를 적어도 하나 남겨 주세요.",
        "already_seated": "이미 이 테이블에 자리가 있습니다.",
        "not_found": "찾을 수 없습니다.",
        "not_open": "이 테이블은 더 이상 열려 있지 않습니다.",
        "table_full": "방금 다른 사람이 자리를 차지했습니다. 다시 시도해 주세요.",
        "seat_on_autopilot": "AI가 내 자리를 대신 플레이하고 있습니다. 먼저 자리를 되찾으세요.",
        "not_active": "진행 중인 게임이 아닙니다.",
        "stale_version": "그사이 게임이 진행되었습니다. 새로고침한 뒤 다시 시도하세요.",
        "already_playing": "이미 이 자리에서 플레이하고 있습니다.",
        "resigned": "기권은 되돌릴 수 없습니다.",
        "already_left": "이미 이 게임에서 나갔습니다.",
        "not_a_player": "이 테이블에 내 자리가 없습니다.",
        "game_running": "게임 기록은 게임이 끝나면 공개됩니다.",
        "bad_idempotency_key": "Idempotency-Key는 1~64자여야 합니다.",
        "idempotency_key_reused": "이 Idempotency-Key는 이미 다른 게임에 사용되었습니다.",
        "cannot_queue": "이 계정은 대기열에 참가할 수 없습니다.",
        "already_queued": "이미 대기열에 있습니다.",
        "not_queued": "대기열에 있지 않습니다. (방금 테이블이 잡혔을 수 있습니다.)",
        "locked_out": "로그인 실패가 너무 많습니다. 잠시 후 다시 시도하세요.",
        "invalid": "일부 항목이 올바르지 않습니다.",
        "endpoint_taken": "이 기기는 이미 다른 계정의 알림을 받고 있습니다.",
        "invalid_credentials": "사용자 이름 또는 비밀번호가 틀렸습니다.",
        "suspended": "이 계정은 현재 정지되었습니다.",
        "banned": "이 계정은 영구 정지되었습니다.",
        "chat_muted": "운영자가 잠시 채팅을 제한했습니다.",
        "malformed": "요청 형식이 올바르지 않습니다.",
        "unknown_type": "알 수 없는 메시지 유형입니다. move 또는 sync를 사용하세요.",
        "authentication_failed": "인증에 실패했습니다. 다시 로그인하세요.",
        "not_authenticated": "로그인이 필요합니다.",
        "permission_denied": "이 작업을 할 권한이 없습니다.",
        "method_not_allowed": "여기서는 허용되지 않는 메서드입니다.",
        "not_acceptable": "요청한 응답 형식을 제공할 수 없습니다.",
        "unsupported_media_type": "지원하지 않는 콘텐츠 형식입니다.",
        "throttled": "요청이 너무 많습니다. 잠시 후 다시 시도하세요.",
        "error": "문제가 발생했습니다.",
    },
}


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
    text = TEXTS.get(_base(language), {}).get(code)
    if text is None:
        return detail
    try:
        return text.format_map(params or {})
    except (KeyError, IndexError, ValueError):
        return detail


def _base(language: str | None) -> str:
    """`fr-ca` -> `fr`; anything else (or nothing) -> the site's default language."""
    language = (language or settings.LANGUAGE_CODE).lower()
    return language.split("-")[0].split("_")[0]
