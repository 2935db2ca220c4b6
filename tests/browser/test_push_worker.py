"""The service worker shows a notification for every push (iOS revokes a subscription
after three silent ones): frontend/sw.js run in Chromium with a stand-in for the worker's
globals, its push listener handed real-looking events."""

from pathlib import Path

import pytest

SW = (Path(__file__).resolve().parents[2] / "frontend" / "sw.js").read_text()

# Runs sw.js with fake `self`, `caches` and `fetch`, then hands each payload to its push
# listener and answers what showNotification was called with, one entry per push.
HARNESS = """async ([source, pushes, visibleUrl]) => {
  const listeners = {};
  const shown = [];
  const self = {
    location: { origin: "https://barkside.example" },
    addEventListener: (type, fn) => { listeners[type] = fn; },
    skipWaiting: async () => {},
    registration: { showNotification: async (title, options) => { shown.push({ title, ...options }); } },
    clients: {
      claim: async () => {},
      matchAll: async () => visibleUrl
        ? [{ url: "https://barkside.example" + visibleUrl, visibilityState: "visible" }]
        : [],
    },
  };
  new Function("self", "caches", "fetch", source)(self, {}, async () => { throw new Error("offline"); });
  const counts = [];
  for (const push of pushes) {
    const before = shown.length;
    const waits = [];
    const data = push === null ? null : {
      json: () => JSON.parse(push),
      text: () => push,
    };
    listeners.push({ data, waitUntil: (p) => waits.push(p) });
    await Promise.all(waits);
    counts.push(shown.length - before);
  }
  return { counts, shown };
}"""

GAME_PUSH = (
    '{"kind": "your_turn", "game": 7, "title": "Your turn", "body": "Game #7", '
    '"tag": "game-7", "url": "/#/game/7"}'
)


@pytest.fixture
def run_pushes(browser):
    context = browser.new_context()
    page = context.new_page()

    def run(pushes, visible_url=None):
        return page.evaluate(HARNESS, [SW, pushes, visible_url])

    yield run
    context.close()


def test_every_push_shows_a_notification_whatever_it_carries(run_pushes):
    pushes = [
        GAME_PUSH,
        '{"kind": "something_new", "extra": 1}',  # a kind this worker does not know
        "not json at all",
        "[1, 2, 3]",
        "null",
        "",
        None,  # a push without data
    ]
    result = run_pushes(pushes)
    assert result["counts"] == [1] * len(pushes)
    first, unknown, text, *_ = result["shown"]
    assert (first["title"], first["body"], first["tag"]) == ("Your turn", "Game #7", "game-7")
    assert unknown["title"] == "Barkside" and unknown["data"]["url"] == "/#/"
    assert text["body"] == "not json at all"


def test_a_push_for_the_game_on_screen_is_shown_silently(run_pushes):
    result = run_pushes([GAME_PUSH], visible_url="/#/game/7")
    assert result["counts"] == [1]
    [shown] = result["shown"]
    assert shown["silent"] is True and shown["renotify"] is False
    elsewhere = run_pushes([GAME_PUSH], visible_url="/#/game/8")["shown"][0]
    assert elsewhere["silent"] is False
