"""Two people at one private table, each on their own phone, joined by the invite link."""

from playwright.sync_api import expect

from .conftest import seat_alice_and_bob

SYNCED = """([version]) => {
  const table = document.querySelector("section.table");
  return table && Number(table.dataset.version) >= version;
}"""


def test_a_move_on_one_phone_appears_on_the_other_without_reload(new_phone):
    alice, bob = new_phone(), new_phone()
    seat_alice_and_bob(alice, bob)
    expect(bob.locator('li.seat[data-seat="0"] .seat-name')).to_have_text("alice")

    # Alice passes: Bob sees it, with no reload.
    cards = alice.locator(".hand-card")
    cards.nth(0).click()
    cards.nth(1).click()
    alice.locator("#act-pass").click()
    expect(bob.locator('li.seat[data-seat="0"] .seat-state')).to_have_text("passed")

    bob.locator(".hand-card").nth(0).click()
    bob.locator(".hand-card").nth(1).click()
    bob.locator("#act-pass").click()

    # Whoever of the two is to play moves; the other phone shows the move in its history.
    for page in (alice, bob):
        page.get_by_role("button", name="History").click()
    for _ in range(20):
        for mover, watcher in ((alice, bob), (bob, alice)):
            table = mover.locator("section.table")
            if (
                table.get_attribute("data-mine") == "yes"
                and table.get_attribute("data-phase") == "tricks"
            ):
                before = int(table.get_attribute("data-version"))
                if table.get_attribute("data-leading") == "yes":
                    mover.locator(".hand-card").first.click()
                    mover.locator("#act-play").click()
                else:
                    mover.locator("#act-tuck").click()
                mover.wait_for_function(SYNCED, arg=[before + 1])
                after = int(mover.locator("section.table").get_attribute("data-version"))
                watcher.wait_for_function(SYNCED, arg=[after], timeout=10000)
                name = "alice" if mover is alice else "bob"
                expect(watcher.locator(".log-list li", has_text=name).first).to_be_attached()
                return
        alice.wait_for_timeout(500)
    raise AssertionError("neither person got a turn")
