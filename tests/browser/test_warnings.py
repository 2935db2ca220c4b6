"""A moderator's warning on the warned player's phone: shown as text, understood, gone.

The live server has no sockets: a warning given while the app is open arrives by a
`warned` notice that the test plays on a stand-in /ws/me/ socket (the server's side of
that notice is tested in tests/moderation/test_warnings.py).
"""

import json

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from playwright.sync_api import Page, expect

from moderation import services
from moderation.models import WarningSeen

from .axe import Axe
from .conftest import PASSWORD, screenshot, sign_up

PAYLOAD = '<script>alert("script")</script><img src="x" onerror="alert(\'img\')"> Be kind.'
SMALL_PHONE = {"width": 360, "height": 740}
TITLE = "A warning from the moderators"


def warn(username: str, reason: str):
    moderator = get_user_model().objects.filter(username="mod").first()
    if moderator is None:
        moderator = get_user_model().objects.create_user("mod", password=PASSWORD, is_staff=True)
        moderator.user_permissions.add(
            Permission.objects.get(codename="moderate", content_type__app_label="moderation")
        )
    user = get_user_model().objects.get(username=username)
    return services.user_warn(moderator=moderator, user=user, reason=reason)


def watched(page: Page) -> list[str]:
    """The messages of any alert() the page opens (there should be none)."""
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    return dialogs


def warning_dialog(page: Page):
    return page.get_by_role("alertdialog", name=TITLE)


def reload_and_wait_for_warnings(page: Page) -> None:
    """Reload, and give the app time to act on its answer to the warnings request."""
    with page.expect_response(lambda r: "/api/moderation/warnings" in r.url) as answer:
        page.reload()
    assert answer.value.ok
    expect(page.get_by_text("Hello, bob!")).to_be_visible()
    page.wait_for_timeout(500)


def test_a_warned_player_reads_the_reason_as_text_and_once_understood_it_is_gone(new_phone):
    phone = new_phone()
    phone.set_viewport_size(SMALL_PHONE)
    alerts = watched(phone)
    sign_up(phone, "bob")
    warning = warn("bob", PAYLOAD)

    phone.reload()
    dialog = warning_dialog(phone)
    expect(dialog).to_be_visible()
    expect(dialog.locator(".warning-reason")).to_have_text(PAYLOAD)
    assert dialog.locator("script, img").count() == 0
    expect(dialog.locator("time")).to_contain_text("Given on ")
    expect(dialog.locator("time")).to_contain_text(str(warning.created.year))

    # Fits a 360 px phone, with a big enough button.
    box = dialog.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= SMALL_PHONE["width"]
    understood = dialog.get_by_role("button", name="I understand")
    expect(understood).to_be_focused()
    button = understood.bounding_box()
    assert button["height"] >= 44 and button["width"] >= 44
    violations = [
        v["id"]
        for v in Axe().run(phone).response["violations"]
        if v["impact"] in {"serious", "critical"}
    ]
    assert violations == []
    screenshot(phone, "warning-dialog")

    understood.click()
    expect(phone.locator("dialog.warning-dialog")).to_have_count(0)
    assert WarningSeen.objects.filter(warning=warning).exists()

    reload_and_wait_for_warnings(phone)
    expect(phone.locator("dialog.warning-dialog")).to_have_count(0)
    assert alerts == []
    assert phone.evaluate("() => document.querySelectorAll('img[src=\"x\"]').length") == 0


def test_a_warning_given_while_the_app_is_open_shows_at_once(new_phone):
    phone = new_phone()
    sockets = []
    # Stand-in /ws/me/ sockets: accepted, and silent until the test speaks on them.
    phone.route_web_socket("**/ws/me/", lambda ws: sockets.append(ws))
    with phone.expect_response(lambda r: "/api/moderation/warnings" in r.url):
        sign_up(phone, "bob")  # the app has looked, and found nothing yet
    first = warn("bob", "Mind your words at the table.")
    phone.wait_for_timeout(300)
    expect(phone.locator("dialog.warning-dialog")).to_have_count(0)  # nobody told the app yet

    assert sockets, "the app opened no /ws/me/ socket"
    for ws in sockets:
        ws.send(json.dumps({"type": "warned", "warning": first.pk}))
    dialog = warning_dialog(phone)
    expect(dialog.locator(".warning-reason")).to_have_text("Mind your words at the table.")
    dialog.get_by_role("button", name="I understand").click()
    expect(phone.locator("dialog.warning-dialog")).to_have_count(0)
    assert WarningSeen.objects.filter(warning=first).exists()


def test_a_warning_understood_on_one_phone_is_not_shown_on_another(new_phone):
    first, second = new_phone(), new_phone()
    sign_up(first, "bob")
    warn("bob", "Stalling is not a strategy.")

    # The second phone signs in: the warning is there too.
    second.goto("/#/login")
    second.get_by_label("Username").fill("bob")
    second.get_by_label("Password").fill(PASSWORD)
    second.get_by_role("button", name="Sign in").click()
    dialog = warning_dialog(second)
    expect(dialog.locator(".warning-reason")).to_have_text("Stalling is not a strategy.")
    dialog.get_by_role("button", name="I understand").click()
    expect(second.locator("dialog.warning-dialog")).to_have_count(0)

    reload_and_wait_for_warnings(first)
    expect(first.locator("dialog.warning-dialog")).to_have_count(0)

    # A new warning still shows on the first phone, alone.
    warn("bob", "Second warning: stalling again.")
    reload_and_wait_for_warnings(first)
    dialog = warning_dialog(first)
    expect(dialog.locator(".warning-reason")).to_have_text(["Second warning: stalling again."])
