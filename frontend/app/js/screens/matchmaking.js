// Find players: join the matchmaking queue with your wishes, then wait (position, time
// waited, rating gap) until a table is found; /ws/me/ says `matched`, and a status poll
// notices it too when the socket is down.
import { api, results } from "../api.js";
import { announce, h, mount, toast } from "../dom.js";
import { t } from "../i18n.js";
import { MeFeed } from "../socket.js";
import { appHeader } from "./chrome.js";
import { SPEEDS, wishesForm } from "./matchmakingform.js";

const POLL_MS = 3000;
const WISHES_KEY = "barkside.queue";

// "1:05", "1:02:03": time waited and time left.
export function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return hh ? `${hh}:${String(mm).padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

function speedText(seconds) {
  const preset = SPEEDS.find(([value]) => value === seconds);
  return preset ? t(preset[1]) : `${seconds} s`;
}

function savedWishes() {
  try {
    return { sizes: [3, 4, 5, 6], time_per_move: 60, rated: true, ai_fill: true, ...JSON.parse(localStorage.getItem(WISHES_KEY) || "{}") };
  } catch (err) {
    return { sizes: [3, 4, 5, 6], time_per_move: 60, rated: true, ai_fill: true };
  }
}

async function myGameIds() {
  try {
    return new Set(results(await api.games()).map((g) => g.id));
  } catch (err) {
    return new Set();
  }
}

export function renderMatchmaking() {
  let closed = false;
  let status = null; // the last queue status
  let statusAt = 0; // when it arrived (ms), for the ticking clock
  let known = null; // my games before the table was found
  let pollTimer = null;
  let tickTimer = null;
  const body = h("div", { class: "mm-body" }, h("p", { class: "muted" }, t("loading")));

  function stop() {
    clearInterval(pollTimer);
    clearInterval(tickTimer);
    pollTimer = tickTimer = null;
  }

  function openGame(id) {
    if (closed) return;
    closed = true;
    stop();
    toast(t("mm.found"), 2000);
    location.hash = `#/game/${id}`;
  }

  // Not queued any more after having been: the table was found; open the new game.
  async function findNewGame() {
    try {
      const games = results(await api.games());
      const fresh = games.filter((g) => !known || !known.has(g.id))
        .filter((g) => g.status !== "finished" && g.status !== "aborted")
        .sort((a, b) => b.id - a.id);
      if (fresh.length) {
        openGame(fresh[0].id);
        return true;
      }
    } catch (err) { /* the next poll tries again */ }
    return false;
  }

  async function poll() {
    if (closed) return;
    try {
      const next = await api.queueStatus();
      if (closed) return;
      if (next.queued) {
        show(next);
      } else if (status && status.queued) {
        if (!(await findNewGame())) {
          status = null;
          drawForm();
        }
      }
    } catch (err) {
      if (err.status === 401 || err.status === 403) location.hash = "#/login";
    }
  }

  function show(next) {
    const wasQueued = status && status.queued;
    status = next;
    statusAt = Date.now();
    if (!wasQueued) drawQueued();
    else updateQueued();
    if (!pollTimer) pollTimer = setInterval(() => { if (document.visibilityState !== "hidden") poll(); }, POLL_MS);
    if (!tickTimer) tickTimer = setInterval(tick, 1000);
  }

  // The queued view: live numbers in place, so focus and screen readers are not disturbed.
  const position = h("p", { class: "mm-position" });
  const waited = h("p", { class: "mm-waited" });
  const gap = h("p", { class: "mm-gap" });
  const aiFill = h("p", { class: "mm-ai hint" });
  const wishes = h("p", { class: "muted mm-wishes" });

  function tick() {
    if (!status || !status.queued) return;
    const elapsed = (Date.now() - statusAt) / 1000;
    waited.textContent = t("mm.waited", { time: clockText(status.waited + elapsed) });
    if (status.ai_fill_in === null || status.ai_fill_in === undefined) aiFill.textContent = "";
    else {
      const left = status.ai_fill_in - elapsed;
      aiFill.textContent = left > 0 ? t("mm.aiIn", { time: clockText(left) }) : t("mm.aiSoon");
    }
  }

  function updateQueued() {
    position.textContent = t("mm.position", { n: status.position, total: status.waiting });
    gap.textContent = t("mm.gap", { n: status.gap });
    wishes.textContent = t("mm.wishes", {
      sizes: (status.sizes || []).join(", "),
      speed: speedText(status.time_per_move),
      kind: status.rated ? t("mm.rated") : t("mm.casual"),
    });
    tick();
  }

  async function leave(button) {
    button.disabled = true;
    try {
      await api.queueLeave();
      stop();
      status = null;
      drawForm();
    } catch (err) {
      if (err.status === 404) {
        // A table was found just before: go there.
        if (!(await findNewGame())) { status = null; drawForm(); }
      } else {
        toast(err.status === 0 ? t("error.offline") : err.detail || t("error.generic"));
        button.disabled = false;
      }
    }
  }

  function drawQueued() {
    const leaveBtn = h("button", { class: "btn danger wide", type: "button", onclick: () => leave(leaveBtn) }, t("mm.leave"));
    body.replaceChildren(
      h("section", { class: "card-panel mm-queued", "aria-labelledby": "mm-queued-h" },
        h("h2", { id: "mm-queued-h" }, t("mm.queued")),
        wishes, position, waited, gap, aiFill,
        leaveBtn),
    );
    updateQueued();
    announce(t("mm.queued"));
  }

  // Joining the queue with the wishes the form gives (drawn in matchmakingform.js).
  async function join(wish, { error, submit }) {
    localStorage.setItem(WISHES_KEY, JSON.stringify(wish));
    submit.disabled = true;
    known = await myGameIds();
    try {
      const next = await api.queueJoin(wish);
      if (next.queued) show(next);
      else if (!(await findNewGame())) { submit.disabled = false; }
    } catch (err) {
      if (err.code === "already_queued") { poll(); return; }
      error.textContent = err.status === 0 ? t("error.offline") : err.detail || t("error.generic");
      submit.disabled = false;
    }
  }

  function drawForm() {
    body.replaceChildren(h("p", {}, t("mm.intro")), wishesForm(savedWishes(), join));
  }

  mount(
    appHeader({ title: t("mm.title") }),
    h("section", { class: "screen matchmaking" },
      h("h1", {}, t("mm.title")),
      body),
  );

  (async () => {
    known = await myGameIds();
    try {
      const first = await api.queueStatus();
      if (closed) return;
      if (first.queued) show(first);
      else drawForm();
    } catch (err) {
      if (err.status === 401 || err.status === 403) location.hash = "#/login";
      else drawForm();
    }
  })();

  const feed = new MeFeed((msg) => {
    if (msg && msg.type === "matched" && msg.game) openGame(msg.game);
    else if (status && status.queued) poll();
  });
  return () => {
    closed = true;
    stop();
    feed.close();
  };
}
