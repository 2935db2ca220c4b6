"""The app and the admin work under their Content-Security-Policy: no violation in Chromium.

Every page records the `securitypolicyviolation` events the browser fires (an inline
script or style it refused, a file from elsewhere), and every page or file that failed to
load (an admin stylesheet, say); both must stay empty on the app's main screens and
across the admin's pages.
"""

import pytest
from playwright.sync_api import Page, expect

from games import services
from games.services import Actor
from moderation.models import ChatMessage, Report
from tests.helpers import PASSWORD, fast_forward

from .conftest import sign_up, start_ai_game

RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""


class Watched:
    """A page whose CSP violations and failed requests are collected."""

    def __init__(self, page: Page):
        self.page = page
        self.failed: list[str] = []
        self.csp_headers: list[str] = []
        page.add_init_script(RECORD_VIOLATIONS)
        page.on("requestfailed", lambda r: self.failed.append(f"{r.url} {r.failure}"))
        page.on("response", self._response)

    def _response(self, response):
        # The app's API calls may be refused (`/api/auth/me` before signing in): pages
        # and the files they load may not.
        if response.status >= 400 and response.request.resource_type not in ("fetch", "xhr"):
            self.failed.append(f"{response.url} {response.status}")
        if response.request.resource_type == "document":
            self.csp_headers.append(response.headers.get("content-security-policy", ""))

    def assert_clean(self, where: str):
        violations = self.page.evaluate("window.__violations")
        assert violations == [], f"{where}: {violations}"
        assert self.failed == [], f"{where}: {self.failed}"
        assert self.csp_headers and all("script-src 'self'" in h for h in self.csp_headers)


def test_the_apps_main_screens_run_under_the_policy(new_phone):
    page = new_phone()
    watched = Watched(page)
    page.goto("/")
    watched.assert_clean("start")
    sign_up(page, "alice")
    watched.assert_clean("home")
    for screen in ("#/rules", "#/leaderboard", "#/settings"):
        page.goto(f"/{screen}")
        expect(page.locator("main, section").first).to_be_visible()
        watched.assert_clean(screen)
    page.goto("/#/")
    start_ai_game(page)
    page.locator(".hand-card").first.click()
    watched.assert_clean("game table")


@pytest.fixture
def admin_pages(superuser, alice, bob, carol, memory_layer, queued) -> list[str]:
    """One of each admin page a moderator uses, with rows to show."""
    running = services.game_create(user=alice, players=3, time_per_move=300)
    services.game_join(game_id=running.pk, user=bob)
    services.game_join(game_id=running.pk, user=carol)
    ended = services.game_create(user=alice, players=3, ai=["random", "random"], time_per_move=300)
    last = fast_forward(ended)
    ended.refresh_from_db()
    move = {"kind": last["kind"], "cards": last["cards"]}
    services.apply_move(ended.pk, Actor("player", last["seat"]), move, ended.version)
    message = ChatMessage.objects.create(game=running, user=bob, text="hm")
    report = Report.objects.create(
        reporter=alice, reported=bob, reason=Report.Reason.ABUSIVE_CHAT, message=message
    )
    return [
        "/admin/",
        "/admin/overview/",
        "/admin/games/game/",
        f"/admin/games/game/{running.pk}/change/",
        f"/admin/games/game/{ended.pk}/change/",
        f"/admin/games/game/{ended.pk}/replay/",
        "/admin/accounts/user/",
        f"/admin/accounts/user/{bob.pk}/change/",
        "/admin/moderation/report/",
        f"/admin/moderation/report/{report.pk}/change/",
        "/admin/moderation/moderationaction/",
        "/admin/moderation/chatmessage/",
    ]


def test_the_admin_runs_under_the_policy(browser, live_server, admin_pages):
    context = browser.new_context(base_url=live_server.url)
    page = context.new_page()
    watched = Watched(page)
    page.goto("/admin/login/")
    page.get_by_label("Username").fill("root")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(
        page.get_by_role("link", name="Log out").or_(page.get_by_role("button", name="Log out"))
    ).to_be_visible()
    for url in admin_pages:
        # Every file the page asks for loaded before the next page: a request still under
        # way (an icon the admin's scripts add after `load`) would be aborted by leaving.
        page.goto(url, wait_until="networkidle")
        expect(page.locator("#content")).to_be_visible()
        watched.assert_clean(url)
    context.close()
