"""On the phone: your own profile (no "null", the 1500? rating explained, reputation),
the rules on timeouts and ratings, and the notification settings saved on the server."""

from playwright.sync_api import expect

from notifications.models import NotificationSettings

from .conftest import screenshot, sign_up
from .test_accessibility import serious_violations


def test_my_own_profile_explains_the_rating_and_shows_no_null(phone):
    sign_up(phone, "alice")
    phone.goto("/#/players/alice")
    body = phone.locator(".profile-body")
    expect(body.get_by_text("this is you")).to_be_visible()
    expect(body.locator(".rating").first).to_have_text("1500?")
    expect(body.get_by_text("very likely 833–2167").first).to_be_visible()
    expect(body.get_by_text("Everyone starts at 1500.")).to_be_visible()
    expect(body.get_by_text("No finished games yet, so no reputation.")).to_be_visible()
    assert "null" not in body.inner_text()
    assert serious_violations(phone) == []
    screenshot(phone, "profile-own")


def test_the_rules_say_how_timeouts_and_resignations_rate(phone):
    phone.goto("/#/rules")
    section = phone.get_by_role("heading", name="Timeouts, resignations and ratings")
    expect(section).to_be_visible()
    expect(phone.get_by_text("is rated as last place, below everyone who stayed")).to_be_visible()
    expect(phone.get_by_text("A player in first place never loses rating points.")).to_be_visible()


def test_quiet_hours_and_kinds_are_saved_for_the_account(phone):
    sign_up(phone, "alice")
    phone.goto("/#/settings")
    panel = phone.locator("section", has=phone.get_by_role("heading", name="Reminders and emails"))
    expect(panel.get_by_label("My time zone")).to_be_visible()
    panel.get_by_label("Quiet hours").check()
    panel.get_by_label("From").fill("23:00")
    panel.get_by_label("to", exact=True).fill("06:30")
    panel.get_by_label("to", exact=True).dispatch_event("change")
    panel.get_by_label("my turn is half over, and an hour before its end").uncheck()
    panel.get_by_label("someone writes at my table").uncheck()
    expect(panel.get_by_label("matchmaking finds me a table")).to_be_checked()
    expect(phone.get_by_text("Saved.").first).to_be_visible()
    assert serious_violations(phone) == []
    screenshot(phone, "settings-notifications")

    def saved():
        prefs = NotificationSettings.objects.filter(user__username="alice").first()
        return prefs and (
            str(prefs.quiet_start),
            str(prefs.quiet_end),
            prefs.switches.get("push_reminders", True),
            prefs.switches.get("push_chat", True),
            prefs.switches.get("push_matchmaking", True),
        )

    phone.reload()  # what the page shows now comes from the server
    expect(
        phone.get_by_label("my turn is half over, and an hour before its end")
    ).not_to_be_checked()
    expect(phone.get_by_label("someone writes at my table")).not_to_be_checked()
    expect(phone.get_by_label("From")).to_have_value("23:00")
    assert saved() == ("23:00:00", "06:30:00", False, False, True)


def test_quick_changes_reach_the_server_in_the_order_made(phone):
    """The first change held on its way while the next is made: without waiting its turn,
    the next would land first and the older value be the one kept."""
    sign_up(phone, "alice")
    phone.goto("/#/settings")
    panel = phone.locator("section", has=phone.get_by_role("heading", name="Reminders and emails"))
    expect(panel.get_by_label("My time zone")).to_be_visible()
    held, sent, done = [], [], []

    def hold_the_first_change(route):
        if route.request.method == "PATCH" and not held:
            held.append(route)
        else:
            route.continue_()

    phone.route("**/api/notifications/settings", hold_the_first_change)
    phone.on("request", lambda r: r.method == "PATCH" and sent.append(r))
    phone.on("requestfinished", lambda r: r.method == "PATCH" and done.append(r))
    panel.get_by_label("Quiet hours").check()  # saves 22:00-07:00, held
    panel.get_by_label("to", exact=True).fill("06:30")
    panel.get_by_label("to", exact=True).dispatch_event("change")  # saves 22:00-06:30
    phone.wait_for_timeout(500)  # time for the second to land first, if it may
    [first] = held
    first.continue_()
    for _ in range(100):  # every change answered: events are handled while the page waits
        if len(done) == len(sent) >= 2:
            break
        phone.wait_for_timeout(50)
    assert len(done) == len(sent) >= 2
    prefs = NotificationSettings.objects.get(user__username="alice")
    assert (str(prefs.quiet_start), str(prefs.quiet_end)) == ("22:00:00", "06:30:00")
