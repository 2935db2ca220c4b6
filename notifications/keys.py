"""The VAPID key pair: from VAPID_PRIVATE_KEY/VAPID_PUBLIC_KEY, else generated once and stored."""

import base64
from functools import cache

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from django.db import transaction
from py_vapid import Vapid


def _public_b64(vapid: Vapid) -> str:
    raw = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@cache
def _configured() -> tuple[Vapid, str] | None:
    private = settings.VAPID_PRIVATE_KEY
    if not private:
        return None
    # A PEM, or the base64url DER / raw key most tools print.
    vapid = Vapid.from_pem(private.encode()) if "BEGIN" in private else Vapid.from_string(private)
    return vapid, settings.VAPID_PUBLIC_KEY or _public_b64(vapid)


def vapid_keys() -> tuple[Vapid, str]:
    """(the private key for signing, the public key as browsers want it)."""
    configured = _configured()
    if configured:
        return configured
    from notifications.models import VapidKey

    stored = VapidKey.objects.order_by("pk").first()
    if stored is None:
        with transaction.atomic():
            stored = VapidKey.objects.select_for_update().order_by("pk").first()
            if stored is None:
                vapid = Vapid()
                vapid.generate_keys()
                stored = VapidKey.objects.create(
                    private_pem=vapid.private_pem().decode(), public_key=_public_b64(vapid)
                )
    return Vapid.from_pem(stored.private_pem.encode()), stored.public_key
