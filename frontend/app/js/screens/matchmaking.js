// Find players: join the matchmaking queue with your wishes, then wait (position, time
// waited, rating gap) until a table is found; /ws/me/ says `matched`, and a status poll
// notices it too when the socket is down. The state and the reducer of incoming queue
// statuses are here; drawing is in matchmakingview.js.
import { api, results } from "../api.js";
import { announce, h, mount, toast } from "../dom.js";
import { t } from "../i18n.js";
import { MeFeed } from "../socket.js";
import { session } from "../store.js";
import { appHeader } from "./chrome.js";
import { formPanel, queuedPanel } from "./matchmakingview.js";

export { clockText } from "./matchmakingview.js";

const POLL_MS = 3000;
const WISHES_KEY = "barkside.queue";
const DEFAULT_WISHES = { sizes: [3, 4, 5, 6], time_per_move: 60, rated: true, ai_fill: true };

function savedWishes() {
  try {
    return { ...DEFAULT_WISHES, ...JSON.parse(localStorage.getItem(WISHES_KEY) || "{}") };
  } catch (err) {
    return { ...DEFAULT_WISHES };
  }
}

async function myGameIds() {
  try {
    return new Set(results(await api.games()).map((g) => g.id));
  } catch (err) {
    return new Set();
  }
}

function newQueueState() {
  return {
    closed: false,
    status: null, // the last queue status
    statusAt: 0, // when it arrived (ms), for the ticking clock
    known: null, // my games before the table was found
  };
}

// Fold a queue status from the server into the state: "joined" (now queued), "update"
// (still queued), "left" (queued before, not any more: a table was found, or it ended),
// or "idle".
export function receiveStatus(state, next) {
  const was = !!(state.status && state.status.queued);
  if (next.queued) {
    state.status = next;
    state.statusAt = Date.now();
    return was ? "update" : "joined";
  }
  return was ? "left" : "idle";
}

// My newest unfinished game that was not mine before joining: the table found.
function foundGame(state, games) {
  const fresh = games.filter((g) => !state.known || !state.known.has(g.id))
    .filter((g) => g.status !== "finished" && g.status !== "aborted")
    .sort((a, b) => Date.parse(b.created) - Date.parse(a.created)); // ids are random
  return fresh.length ? fresh[0].id : null;
}

export function renderMatchmaking() {
  const state = newQueueState();
  const timers = { poll: null, tick: null };
  const body = h("div", { class: "mm-body" }, h("p", { class: "muted" }, t("loading")));
  let queued = null; // the queued panel while it is shown

  function stop() {
    clearInterval(timers.poll);
    clearInterval(timers.tick);
    timers.poll = timers.tick = null;
  }

  function openGame(id) {
    if (state.closed) return;
    state.closed = true;
    stop();
    toast(t("mm.found"), 2000);
    location.hash = `#/game/${id}`;
  }

  async function findNewGame() {
    try {
      const id = foundGame(state, results(await api.games()));
      if (id !== null) {
        openGame(id);
        return true;
      }
    } catch (err) { /* the next poll tries again */ }
    return false;
  }

  function tick() {
    if (queued && state.status && state.status.queued) queued.update(state.status, (Date.now() - state.statusAt) / 1000);
  }

  function drawForm() {
    state.status = null;
    queued = null;
    body.replaceChildren(...formPanel(savedWishes(), join, { guest: !!session.get().user?.guest }));
  }

  function drawQueued() {
    queued = queuedPanel(leave);
    body.replaceChildren(queued.el);
    tick();
    announce(t("mm.queued"));
  }

  async function apply(next) {
    const change = receiveStatus(state, next);
    if (change === "joined") drawQueued();
    else if (change === "update") tick();
    else if (change === "left" && !(await findNewGame())) drawForm();
    if (state.status && state.status.queued && !timers.poll) {
      timers.poll = setInterval(() => { if (document.visibilityState !== "hidden") poll(); }, POLL_MS);
      timers.tick = setInterval(tick, 1000);
    }
  }

  async function poll() {
    if (state.closed) return;
    try {
      const next = await api.queueStatus();
      if (!state.closed) await apply(next);
    } catch (err) {
      if (err.status === 401 || err.status === 403) location.hash = "#/login";
    }
  }

  async function leave(button) {
    button.disabled = true;
    try {
      await api.queueLeave();
      stop();
      drawForm();
    } catch (err) {
      if (err.status === 404) {
        // A table was found just before: go there.
        if (!(await findNewGame())) drawForm();
      } else {
        toast(err.status === 0 ? t("error.offline") : err.detail || t("error.generic"));
        button.disabled = false;
      }
    }
  }

  // Joining the queue with the wishes the form gives (drawn in matchmakingform.js).
  async function join(wish, { error, submit }) {
    localStorage.setItem(WISHES_KEY, JSON.stringify(wish));
    submit.disabled = true;
    state.known = await myGameIds();
    try {
      const next = await api.queueJoin(wish);
      if (next.queued) await apply(next);
      else if (!(await findNewGame())) submit.disabled = false;
    } catch (err) {
      if (err.code === "already_queued") { poll(); return; }
      error.textContent = err.status === 0 ? t("error.offline") : err.detail || t("error.generic");
      submit.disabled = false;
    }
  }

  mount(appHeader({ title: t("mm.title") }),
    h("section", { class: "screen matchmaking" }, h("h1", {}, t("mm.title")), body));

  (async () => {
    state.known = await myGameIds();
    try {
      const first = await api.queueStatus();
      if (state.closed) return;
      if (first.queued) await apply(first);
      else drawForm();
    } catch (err) {
      if (err.status === 401 || err.status === 403) location.hash = "#/login";
      else drawForm();
    }
  })();

  const feed = new MeFeed((msg) => {
    if (msg && msg.type === "matched" && msg.game) openGame(msg.game);
    else if (state.status && state.status.queued) poll();
  });
  return () => {
    state.closed = true;
    stop();
    feed.close();
  };
}
