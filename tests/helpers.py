"""Helpers the test folders share (fixtures live in tests/conftest.py)."""

from rest_framework.test import APIClient

PASSWORD = "Tail-tuck-7-doghouse"


def client_for(user=None) -> APIClient:
    """An API client signed in as `user` (anonymous with None)."""
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client
