"""The app speaks English, French, German and Korean; the choice is remembered."""

from playwright.sync_api import expect

from .conftest import sign_up


def test_switching_to_korean_translates_the_app(phone):
    sign_up(phone, "alice")
    phone.get_by_role("link", name="Settings").first.click()
    phone.get_by_role("radio", name="한국어").check()
    expect(phone.get_by_role("heading", name="설정")).to_be_visible()
    phone.goto("/#/")
    phone.reload()  # remembered
    expect(phone.get_by_role("link", name="AI와 대결")).to_be_visible()
    expect(phone.locator("html")).to_have_attribute("lang", "ko")


def test_a_french_browser_gets_french(new_phone):
    page = new_phone(locale="fr-FR")
    page.goto("/#/rules")
    expect(page.get_by_role("heading", name="Comment jouer à The Bark Side")).to_be_visible()
