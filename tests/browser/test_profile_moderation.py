"""From a player's profile: report, block and mute them; in Settings, see and undo it.

Alice opens Bob's profile on her phone, reports his name, blocks and mutes him, then
finds him in Settings under "Blocked players" and unblocks him there.
"""

from playwright.sync_api import expect

from moderation.models import Block, Mute, Report

from .conftest import screenshot, sign_up
from .test_accessibility import serious_violations

COMMENT = "His name is a slur in my language."


def assert_tappable(button):
    expect(button).to_be_visible()
    box = button.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44


def test_alice_reports_and_blocks_bob_from_his_profile_then_unblocks_him_in_settings(
    phone, make_user
):
    make_user("bob")
    sign_up(phone, "alice")
    phone.goto("/#/players/bob")
    expect(phone.get_by_role("heading", name="bob", exact=True)).to_be_visible()

    report = phone.get_by_role("button", name="Report bob")
    block = phone.get_by_role("button", name="Block bob")
    mute = phone.get_by_role("button", name="Mute bob")
    for button in (report, block, mute):
        assert_tappable(button)
    assert serious_violations(phone) == []
    screenshot(phone, "profile-moderation")

    # The report: the table's dialog, without a game.
    report.click()
    dialog = phone.get_by_role("dialog", name="Report bob")
    expect(dialog).to_be_visible()
    dialog.get_by_role("radio", name="Offensive name").check()
    dialog.get_by_label("Comment (optional)").fill(COMMENT)
    screenshot(phone, "profile-report-dialog")
    dialog.get_by_role("button", name="Send report").click()
    received = phone.get_by_role("dialog", name="Report received")
    expect(received.get_by_role("status")).to_have_text("Thank you. A moderator will look at it.")
    received.get_by_role("button", name="Close").click()
    expect(phone.locator("dialog")).to_have_count(0)

    report_row = Report.objects.get()
    assert (report_row.reporter.username, report_row.reported.username) == ("alice", "bob")
    assert (report_row.reason, report_row.comment) == ("offensive_name", COMMENT)
    assert report_row.game is None and report_row.message is None

    # The block: first what it does, then the profile says it is done.
    block.click()
    confirm = phone.get_by_role("dialog", name="Block bob?")
    expect(confirm).to_contain_text("you will never be seated at the same table as bob")
    expect(confirm).to_contain_text("you won't see their chat")
    screenshot(phone, "profile-block-confirm")
    confirm.get_by_role("button", name="Block", exact=True).click()
    unblock = phone.get_by_role("button", name="Unblock bob")
    expect(unblock).to_be_visible()
    expect(unblock).to_be_focused()
    expect(phone.locator(".person-state")).to_have_text(
        "You blocked bob: you are never seated together when looking for players, "
        "and you don't see their chat."
    )
    assert list(Block.objects.values_list("blocker__username", "blocked__username")) == [
        ("alice", "bob")
    ]

    phone.get_by_role("button", name="Mute bob").click()
    expect(phone.get_by_role("button", name="Unmute bob")).to_be_visible()
    assert Mute.objects.filter(muter__username="alice", muted__username="bob").exists()

    # The profile remembers both: they come from the server.
    phone.reload()
    expect(phone.get_by_role("button", name="Unblock bob")).to_be_visible()
    expect(phone.get_by_role("button", name="Unmute bob")).to_be_visible()
    screenshot(phone, "profile-blocked")

    # Settings: Bob under "Blocked players" and "Muted players".
    phone.get_by_role("link", name="Settings").first.click()
    blocked = phone.get_by_role("region", name="Blocked players")
    muted = phone.get_by_role("region", name="Muted players")
    expect(blocked.get_by_role("listitem")).to_have_count(1)
    expect(blocked.get_by_role("listitem")).to_contain_text("bob")
    expect(muted.get_by_role("listitem")).to_contain_text("bob")
    unblock_there = blocked.get_by_role("button", name="Unblock bob")
    assert_tappable(unblock_there)
    assert serious_violations(phone) == []
    screenshot(phone, "settings-blocked-muted")

    unblock_there.click()
    expect(blocked.get_by_text("You haven't blocked anyone.")).to_be_visible()
    expect(blocked.get_by_role("listitem")).to_have_count(0)
    assert not Block.objects.exists()
    expect(muted.get_by_role("listitem")).to_contain_text("bob")  # a mute is separate
    assert Mute.objects.exists()
    screenshot(phone, "settings-unblocked")


def test_your_own_profile_has_nothing_to_report_or_block(phone):
    sign_up(phone, "alice")
    phone.goto("/#/players/alice")
    expect(phone.get_by_text("this is you")).to_be_visible()
    expect(phone.get_by_role("button", name="Report alice")).to_have_count(0)
    expect(phone.get_by_role("button", name="Block alice")).to_have_count(0)
    expect(phone.get_by_role("button", name="Mute alice")).to_have_count(0)


def test_settings_say_when_nobody_is_blocked_or_muted(phone):
    sign_up(phone, "alice")
    phone.get_by_role("link", name="Settings").first.click()
    expect(phone.get_by_text("You haven't blocked anyone.")).to_be_visible()
    expect(phone.get_by_text("You haven't muted anyone.")).to_be_visible()
