"""axe-core finds no serious or critical issue on the home, table and rules screens."""

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from .conftest import screenshot, sign_up, start_ai_game

BAD = {"serious", "critical"}


def serious_violations(page: Page) -> list[str]:
    page.wait_for_timeout(600)  # let entry animations finish (axe reads final colours)
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in BAD
    ]


def test_home_table_and_rules_have_no_serious_axe_violations(phone):
    sign_up(phone, "alice")
    assert serious_violations(phone) == []
    start_ai_game(phone)
    assert serious_violations(phone) == []
    screenshot(phone, "table-passing")
    phone.goto("/#/rules")
    phone.get_by_role("heading", name="How to play The Bark Side").wait_for()
    assert serious_violations(phone) == []
    screenshot(phone, "rules")
