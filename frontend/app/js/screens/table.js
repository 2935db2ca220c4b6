// The game route: live updates from the feed, paced so successive moves (an AI's, say)
// appear one by one, and the moves sent from the table. The state and the reducer of
// incoming views: tablestate.js; drawing: tableview.js (the pieces: tableparts.js).
import { api } from "../api.js";
import { cardsText } from "../cards.js";
import { announce, h, mount, toast } from "../dom.js";
import { t } from "../i18n.js";
import { nudge, prefs } from "../prefs.js";
import { GameFeed } from "../socket.js";
import { session } from "../store.js";
import { TableChat } from "./chat.js";
import { confirmDialog } from "./confirm.js";
import { openReportDialog, toggleMute } from "./moderation.js";
import { appHeader, gameNumber } from "./chrome.js";
import { hintText, timeLeft } from "./tableparts.js";
import { missingRounds, newTableState, receive, receiveRounds, tapCard } from "./tablestate.js";
import { drawGame, statusPill } from "./tableview.js";

const STEP_MS = 700; // at least this long between two views, so each move can be read

export function joinAndOpen(id, inviteCode) {
  mount(appHeader(), h("section", { class: "screen" }, h("p", { class: "loading" }, t("join.joining"))));
  api.join(id, inviteCode)
    .catch((err) => {
      // Already seated (a second tap on the link) is fine: open the table.
      if (err.code !== "already_seated") toast(err.detail || t("error.generic"));
    })
    .finally(() => { location.replace(`#/game/${id}`); });
}

function errorText(err) {
  return err.status === 0 ? t("error.offline") : err.detail || t("error.generic");
}

// Incoming views, shown at most one per STEP_MS; far behind (a tab woken up), only the
// newest few. `show(game)` folds one into the state and draws it.
function pacer(ctx, draw) {
  const queue = [];
  let timer = null;
  let lastShown = 0;
  function show(game) {
    const wasMine = ctx.game && (ctx.game.view?.legal_moves || []).length > 0;
    for (const m of receive(ctx, game)) announce(m);
    if (!wasMine && (game.view?.legal_moves || []).length) nudge();
    draw();
    lastShown = Date.now();
  }
  function pump() {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      while (queue.length > 3) queue.shift();
      const game = queue.shift();
      if (game) show(game);
      if (queue.length) pump();
    }, Math.max(0, lastShown + STEP_MS - Date.now()));
  }
  return {
    push(game) { queue.push(game); pump(); },
    // My own move's answer: shown at once, and the views queued before it dropped (they
    // would show the move as not made yet, and offer it again).
    answer(game) {
      queue.splice(0, queue.length, ...queue.filter((g) => g.version > game.version));
      for (const line of receive(ctx, game)) announce(line);
      lastShown = Date.now();
    },
    stop() { clearTimeout(timer); },
  };
}

function notFound(feed) {
  mount(appHeader(), h("section", { class: "screen center-screen" },
    h("h1", {}, t("table.notFound")), h("a", { class: "btn", href: "#/" }, t("nav.home"))));
  feed.close();
}

function openFeed(ctx, id, pace) {
  const feed = new GameFeed(id, {
    onGame: (game) => pace.push(game),
    onStatus: (status) => {
      ctx.status = status;
      const pill = document.getElementById("conn");
      if (pill) pill.replaceWith(statusPill(status));
      if (ctx.chat) ctx.chat.setLive(status === "live");
    },
    onChat: (msg) => {
      if (!ctx.chat) return; // the chat fetches everything when it opens
      if (msg.type === "chat_hidden") ctx.chat.hide(msg.id);
      else ctx.chat.add([msg]);
    },
    onError: (err) => {
      if (err.status === 404) notFound(feed);
      else if (err.status === 401 || err.status === 403) location.hash = "#/login";
    },
  });
  return feed;
}

function confirmText(m) {
  const key = { pass: "confirm.pass", play: "confirm.play", tuck: "confirm.tuck" }[m.kind];
  return t(key, { cards: cardsText(m.cards) });
}

// A move: asked first when the setting says so, then sent with the version of the view
// it was chosen from (the server accepts it while nothing that bears on this choice has
// changed: docs/architecture.md, stale moves).
function moveActions(ctx, id, feed, pace, draw) {
  async function send(m) {
    ctx.busy = true;
    draw();
    try {
      const next = await api.move(id, m.kind, m.cards, ctx.game.view.version);
      ctx.selected = [];
      feed.deliver(next);
      pace.answer(next);
    } catch (err) {
      toast(err.code === "stale_version" ? t("error.stale") : errorText(err));
      feed.refresh();
    } finally {
      ctx.busy = false;
      draw();
    }
  }
  return {
    move(m) {
      if (!prefs().confirmMoves) return send(m);
      confirmDialog({
        id: "confirm-move", title: t("confirm.title"), text: confirmText(m),
        confirm: t("confirm.yes"), cancel: t("confirm.no"), onConfirm: () => send(m),
      });
      return null;
    },
    tap(strength, index, count) {
      tapCard(ctx, strength, index, count);
      draw();
    },
    // The move `swift` suggests for my seat: its cards outlined in my hand, nothing played.
    async hint() {
      try {
        ctx.hint = await api.hint(id);
        announce(hintText(ctx.hint.move));
      } catch (err) {
        toast(errorText(err));
      } finally {
        draw();
      }
    },
  };
}

// Resigning (behind a question), taking the seat back from the autopilot.
function seatActions(id, feed) {
  const call = async (request) => {
    try {
      feed.deliver(await request());
    } catch (err) {
      toast(errorText(err));
    }
  };
  return {
    resign() {
      confirmDialog({
        id: "resign", title: t("resign.title"), text: t("resign.text"), danger: true,
        confirm: t("resign.yes"), cancel: t("resign.no"), onConfirm: () => call(() => api.resign(id)),
      });
    },
    retake() { call(() => api.retake(id)); },
  };
}

// The tabs, the notice, the chat, and report and mute for the other people at the table.
function panelActions(ctx, id, draw) {
  return {
    showPanel(panel) {
      ctx.panel = ctx.panel === panel ? "trick" : panel;
      draw();
    },
    dismissNotice() {
      ctx.notice = null;
      draw();
    },
    chat(player) {
      if (!ctx.chat) {
        const user = session.get().user;
        ctx.chat = new TableChat(id, { me: user && user.username, canPost: player, muted: ctx.muted });
        ctx.chat.setLive(ctx.status === "live");
      }
      return ctx.chat.el;
    },
    people: {
      muted: ctx.muted,
      report: (username) => openReportDialog({ username, gameId: id }),
      mute: (username) => toggleMute(username, ctx.muted, () => {
        if (ctx.chat) ctx.chat.refilter();
        draw();
      }),
    },
  };
}

// Whom I muted before, so the seats' Mute buttons tell the truth from the start (no
// list, e.g. offline: they start as "Mute", and pressing one still works).
function loadMutes(ctx, draw) {
  if (!session.get().user) return;
  api.mutes().then((list) => {
    for (const m of list) ctx.muted.add(m.username);
    if (ctx.chat) ctx.chat.refilter();
    draw();
  }).catch(() => {});
}

// The finished rounds the views did not bring (each brings the newest only): a table
// opened late, or views skipped while away. All of them in one request, one at a time;
// one that failed is asked again at the next draw.
function roundsFetcher(ctx, draw) {
  let asking = false;
  return () => {
    if (asking || !missingRounds(ctx)) return;
    asking = true;
    api.rounds(ctx.id)
      .then((body) => { receiveRounds(ctx, body.rounds); draw(); })
      .catch(() => {})
      .finally(() => { asking = false; });
  };
}

// The clocks tick between views; the low-time warning is switched on here too.
function tickClocks() {
  for (const el of document.querySelectorAll(".timer[data-deadline]")) {
    el.querySelector(".timer-text").textContent = timeLeft(el.dataset.deadline);
    el.classList.toggle("low", new Date(el.dataset.deadline).getTime() - Date.now() < Number(el.dataset.low));
  }
}

export function renderGame(id) {
  const ctx = newTableState(id);
  const act = {};
  let open = true; // answers that come after leaving the game (rounds, mutes) draw nothing
  const fetchRounds = roundsFetcher(ctx, () => open && drawGame(ctx, act));
  const draw = () => {
    if (!open) return;
    fetchRounds();
    drawGame(ctx, act);
  };
  mount(appHeader({ title: t("table.title", { id: gameNumber(id) }) }), h("section", { class: "screen" }, h("p", { class: "loading" }, t("loading"))));
  const pace = pacer(ctx, draw);
  const feed = openFeed(ctx, id, pace);
  Object.assign(act, moveActions(ctx, id, feed, pace, draw), seatActions(id, feed), panelActions(ctx, id, draw));
  loadMutes(ctx, draw);
  const clock = setInterval(tickClocks, 1000);
  return () => {
    open = false;
    feed.close();
    if (ctx.chat) ctx.chat.close();
    pace.stop();
    clearInterval(clock);
  };
}
