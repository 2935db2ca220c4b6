"""API tests: AI turns run eagerly inside the request, broadcasts go to an in-memory layer.

The database is transactional (real commits), because AI turns and broadcasts are
scheduled with `transaction.on_commit`.
"""

import pytest
from rest_framework.test import APIClient

from barkside.celery import app as celery_app


@pytest.fixture(autouse=True)
def eager_ai(settings):
    settings.AI_MOVE_DELAY = 0
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


@pytest.fixture
def make_user(transactional_db, django_user_model):
    def make(username):
        return django_user_model.objects.create_user(username=username, password="a-Long-pass-42")

    return make


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def carol(make_user):
    return make_user("carol")


@pytest.fixture
def outsider(make_user):
    return make_user("outsider")
