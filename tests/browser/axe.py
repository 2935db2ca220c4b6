"""axe-core for the browser tests: the vendored current release (axe-core/, README there),
run through axe-playwright-python, whose own bundled axe-core is older."""

from pathlib import Path

from axe_playwright_python.sync_playwright import Axe as LibraryAxe
from playwright.sync_api import Page

AXE_VERSION = "4.14.1"
AXE_SCRIPT = (Path(__file__).parent / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
BAD = {"serious", "critical"}


class Axe(LibraryAxe):
    def __init__(self, axe_script: str = AXE_SCRIPT) -> None:
        super().__init__(axe_script=axe_script)


def serious_violations(page: Page) -> list[str]:
    """Every serious or critical axe violation on the page as it is now, with where."""
    page.wait_for_timeout(600)  # let entry animations finish (axe reads final colours)
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in BAD
    ]
