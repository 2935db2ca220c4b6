// The game route: live updates from the feed, queued so successive moves (an AI's,
// say) appear one by one; the screen drawn is the waiting room, the table or game over.
// State and the reducer of incoming views: tablestate.js; the table's pieces: tableparts.js.
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
import { appHeader } from "./chrome.js";
import { renderOver } from "./over.js";
import {
  actionBar, handPanel, lastRoundPanel, passInfo, roundLog, seatStrip, seatsPanel, tableTabs,
  timeLeft, trickPanel, turnBanner, LOW_TIME_MS,
} from "./tableparts.js";
import { playMotion } from "./tablemotion.js";
import { newTableState, receive, selectedCards, tapCard } from "./tablestate.js";
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
  const ctx = newTableState(id);
  const queue = [];
  let timer = null;
  let lastShown = 0;
  let screen = null; // "waiting" | "table" | "over": game over opens at the top

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
        const wasMine = ctx.game && (ctx.game.view?.legal_moves || []).length > 0;
        for (const m of receive(ctx, game)) announce(m);
        if (!wasMine && (game.view?.legal_moves || []).length) nudge();
        draw();
        lastShown = Date.now();
      }
      if (queue.length) pump();
    }, wait);
  }

  function tap(strength, index, count) {
    tapCard(ctx, strength, index, count);
    draw();
  }

  function moveText(m) {
    if (m.kind === "pass") return t("confirm.pass", { cards: cardsText(m.cards) });
    return m.kind === "play" ? t("confirm.play", { cards: cardsText(m.cards) }) : t("confirm.tuck", { cards: cardsText(m.cards) });
  }

  function move(m) {
    if (!prefs().confirmMoves) return send(m);
    confirmDialog({
      id: "confirm-move", title: t("confirm.title"), text: moveText(m),
      confirm: t("confirm.yes"), cancel: t("confirm.no"), onConfirm: () => send(m),
    });
    return null;
  }

  async function send(m) {
    const game = ctx.game;
    ctx.busy = true;
    draw();
    try {
      // The version of the view the move was chosen from: the server accepts it while
      // nothing that bears on this choice has changed (README: stale moves).
      const next = await api.move(id, m.kind, m.cards, game.view.version);
      ctx.selected = [];
      feed.deliver(next);
      // Shown at once, and the views queued before it dropped: they would show the move
      // as not made yet, and offer it again.
      const newer = queue.filter((g) => g.version > next.version);
      queue.splice(0, queue.length, ...newer);
      for (const line of receive(ctx, next)) announce(line);
      lastShown = Date.now();
    } catch (err) {
      if (err.code === "stale_version") toast(t("error.stale"));
      else toast(err.status === 0 ? t("error.offline") : err.detail || t("error.generic"));
      feed.refresh();
    } finally {
      ctx.busy = false;
      draw();
    }
  }

  function resign() {
    confirmDialog({
      id: "resign", title: t("resign.title"), text: t("resign.text"), danger: true,
      confirm: t("resign.yes"), cancel: t("resign.no"),
      onConfirm: async () => {
        try {
          feed.deliver(await api.resign(id));
        } catch (err) {
          toast(err.status === 0 ? t("error.offline") : err.detail || t("error.generic"));
        }
      },
    });
  }

  function draw() {
    const game = ctx.game;
    if (!game) return;
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.focus : null;
    let next;
    if (game.status === "open" || !game.view) {
      next = "waiting";
      renderWaiting(game, statusPill(ctx.status));
    } else if (game.status === "finished" || game.status === "aborted" || game.view.phase === "over") {
      next = "over";
      renderOver(game, statusPill(ctx.status));
    } else {
      next = "table";
      drawTable(game);
      playMotion(ctx.motion);
    }
    ctx.motion = [];
    if (next !== screen) window.scrollTo(0, 0);
    screen = next;
    if (focused) {
      const again = document.querySelector(`[data-focus="${focused}"]`);
      if (again && !again.disabled) again.focus({ preventScroll: true });
    }
  }

  function retakePanel(game) {
    const mine = game.seats.find((s) => s.number === game.your_seat);
    if (!mine || mine.state !== "autopilot") return null;
    const retake = async () => {
      try {
        feed.deliver(await api.retake(id));
      } catch (err) {
        toast(err.detail || t("error.generic"));
      }
    };
    return h("div", { class: "notice retake", role: "status" },
      h("p", {}, t("table.autopilot")),
      h("button", { class: "btn primary small", type: "button", onclick: retake }, t("table.retake")));
  }

  function noticePanel() {
    if (!ctx.notice) return null;
    const dismiss = () => { ctx.notice = null; draw(); };
    return h("div", { class: "notice autopilot-notice", role: "status" },
      h("p", {}, ctx.notice),
      h("button", { class: "btn small", type: "button", "data-focus": "notice-ok", onclick: dismiss }, t("notice.ok")));
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

  function middle(game, view, player) {
    switch (ctx.panel) {
      case "players": return seatsPanel(game, view, people);
      case "chat": {
        const el = tableChat(player);
        ctx.chat.open();
        return el;
      }
      case "log": return [lastRoundPanel(game, view), roundLog(game, view)];
      default: return [
        trickPanel(game, view, ctx),
        player ? passInfo(game, view) : null,
        view.phase === "passing" ? lastRoundPanel(game, view) : null,
      ];
    }
  }

  function showPanel(panel) {
    ctx.panel = ctx.panel === panel ? "trick" : panel;
    draw();
  }

  // The hand and its buttons are kept as they are while nothing they show changed: a
  // view landing between a finger's down and up would otherwise swallow the tap.
  let kept = { key: null, el: null };
  function bottom(game, view, sel) {
    const key = JSON.stringify([view.hand, ctx.selected, view.legal_moves, view.phase,
      view.phase === "tricks" ? view.to_act : null, // others' passes change nothing here
      view.trick, view.sets_unlocked, ctx.busy, game.seats.map((s) => s.name)]);
    if (key !== kept.key) {
      kept = {
        key,
        el: h("div", { class: "table-bottom" }, handPanel(view, ctx.selected, tap), actionBar(game, view, sel, ctx.busy, move)),
      };
    }
    return kept.el;
  }

  function drawTable(game) {
    const view = game.view;
    const player = view.seat !== undefined && view.seat !== null;
    const sel = selectedCards(ctx);
    const mine = game.seats.find((s) => s.number === game.your_seat);
    tableChat(player); // built with the table, so it counts unread messages from the start
    if (ctx.panel !== "chat") ctx.chat.shut();
    const header = appHeader({ title: t("table.titleRound", { id, n: view.round }), status: statusPill(ctx.status) });
    const attrs = {
      class: `screen table${player ? " playing" : ""}`,
      // The state in short, for tests and styling; what people read is the text.
      dataset: {
        version: game.version, phase: view.phase, rounds: view.history.length,
        sets: view.sets_unlocked ? "unlocked" : "locked",
        mine: (view.legal_moves || []).length ? "yes" : "no",
        busy: ctx.busy ? "yes" : "no", // a move of mine is on its way
        leading: view.trick && view.trick.count === null ? "yes" : "no",
        hand: (view.hand || []).length,
      },
    };
    const upper = [
      h("h1", { class: "visually-hidden" }, t("table.heading", { id, round: view.round })),
      seatStrip(game, view, ctx.lastAction),
      // Focusable, so a keyboard can scroll it too.
      h("div", { class: "table-middle", id: "table-middle", tabindex: 0, role: "region", "aria-label": t("table.middle") },
        turnBanner(game, view),
        noticePanel(),
        retakePanel(game),
        middle(game, view, player)),
      tableTabs(ctx.panel, showPanel, {
        unread: ctx.chat ? ctx.chat.unread : 0,
        resign: mine && mine.state !== "left" ? resign : null,
      }),
    ];
    const lower = player ? bottom(game, view, sel) : h("p", { class: "muted" }, t("table.spectator"));
    const section = document.querySelector("section.screen.table");
    if (section && lower.parentNode === section) {
      // The hand stays where it is (never detached): only what is above it is replaced.
      document.querySelector(".app-bar").replaceWith(header);
      while (section.firstChild !== lower) section.firstChild.remove();
      lower.before(...upper);
      section.className = attrs.class;
      Object.assign(section.dataset, attrs.dataset);
      return;
    }
    mount(header, h("section", attrs, upper, lower));
  }

  // The clocks tick between views; the low-time warning is switched on here too.
  const clock = setInterval(() => {
    for (const el of document.querySelectorAll(".timer[data-deadline]")) {
      el.querySelector(".timer-text").textContent = timeLeft(el.dataset.deadline);
      const low = new Date(el.dataset.deadline).getTime() - Date.now() < LOW_TIME_MS;
      el.classList.toggle("low", low);
    }
  }, 1000);

  return () => {
    feed.close();
    if (ctx.chat) ctx.chat.close();
    clearTimeout(timer);
    clearInterval(clock);
  };
}
