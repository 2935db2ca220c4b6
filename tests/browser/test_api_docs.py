"""The API docs (`/api/docs/`) render from the app's own files, offline, under the CSP.

Every request for another host is aborted, as with no network: Swagger UI must still
list the API's operations, with no request leaving the server, no CSP violation and no
error in the console.
"""

from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import ConsoleMessage, Page, Route, expect

RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""


@dataclass
class Offline:
    """A page that reaches the test server only, and what it tried beyond it."""

    page: Page
    elsewhere: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)

    def violations(self) -> list[str]:
        return self.page.evaluate("window.__violations")


@pytest.fixture
def offline(browser, live_server):
    context = browser.new_context(base_url=live_server.url)
    server = urlsplit(live_server.url).netloc
    page = context.new_page()
    watched = Offline(page)

    def only_the_server(route: Route):
        url = route.request.url
        if urlsplit(url).netloc == server:
            route.continue_()
        else:
            watched.elsewhere.append(url)
            route.abort("internetdisconnected")

    def console(message: ConsoleMessage):
        if message.type == "error":
            watched.console_errors.append(message.text)

    context.route("**/*", only_the_server)
    page.set_default_timeout(15000)
    page.add_init_script(RECORD_VIOLATIONS)
    page.on("console", console)
    yield watched
    context.close()


def test_the_api_docs_render_offline_under_the_policy(offline):
    page = offline.page
    response = page.goto("/api/docs/", wait_until="networkidle")
    assert response.status == 200
    policy = response.headers["content-security-policy"]
    assert "script-src 'self';" in policy and "style-src 'self';" in policy
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Barkside API")
    operations = page.locator(".opblock")
    expect(operations.first).to_be_visible()
    assert operations.count() > 10
    expect(page.locator(".opblock-summary-path", has_text="/api/games").first).to_be_visible()
    assert offline.elsewhere == []
    assert offline.violations() == []
    assert offline.console_errors == []
