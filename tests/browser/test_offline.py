"""The app opens from the service worker's cache when the server is gone, and says so."""

import pytest
from django.contrib.staticfiles.handlers import StaticFilesHandler
from django.test.testcases import LiveServerThread
from playwright.sync_api import expect

from .conftest import PHONE


@pytest.fixture
def own_server(transactional_db):
    """A server this test may stop (the shared live server must keep running)."""
    thread = LiveServerThread("localhost", StaticFilesHandler, connections_override={}, port=0)
    thread.daemon = True
    thread.start()
    thread.is_ready.wait()
    if thread.error:
        raise thread.error
    yield thread
    if thread.is_alive():
        thread.terminate()


def test_the_app_opens_offline_from_the_service_worker_cache(browser, own_server):
    url = f"http://localhost:{own_server.port}"
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{url}/#/rules")
        expect(page.get_by_role("heading", name="How to play The Bark Side")).to_be_visible()
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()  # now controlled by the worker, whose install cached the shell
        page.wait_for_function("navigator.serviceWorker.controller !== null")

        own_server.terminate()
        # Handler threads of kept-alive connections outlive the server's shutdown; cut
        # them too, as a phone losing its network would.
        context.set_offline(True)
        page.evaluate("location.hash = '#/'")
        page.reload()
        expect(page.get_by_role("heading", name="You are offline")).to_be_visible()
        expect(page.locator("#offline-banner")).to_contain_text("offline")
        # The rules need no server.
        page.get_by_role("link", name="How to play").first.click()
        expect(page.get_by_role("heading", name="How to play The Bark Side")).to_be_visible()
    finally:
        context.close()
