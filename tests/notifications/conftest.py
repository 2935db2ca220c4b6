import pytest

from tests.helpers import eager_tasks

from .test_push import PushService


@pytest.fixture
def push_service(settings):
    settings.PUSH_ALLOW_HTTP_ENDPOINTS = True
    settings.PUSH_ALLOW_LOCAL_ENDPOINTS = True  # the fake service is on 127.0.0.1
    service = PushService()
    with eager_tasks():
        yield service
    service.server.shutdown()
