"""Table chat, a report from a phone, and a moderator acting on it in the admin.

Bob says something nasty (with markup in it) at a private table; Alice sees it as plain
text and reports it from the message; a moderator on a desktop opens the report in the
Django admin, sees the chat around it (escaped) and warns Bob with a reason.
"""

import re

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from playwright.sync_api import expect

from moderation.models import ModerationAction, Report

from .conftest import PASSWORD, screenshot, seat_alice_and_bob

PAYLOAD = "<script>alert(1)</script> you dog"
DESKTOP = {"width": 1280, "height": 900}
REASON = "Abusive chat at table: first warning."


def open_chat(page):
    page.get_by_role("button", name=re.compile(r"^Chat")).click()
    chat = page.locator("details.chat-details")
    if chat.get_attribute("open") is None:
        chat.locator("summary").click()
    expect(page.get_by_label("Message to the table")).to_be_visible()


def make_moderator(username="mod"):
    user = get_user_model().objects.create_user(username, password=PASSWORD, is_staff=True)
    user.user_permissions.add(
        Permission.objects.get(codename="moderate", content_type__app_label="moderation")
    )
    return user


def test_a_reported_chat_message_reaches_the_moderator_who_warns(
    new_phone, browser, live_server, transactional_db
):
    dialogs = []

    def watch(page):
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        return page

    alice, bob = watch(new_phone()), watch(new_phone())
    seat_alice_and_bob(alice, bob)

    # The report and mute actions are on the other person's seat, big enough to tap.
    alice.get_by_role("button", name="Players").click()
    report_bob = alice.get_by_role("button", name="Report bob")
    expect(report_bob).to_be_visible()
    box = report_bob.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    expect(alice.get_by_role("button", name="Mute bob")).to_be_visible()

    # Bob chats (over REST: the live server has no sockets).
    open_chat(bob)
    bob.get_by_label("Message to the table").fill(PAYLOAD)
    bob.get_by_role("button", name="Send").click()
    expect(bob.locator(".chat-msg.mine .chat-text")).to_have_text(PAYLOAD)
    expect(bob.get_by_label("Message to the table")).to_have_value("")

    # Alice's phone polls the chat and shows the message as text, never as markup.
    open_chat(alice)
    line = alice.locator(".chat-msg", has_text="you dog")
    expect(line.locator(".chat-text")).to_have_text(PAYLOAD, timeout=15000)
    expect(line.locator(".chat-who")).to_have_text("bob")
    assert alice.locator(".chat-list script").count() == 0
    line.scroll_into_view_if_needed()
    screenshot(alice, "chat")

    # Alice reports the message.
    line.get_by_role("button", name="Report this message from bob").click()
    dialog = alice.get_by_role("dialog", name="Report bob")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("radio", name="Abusive chat")).to_be_checked()
    dialog.get_by_label("Comment (optional)").fill("Called me a dog.")
    screenshot(alice, "report-dialog")
    dialog.get_by_role("button", name="Send report").click()
    expect(alice.get_by_role("heading", name="Report received")).to_be_visible()
    alice.get_by_role("button", name="Close").click()
    expect(alice.locator("dialog.report-dialog")).to_have_count(0)

    report = Report.objects.get()
    assert (report.reporter.username, report.reported.username) == ("alice", "bob")
    assert report.reason == "abusive_chat" and report.message.text == PAYLOAD
    assert report.status == Report.Status.OPEN

    # The moderator, at a desk.
    make_moderator()
    context = browser.new_context(viewport=DESKTOP, base_url=live_server.url)
    try:
        mod = watch(context.new_page())
        mod.set_default_timeout(15000)
        mod.goto("/admin/login/?next=/admin/moderation/report/")
        mod.locator("#id_username").fill("mod")
        mod.locator("#id_password").fill(PASSWORD)
        mod.locator("input[type=submit]").click()

        # The open reports: Bob's is there.
        rows = mod.locator("#result_list tbody tr")
        expect(rows).to_have_count(1)
        expect(rows.first).to_contain_text("bob")
        expect(rows.first).to_contain_text("Abusive Chat")
        rows.first.locator("th a, td a").first.click()

        # The report's page: the chat around the message, escaped.
        chat = mod.locator("#report-chat")
        expect(chat).to_contain_text(PAYLOAD)
        assert chat.locator("script").count() == 0
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in mod.content()
        screenshot(mod, "moderation-report")

        # Back to the list: select it, warn, give the reason, confirm.
        mod.goto("/admin/moderation/report/")
        mod.locator(f'input[name="_selected_action"][value="{report.pk}"]').check()
        mod.locator('select[name="action"]').select_option("warn")
        mod.locator('button[name="index"]').click()
        expect(mod.get_by_text("Warn the reported user: 1 report.")).to_be_visible()
        mod.locator("#id_reason").fill(REASON)
        mod.locator('input[name="apply"]').click()
        expect(mod.locator(".messagelist")).to_contain_text("Warn the reported user: 1 report.")

        # No longer open: the default (open) list is empty.
        expect(mod.locator("#result_list tbody tr")).to_have_count(0)
    finally:
        context.close()

    report.refresh_from_db()
    assert report.status == Report.Status.ACTIONED
    action = ModerationAction.objects.get(report=report)
    assert action.action == ModerationAction.Kind.WARN
    assert action.reason == REASON
    assert (action.target.username, action.moderator.username) == ("bob", "mod")
    assert dialogs == []


def test_the_table_remembers_whom_you_muted(new_phone, live_server, transactional_db):
    alice, bob = new_phone(), new_phone()
    seat_alice_and_bob(alice, bob)
    alice.get_by_role("button", name="Players").click()
    alice.get_by_role("button", name="Mute bob").click()
    expect(alice.get_by_role("button", name="Unmute bob")).to_be_visible()
    alice.reload()
    expect(alice.locator(".hand-card").first).to_be_visible()
    alice.get_by_role("button", name="Players").click()
    expect(alice.get_by_role("button", name="Unmute bob")).to_be_visible()
