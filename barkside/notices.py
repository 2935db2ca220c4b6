"""Every kind of notice a person is told, declared once: its push texts, the setting that
turns it off, and where it goes.

Every app and the PWA derive from `KINDS`: games and matchmaking emit the names below,
notifications pushes `title`/`body` (translated through gettext in the device's language)
and answers one switch per `setting` in GET/PATCH /api/notifications/settings, whose
labels the PWA reads from GET /api/notifications/switches; the `/ws/me/` socket forwards
each kind's `fields`. Every text is a msgid of locale/<lang>/LC_MESSAGES/django.po, and
tests/notifications/test_kinds.py checks that each one is translated.

Adding a kind is one `NoticeKind` here; a new `setting` needs no migration (settings
keep only the switches a person changed, the rest read as `default`).
"""

import re
from dataclasses import dataclass

from django.utils.translation import gettext_noop as _

YOUR_TURN = "your_turn"
HALF_TIME = "half_time"  # a correspondence turn's reminders
LAST_HOUR = "last_hour"
GAME_STARTED = "game_started"
GAME_ENDED = "game_ended"
MATCHED = "matched"  # matchmaking seated you
CHAT_MESSAGE = "chat_message"  # a message at your table
WARNED = "warned"  # a moderator warned you
# The AI took your seat without your asking, by the seat's `handover` (games' Seat.Handover):
# three timeouts in a row, the table's expel vote, a moderator. A resignation is asked
# for, and told to nobody. Not in the email digest, which lists the games waiting on a
# move: a seat the AI plays waits on nobody.
HANDED_OVER = {
    "timeouts": "handover_timeouts",
    "expelled": "handover_expelled",
    "moderator": "handover_moderator",
}

GAME_FIELDS = ("game", "version")
PLACEHOLDER_ONLY = re.compile(r"\{\w+\}")  # a text that is the person's own words: not translated


@dataclass(frozen=True)
class NoticeKind:
    """One kind of notice.

    `title` and `body` are msgids, filled with `{game}` and the notice's details (a chat
    message's `{name}` and `{text}`). `setting` names the person's switch for it (one
    switch may serve several kinds, which then agree on its `label` and `default`);
    `label` is how the settings page names that switch. `slot` marks a correspondence
    turn's push (notifications/schedule.py's slot names): those are reminders, moved past
    quiet hours rather than dropped. `emails`: the daily digest covers it for people
    without a device. `tag`: a newer push with the same tag replaces the older one.
    `begins_turn`: the person's turn begins with it. A game's start notice (`game_started`,
    `matched`) begins the first turn, so nobody is told `your_turn` beside it: one notice,
    one push; a correspondence turn's pushes are planned from either, its start pushed as
    the notice that began it (notifications/reminders.py).
    """

    name: str
    title: str = ""
    body: str = ""
    setting: str | None = None
    label: str = ""
    default: bool = True
    pushes: bool = True
    emails: bool = False
    slot: str | None = None
    begins_turn: bool = False
    tag: str = "game"
    fields: tuple[str, ...] = GAME_FIELDS

    def __post_init__(self):
        if self.pushes and not (self.title and self.body and self.setting and self.label):
            raise ValueError(f"the pushed notice {self.name!r} needs texts, a setting, a label")


@dataclass(frozen=True)
class Switch:
    """A setting that turns kinds on or off, as the settings page shows it."""

    name: str
    label: str
    default: bool


KINDS: dict[str, NoticeKind] = {}


def register(kind: NoticeKind) -> NoticeKind:
    """Add `kind` (a name once; a shared setting with the same label and default)."""
    if kind.name in KINDS:
        raise ValueError(f"the notice {kind.name!r} is declared twice")
    for other in KINDS.values():
        shared = other.setting is not None and other.setting == kind.setting
        if shared and (other.label, other.default) != (kind.label, kind.default):
            raise ValueError(f"{kind.name!r} and {other.name!r} disagree on {kind.setting}")
    KINDS[kind.name] = kind
    return kind


def unregister(name: str) -> None:
    """Remove a kind (tests that declare one of their own)."""
    del KINDS[name]


def kind(name: str) -> NoticeKind:
    try:
        return KINDS[name]
    except KeyError:
        raise ValueError(f"unknown notice {name!r}") from None


def switches() -> list[Switch]:
    """The settings that turn pushes on or off, once each, in the order of `KINDS`."""
    found = {}
    for k in KINDS.values():
        if k.pushes and k.setting not in found:
            found[k.setting] = Switch(k.setting, k.label, k.default)
    return list(found.values())


def socket_fields() -> tuple[str, ...]:
    """What a `/ws/me/` notice may carry besides its `type`: every kind's fields."""
    return tuple(dict.fromkeys(f for k in KINDS.values() for f in k.fields))


def texts() -> set[str]:
    """Every msgid of the registry (its catalogs must translate each)."""
    found = {t for k in KINDS.values() for t in (k.title, k.body, k.label)}
    return {t for t in found if t and not PLACEHOLDER_ONLY.fullmatch(t)}


REMINDERS = _("my turn is half over, and an hour before its end")
SEAT_TAKEN = _("the AI takes my seat")

for declared in (
    NoticeKind(
        YOUR_TURN,
        _("Your turn"),
        _("Game #{game}: the table is waiting for you."),
        setting="push_turn",
        label=_("my turn begins"),
        emails=True,
        slot="start",
        begins_turn=True,
    ),
    NoticeKind(
        HALF_TIME,
        _("Still your turn"),
        _("Game #{game}: half your time for this move is gone."),
        setting="push_reminders",
        label=REMINDERS,
        slot="half",
    ),
    NoticeKind(
        LAST_HOUR,
        _("One hour left"),
        _("Game #{game}: move within the hour, or the autopilot moves for you."),
        setting="push_reminders",
        label=REMINDERS,
        slot="last_hour",
    ),
    NoticeKind(
        GAME_STARTED,
        _("Game started"),
        _("Game #{game} has started: your cards are dealt."),
        setting="push_game_start",
        label=_("a game starts"),
        begins_turn=True,
    ),
    NoticeKind(
        GAME_ENDED,
        _("Game over"),
        _("Game #{game} is over: see the standings."),
        setting="push_game_end",
        label=_("a game ends"),
    ),
    NoticeKind(
        CHAT_MESSAGE,
        _("{name} at game #{game}"),
        "{text}",
        setting="push_chat",
        label=_("someone writes at my table"),
        tag="chat",  # a message never hides that it is your turn
    ),
    NoticeKind(
        MATCHED,
        _("Table found"),
        _("Game #{game}: matchmaking seated you, your cards are dealt."),
        setting="push_matchmaking",
        label=_("matchmaking finds me a table"),
        begins_turn=True,
    ),
    NoticeKind(
        HANDED_OVER["timeouts"],
        _("The AI plays your seat"),
        _(
            "Game #{game}: your time ran out three times in a row. Take your seat back "
            "before the game ends, or it counts as last place."
        ),
        setting="push_seat",
        label=SEAT_TAKEN,
    ),
    NoticeKind(
        HANDED_OVER["expelled"],
        _("The AI plays your seat"),
        _(
            "Game #{game}: the table voted to hand your seat to the AI. Take it back "
            "before the game ends, or it counts as last place."
        ),
        setting="push_seat",
        label=SEAT_TAKEN,
    ),
    # Not "take it back": a suspended person may only once the suspension ends, a banned one never.
    NoticeKind(
        HANDED_OVER["moderator"],
        _("The AI plays your seat"),
        _("Game #{game}: a moderator handed your seat to the AI."),
        setting="push_seat",
        label=SEAT_TAKEN,
    ),
    # The reason is not in it: the app reads it over REST, like every other warning.
    NoticeKind(WARNED, pushes=False, fields=("warning",)),
):
    register(declared)
