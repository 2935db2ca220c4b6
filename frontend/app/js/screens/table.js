// The game route: live updates from the feed, queued so successive moves (an AI's,
// say) appear one by one; the screen drawn is the waiting room, the table or game over.
import { api } from "../api.js";
import { announce, h, mount, toast } from "../dom.js";
import { t } from "../i18n.js";
import { GameFeed } from "../socket.js";
import { session } from "../store.js";
import { TableChat } from "./chat.js";
import { openReportDialog, toggleMute } from "./moderation.js";
import { appHeader, seatName } from "./chrome.js";
import { renderOver } from "./over.js";
import {
  actionBar, handPanel, lastRoundPanel, moveText, passInfo, roundLog, seatsPanel, timeLeft,
  trickPanel, turnBanner,
} from "./tableparts.js";
import { renderWaiting } from "./waiting.js";

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

function statusPill(status) {
  return h("span", { class: `conn ${status}`, role: "status", id: "conn" },
    h("span", { class: "dot", "aria-hidden": "true" }), t(`conn.${status}`));
}

export function renderGame(id) {
  const ctx = {
    id, game: null, status: "connecting", selected: [], busy: false, legalKey: "",
    lastTrick: null, lastTrickFresh: false, freshInTrick: 0,
    chat: null, muted: new Set(),
  };
  const queue = [];
  let timer = null;
  let lastShown = 0;

  mount(appHeader({ title: t("table.title", { id }) }), h("section", { class: "screen" }, h("p", { class: "loading" }, t("loading"))));

  const feed = new GameFeed(id, {
    onGame: (game) => { queue.push(game); pump(); },
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
      if (err.status === 404) {
        mount(appHeader(), h("section", { class: "screen center-screen" },
          h("h1", {}, t("table.notFound")), h("a", { class: "btn", href: "#/" }, t("nav.home"))));
        feed.close();
      } else if (err.status === 401 || err.status === 403) {
        location.hash = "#/login";
      }
    },
  });

  // Whom I muted before, so the seats' Mute buttons tell the truth from the start (no
  // list, e.g. offline: they start as "Mute", and pressing one still works).
  if (session.get().user) {
    api.mutes().then((list) => {
      for (const m of list) ctx.muted.add(m.username);
      if (ctx.chat) ctx.chat.refilter();
      draw();
    }).catch(() => {});
  }

  function pump() {
    if (timer) return;
    const wait = Math.max(0, lastShown + STEP_MS - Date.now());
    timer = setTimeout(() => {
      timer = null;
      // Far behind (a tab woken up): skip to the newest few.
      while (queue.length > 3) queue.shift();
      const game = queue.shift();
      if (game) {
        show(game);
        lastShown = Date.now();
      }
      if (queue.length) pump();
    }, wait);
  }

  function show(game) {
    const prev = ctx.game;
    if (prev && game.version < prev.version) return;
    ctx.game = game;
    narrate(prev, game);
    draw();
  }

  // What changed since the last view: announced, and the trick that just ended kept.
  function narrate(prev, game) {
    const view = game.view;
    const before = prev && prev.view;
    ctx.freshInTrick = 0;
    ctx.lastTrickFresh = false;
    if (!view) return;
    const legalKey = JSON.stringify(view.legal_moves || []) + view.hand?.join(",");
    if (legalKey !== ctx.legalKey) {
      ctx.legalKey = legalKey;
      ctx.selected = [];
    }
    if (!before) return;
    const messages = [];
    const sameRound = before.round === view.round && before.history.length === view.history.length;
    const oldMoves = sameRound ? before.moves : [];
    if (!sameRound) {
      // The rest of the finished round was played in between: announce its last plays.
      const past = view.history[view.history.length - 1];
      if (past && view.history.length > before.history.length) {
        for (const m of past.moves.slice(before.round === view.history.length ? before.moves.length : 0)) messages.push(moveText(game, m));
        messages.push(t("round.caught", { name: seatName(game, past.loser), cards: past.caught.join(" ") }));
      }
      ctx.lastTrick = null;
    }
    const newMoves = view.moves.slice(oldMoves.length);
    for (const m of newMoves) messages.push(moveText(game, m));
    if (view.trick) {
      ctx.freshInTrick = Math.min(view.trick.moves.length, newMoves.length);
      const oldTrickStart = oldMoves.length - (before.trick ? before.trick.moves.length : 0);
      const newTrickStart = view.moves.length - view.trick.moves.length;
      if (sameRound && newTrickStart > oldTrickStart) {
        // Moves since the trick we last showed began, up to the new lead: the trick(s) just won.
        ctx.lastTrick = { winner: view.trick.leader, moves: view.moves.slice(oldTrickStart, newTrickStart) };
        ctx.lastTrickFresh = newMoves.length > 0;
      }
    }
    if ((view.legal_moves || []).length && !(before.legal_moves || []).length) messages.push(t("turn.yours"));
    if (game.status === "finished" && prev.status !== "finished") messages.push(t("over.title"));
    for (const m of messages) announce(m);
  }

  function tap(strength, index, count) {
    const view = ctx.game.view;
    const key = `${strength}:${index}`;
    let sel = ctx.selected;
    if (sel.includes(key)) {
      sel = sel.filter((k) => k !== key);
    } else if (view.phase === "passing") {
      sel = [...sel, key].slice(-2);
    } else {
      const k = view.trick && view.trick.count;
      const sameStrength = sel.filter((x) => x.startsWith(`${strength}:`));
      if (k && view.to_act.includes(view.seat)) {
        // Following: pick as many of this dog as the trick needs.
        sel = [key];
        for (let i = 0; i < count && sel.length < k; i += 1) if (i !== index) sel.push(`${strength}:${i}`);
      } else {
        sel = [...sameStrength, key];
      }
    }
    ctx.selected = sel;
    draw();
  }

  async function move(m) {
    const game = ctx.game;
    ctx.busy = true;
    draw();
    try {
      const next = await api.move(id, m.kind, m.cards, game.view.version);
      ctx.selected = [];
      feed.deliver(next);
    } catch (err) {
      if (err.code === "stale_version") toast(t("error.stale"));
      else toast(err.status === 0 ? t("error.offline") : err.detail || t("error.generic"));
      feed.refresh();
    } finally {
      ctx.busy = false;
      draw();
    }
  }

  function selectedCards() {
    return ctx.selected.map((k) => Number(k.split(":")[0])).sort((a, b) => a - b);
  }

  function draw() {
    const game = ctx.game;
    if (!game) return;
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.focus : null;
    if (game.status === "open" || !game.view) {
      renderWaiting(game, statusPill(ctx.status));
    } else if (game.status === "finished" || game.status === "aborted" || game.view.phase === "over") {
      renderOver(game, statusPill(ctx.status));
    } else {
      drawTable(game);
    }
    if (focused) {
      const again = document.querySelector(`[data-focus="${focused}"]`);
      if (again && !again.disabled) again.focus({ preventScroll: true });
    }
  }

  function retakePanel(game) {
    const mine = game.seats.find((s) => s.number === game.your_seat);
    if (!mine || mine.state === "playing") return null;
    const retake = async () => {
      try {
        feed.deliver(await api.retake(id));
      } catch (err) {
        toast(err.detail || t("error.generic"));
      }
    };
    return h("div", { class: "panel retake", role: "status" },
      h("p", {}, t("table.autopilot")),
      h("button", { class: "btn primary", type: "button", onclick: retake }, t("table.retake")));
  }

  // Report and mute, for the other people at the table.
  const people = {
    muted: ctx.muted,
    report: (username) => openReportDialog({ username, gameId: id }),
    mute: (username) => toggleMute(username, ctx.muted, () => {
      if (ctx.chat) ctx.chat.refilter();
      draw();
    }),
  };

  function tableChat(player) {
    if (!ctx.chat) {
      const user = session.get().user;
      ctx.chat = new TableChat(id, { me: user && user.username, canPost: player, muted: ctx.muted });
      ctx.chat.setLive(ctx.status === "live");
    }
    return ctx.chat.el;
  }

  function drawTable(game) {
    const view = game.view;
    const player = view.seat !== undefined && view.seat !== null;
    const sel = selectedCards();
    mount(
      appHeader({ title: t("table.titleRound", { id, n: view.round }), status: statusPill(ctx.status) }),
      h("section", {
        class: "screen table",
        // The state in short, for tests and styling; what people read is the text.
        dataset: {
          version: game.version, phase: view.phase, rounds: view.history.length,
          sets: view.sets_unlocked ? "unlocked" : "locked",
          mine: (view.legal_moves || []).length ? "yes" : "no",
          leading: view.trick && view.trick.count === null ? "yes" : "no",
        },
      },
        h("h1", { class: "visually-hidden" }, t("table.heading", { id, round: view.round })),
        turnBanner(game, view),
        retakePanel(game),
        seatsPanel(game, view, people),
        tableChat(player),
        view.phase === "passing" || view.moves.length < view.players ? lastRoundPanel(game, view) : null,
        trickPanel(game, view, ctx),
        player ? handPanel(view, ctx.selected, tap) : h("p", { class: "muted" }, t("table.spectator")),
        player ? passInfo(game, view) : null,
        view.phase !== "passing" && view.moves.length >= view.players ? lastRoundPanel(game, view, { open: false }) : null,
        roundLog(game, view),
      ),
      player ? actionBar(game, view, sel, ctx.busy, move) : null,
    );
  }

  const clock = setInterval(() => {
    for (const el of document.querySelectorAll(".timer[data-deadline]")) {
      el.querySelector(".timer-text").textContent = timeLeft(el.dataset.deadline);
    }
  }, 1000);

  return () => {
    feed.close();
    if (ctx.chat) ctx.chat.close();
    clearTimeout(timer);
    clearInterval(clock);
  };
}
