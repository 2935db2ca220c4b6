"""A person's notification settings: read (with the defaults when never saved), change,
and the questions push and the digest ask of them (kind on? quiet now?)."""

from datetime import datetime
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from barkside import notices
from barkside.errors import ServiceError
from notifications.models import NotificationSettings, PlannedDigest
from notifications.schedule import QuietHours

# The fields people set (GET/PATCH /api/notifications/settings), in the answer's order,
# around one push switch per setting of barkside/notices.py.
HOURS = ("time_zone", "quiet_start", "quiet_end", "lang")
DIGEST = "email_digest"
QUIET_BOTH = _("Give both ends of the quiet hours, or neither.")


# Zone files that are no IANA name: the system's own zone (Debian's `localtime` link in
# /usr/share/zoneinfo) and tzdata's "zone not set yet" (`Factory`). `available_timezones`
# already leaves out `posixrules` and the `posix/` and `right/` copies of the tree.
NOT_PLACES = frozenset({"localtime", "Factory"})


@cache
def time_zones() -> frozenset[str]:
    """The IANA names a person may choose: the tz database's places (and their old names,
    which it keeps as links), `UTC` and the `Etc/` offsets among them."""
    return frozenset(available_timezones()) - NOT_PLACES


def settings_of(user_id: int) -> NotificationSettings:
    """The user's settings; an unsaved row with the defaults if they never changed any."""
    return NotificationSettings.objects.filter(user_id=user_id).first() or NotificationSettings(
        user_id=user_id
    )


def settings_for(user_ids) -> dict[int, NotificationSettings]:
    """`settings_of` for many users in one query."""
    rows = {s.user_id: s for s in NotificationSettings.objects.filter(user_id__in=user_ids)}
    return {u: rows.get(u) or NotificationSettings(user_id=u) for u in user_ids}


def switches() -> dict[str, notices.Switch]:
    return {s.name: s for s in notices.switches()}


def settings_view(prefs: NotificationSettings) -> dict:
    view = {name: getattr(prefs, name) for name in HOURS}
    view |= {s.name: prefs.wants(s) for s in notices.switches()}
    view[DIGEST] = prefs.email_digest
    for end in ("quiet_start", "quiet_end"):
        view[end] = view[end].strftime("%H:%M") if view[end] else None
    return view


@transaction.atomic
def settings_update(*, user, **changes) -> NotificationSettings:
    """Change some of the user's settings; quiet hours need both ends or neither."""
    prefs, _created = NotificationSettings.objects.select_for_update().get_or_create(user=user)
    known = switches()
    for name, value in changes.items():
        if name in known:
            prefs.switches = {**prefs.switches, name: value}
        else:
            setattr(prefs, name, value)
    if (prefs.quiet_start is None) != (prefs.quiet_end is None):
        missing = "quiet_end" if prefs.quiet_end is None else "quiet_start"
        raise ServiceError("invalid", fields={missing: [str(QUIET_BOTH)]})
    prefs.save()
    if changes.get(DIGEST):  # turned on: the next run looks at the games waiting
        PlannedDigest.objects.plan([user.pk], timezone.now())
    return prefs


def quiet_hours(prefs: NotificationSettings) -> QuietHours | None:
    if prefs.quiet_start is None or prefs.quiet_end is None:
        return None
    return QuietHours(ZoneInfo(prefs.time_zone), prefs.quiet_start, prefs.quiet_end)


def is_quiet(prefs: NotificationSettings, now: datetime | None = None) -> bool:
    quiet = quiet_hours(prefs)
    return quiet is not None and quiet.end_of(now or timezone.now()) is not None


def allows(prefs: NotificationSettings, setting: str) -> bool:
    """Whether the push switch `setting` (a kind's, barkside/notices.py) is on."""
    return prefs.wants(switches()[setting])
