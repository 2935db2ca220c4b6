"""The email digest's unsubscribe link, as RFC 8058 intends: a GET asks, a POST does it.

Mail scanners and link previews follow links (a GET, a HEAD): those only show a page with
a button. Its POST, or a mail app's one-click `List-Unsubscribe-Post` POST (no session, no
CSRF token: the token in the link says who), turns the digest off.

The token is the person's id encrypted and authenticated with a key drawn from SECRET_KEY
(Fernet: AES and an HMAC, and the time it was made), so it shows nobody's id, cannot be
forged, and stops working LINK_AGE after the email was written; a digest goes out daily
while games wait, so the newest email holds a fresh link. Keys in SECRET_KEY_FALLBACKS
still open the links of before a key change.
"""

import base64
from datetime import timedelta

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.crypto import salted_hmac

from notifications import preferences
from notifications.models import NotificationSettings

LINK_AGE = timedelta(days=30)
SALT = "notifications.digest-unsubscribe"


def _fernet() -> MultiFernet:
    """Encrypts with SECRET_KEY's key, opens with it or a fallback's."""
    keys = [settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS]
    digests = (salted_hmac(SALT, "fernet", secret=k, algorithm="sha256").digest() for k in keys)
    return MultiFernet([Fernet(base64.urlsafe_b64encode(d)) for d in digests])


def unsubscribe_token(user_id: int) -> str:
    # base64url without its padding: nothing in the link that a mail client may mangle
    return _fernet().encrypt(str(user_id).encode()).decode().rstrip("=")


def unsubscribe_url(user_id: int) -> str:
    return f"{settings.SITE_URL}/api/notifications/unsubscribe/{unsubscribe_token(user_id)}"


def user_of_token(token: str) -> int | None:
    """The id the token was made for; None if it is not ours or older than LINK_AGE."""
    padded = token + "=" * (-len(token) % 4)
    try:
        return int(_fernet().decrypt(padded, ttl=int(LINK_AGE.total_seconds())))
    except (InvalidToken, ValueError):
        return None


def settings_of_token(token: str) -> NotificationSettings | None:
    """The notification settings of the token's person (unsaved defaults if never
    changed), for the page that asks; None if the link is not valid."""
    user_id = user_of_token(token)
    if user_id is None or not get_user_model().objects.filter(pk=user_id).exists():
        return None
    return preferences.settings_of(user_id)


def unsubscribe(token: str) -> NotificationSettings | None:
    """Turn the digest off for the token's person; None if the link is not valid."""
    prefs = settings_of_token(token)
    if prefs is None:
        return None
    if prefs.pk is None:
        prefs, _ = NotificationSettings.objects.get_or_create(user_id=prefs.user_id)
    if prefs.email_digest:
        NotificationSettings.objects.filter(pk=prefs.pk).update(email_digest=False)
        prefs.email_digest = False
    return prefs
