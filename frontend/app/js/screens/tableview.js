// Drawing the game route from the table's state (tablestate.js): which screen (waiting
// room, table, game over), and the table itself in place, so the hand under a finger is
// never rebuilt while nothing it shows changed. `act` carries what taps do (table.js).
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { prefs } from "../prefs.js";
import { appHeader, gameNumber } from "./chrome.js";
import { renderOver } from "./over.js";
import {
  actionBar, handPanel, hintKeys, lastRoundPanel, passInfo, roundLog, seatStrip, seatsPanel,
  tableTabs, trickPanel, turnBanner,
} from "./tableparts.js";
import { handedOverPanel, mySeatNote } from "./seatstate.js";
import { playMotion } from "./tablemotion.js";
import { finishedRounds, selectedCards } from "./tablestate.js";
import { renderWaiting } from "./waiting.js";

export function statusPill(status) {
  return h("span", { class: `conn ${status}`, role: "status", id: "conn" },
    h("span", { class: "dot", "aria-hidden": "true" }), h("span", { class: "conn-text" }, t(`conn.${status}`)));
}

export function screenOf(game) {
  if (game.status === "open" || !game.view) return "waiting";
  if (game.status === "finished" || game.status === "aborted" || game.view.phase === "over") return "over";
  return "table";
}

// The whole route: the screen the game is at, opened at the top when it changes.
export function drawGame(ctx, act) {
  const game = ctx.game;
  if (!game) return;
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.focus : null;
  const next = screenOf(game);
  if (next === "waiting") renderWaiting(game, statusPill(ctx.status));
  else if (next === "over") renderOver(game, statusPill(ctx.status));
  else {
    drawTable(ctx, act);
    playMotion(ctx.motion);
    if (ctx.lastAction) ctx.lastAction.fresh = false;
  }
  ctx.motion = [];
  if (next !== ctx.screen) window.scrollTo(0, 0);
  ctx.screen = next;
  if (focused) {
    const again = document.querySelector(`[data-focus="${focused}"]`);
    if (again && !again.disabled) again.focus({ preventScroll: true });
  }
}

function noticePanel(ctx, act) {
  if (!ctx.notice) return null;
  return h("div", { class: "notice autopilot-notice", role: "status" },
    h("p", {}, ctx.notice),
    h("button", { class: "btn small", type: "button", "data-focus": "notice-ok", onclick: act.dismissNotice }, t("notice.ok")));
}

// What the middle of the table shows: the trick, or one of the tabs' panels.
function middle(ctx, act, player) {
  const game = ctx.game;
  const view = game.view;
  switch (ctx.panel) {
    case "players": return seatsPanel(game, view, act.people);
    case "chat": {
      const el = act.chat(player);
      ctx.chat.open();
      return el;
    }
    case "log": return [lastRoundPanel(game, view), roundLog(game, view, ctx.rounds)];
    // While passing there is no trick: the round just played is told first instead.
    default: return view.phase === "passing"
      ? [lastRoundPanel(game, view), player ? passInfo(game, view) : null]
      : [trickPanel(game, view, ctx), player ? passInfo(game, view) : null];
  }
}

// The Hint button where the game offers hints (unrated, against the AI), the player has
// not hidden it and it is their turn; with the move it suggested for this version.
function hintOffer(ctx, act) {
  const game = ctx.game;
  if (!game.hints || !prefs().hints || !(game.view.legal_moves || []).length) return null;
  const move = ctx.hint && ctx.hint.version === game.version ? ctx.hint.move : null;
  return { ask: act.hint, move };
}

// The hand and its buttons, kept as they are while nothing they show changed: a view
// landing between a finger's down and up would otherwise swallow the tap.
function bottom(ctx, act) {
  const game = ctx.game;
  const view = game.view;
  const hint = hintOffer(ctx, act);
  const key = JSON.stringify([view.hand, ctx.selected, view.legal_moves, view.phase,
    view.phase === "tricks" ? view.to_act : null, // others' passes change nothing here
    view.trick, view.sets_unlocked, ctx.busy, game.seats.map((s) => s.name),
    hint && [hint.move]]);
  if (!ctx.kept || key !== ctx.kept.key) {
    const el = h("div", { class: "table-bottom" },
      handPanel(view, ctx.selected, act.tap, hint && hint.move ? hintKeys(hint.move) : []),
      actionBar(game, view, selectedCards(ctx), ctx.busy, act.move, hint));
    ctx.kept = { key, el };
  }
  return ctx.kept.el;
}

// The state in short, for tests and styling; what people read is the text.
function tableAttrs(ctx, player) {
  const game = ctx.game;
  const view = game.view;
  return {
    class: `screen table${player ? " playing" : ""}`,
    dataset: {
      version: game.version, phase: view.phase, rounds: finishedRounds(view),
      sets: view.sets_unlocked ? "unlocked" : "locked",
      mine: (view.legal_moves || []).length ? "yes" : "no",
      busy: ctx.busy ? "yes" : "no", // a move of mine is on its way
      leading: view.trick && view.trick.count === null ? "yes" : "no",
      hand: (view.hand || []).length,
    },
  };
}

function upperParts(ctx, act, player) {
  const game = ctx.game;
  const view = game.view;
  const mine = game.seats.find((s) => s.number === game.your_seat);
  return [
    h("h1", { class: "visually-hidden" }, t("table.heading", { id: gameNumber(ctx.id), round: view.round })),
    seatStrip(game, view, ctx.lastAction),
    // Focusable, so a keyboard can scroll it too.
    h("div", { class: "table-middle", id: "table-middle", tabindex: 0, role: "region", "aria-label": t("table.middle") },
      turnBanner(game, view),
      noticePanel(ctx, act),
      mySeatNote(game),
      middle(ctx, act, player)),
    tableTabs(ctx.panel, act.showPanel, {
      unread: ctx.chat ? ctx.chat.unread : 0,
      resign: mine && mine.state !== "left" ? act.resign : null,
    }),
  ];
}

export function drawTable(ctx, act) {
  const view = ctx.game.view;
  const player = view.seat !== undefined && view.seat !== null;
  act.chat(player); // built with the table, so it counts unread messages from the start
  if (ctx.panel !== "chat") ctx.chat.shut();
  const header = appHeader({ title: t("table.titleRound", { id: gameNumber(ctx.id), n: view.round }), status: statusPill(ctx.status) });
  const attrs = tableAttrs(ctx, player);
  const upper = upperParts(ctx, act, player);
  const lower = player ? handedOverPanel(ctx.game, act.retake) || bottom(ctx, act) : h("p", { class: "muted" }, t("table.spectator"));
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
