// The pieces of the table screen. They only draw what the API sent: the legal moves,
// the trick, the doghouses. No rule is computed here.
import { cardFace, cardRow, cardsText, groups } from "../cards.js";
import { h } from "../dom.js";
import { icon } from "../icons.js";
import { t } from "../i18n.js";
import { seatName, seatNameLinked, seatShortName } from "./chrome.js";
import { expelButton, lowTimeMs, seatClock } from "./clocks.js";
import { seatBadge } from "./seatstate.js";

export const KINDS_TO_LOSE = 7;

export function sameCards(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function clockwiseFrom(first, n) {
  return Array.from({ length: n }, (_, i) => (first + i) % n);
}

// "bob played 7 7.", or my own move in the second person ("Du spielst 7 7.").
export function moveText(game, move) {
  const you = move.seat === game.your_seat;
  const params = { name: seatName(game, move.seat), cards: cardsText(move.play || move.tuck) };
  if (move.play) return t(you ? "move.youPlayed" : "move.played", params);
  return t(you ? "move.youTucked" : "move.tucked", params);
}

export function timeLeft(deadline) {
  const ms = new Date(deadline).getTime() - Date.now();
  if (!(ms > 0)) return t("time.up");
  const s = Math.floor(ms / 1000);
  if (s >= 3600 * 24) return t("time.days", { n: Math.floor(s / 86400) });
  if (s >= 3600) return t("time.hours", { n: Math.floor(s / 3600) });
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// A clock shown as low under `lowMs` left (clocks.js `lowTimeMs`; the table's tick keeps it so).
export function timer(deadline, lowMs) {
  if (!deadline) return null;
  const low = new Date(deadline).getTime() - Date.now() < lowMs;
  return h("span", { class: `timer${low ? " low" : ""}`, dataset: { deadline, low: lowMs }, title: t("time.left") },
    icon("clock"), h("span", { class: "timer-text" }, timeLeft(deadline)));
}

// The banner saying whose turn it is.
export function turnBanner(game, view) {
  const me = view.seat;
  const mine = me !== undefined && (view.legal_moves || []).length > 0;
  let text;
  if (view.phase === "passing") {
    text = mine
      ? t("turn.pass", { name: seatShortName(game, (me - 1 + view.players) % view.players) })
      : t("turn.waitPass", { names: view.to_act.map((s) => seatShortName(game, s)).join(", ") });
  } else if (view.phase === "tricks") {
    const seat = view.to_act[0];
    const leading = view.trick && view.trick.count === null;
    text = mine
      ? (leading ? t("turn.youLead") : t("turn.youFollow", { top: view.trick.top, k: view.trick.count }))
      : t("turn.waiting", { name: seatShortName(game, seat) });
  } else {
    text = t("turn.dealing");
  }
  return h("div", { class: `turn-banner${mine ? " mine" : ""}`, id: "turn-banner" },
    h("span", { class: "turn-icon" }, icon(mine ? "paw" : "clock")),
    h("span", { class: "turn-text" }, text),
    game.turn_deadline && view.to_act.length ? timer(game.turn_deadline, lowTimeMs(game)) : null,
  );
}

// The doghouse's kinds out of 7: a bar and the figure (no glyphs a font may lack).
function kindsMeter(kinds) {
  const danger = kinds >= KINDS_TO_LOSE - 2;
  return h("span", { class: `kinds${danger ? " danger" : ""}`, title: t("seat.kindsTitle") },
    h("span", { class: "kinds-bar", "aria-hidden": "true" },
      h("span", { class: "kinds-fill", style: { width: `${Math.round((100 * kinds) / KINDS_TO_LOSE)}%` } })),
    h("span", { class: "kinds-text", "aria-hidden": "true" }, `${kinds}/${KINDS_TO_LOSE}`),
    h("span", { class: "visually-hidden" }, t("seat.kinds", { n: kinds, max: KINDS_TO_LOSE })),
    danger ? h("span", { class: "danger-tag" }, icon("warn"), t("seat.danger")) : null,
  );
}

function seatState(view, s) {
  if (view.phase === "passing") return view.passed[s] ? t("seat.passed") : t("seat.choosing");
  return view.to_act.includes(s) ? t("seat.toPlay") : "";
}

// A seat tile's name: an AI's dog name, its level told to screen readers only (the
// Players tab shows it), so five or six tiles fit a phone's width.
function tileName(game, s) {
  const short = seatShortName(game, s);
  const full = seatName(game, s);
  if (short === full) return seatNameLinked(game, s);
  return [short, h("span", { class: "visually-hidden" }, full.slice(short.length))];
}

// Every seat in one compact row at the top: name, cards in hand, doghouse kinds, and
// the clock of those to act. Whose move it is shows as the tile's border, a pass done
// as a tick (the words are for screen readers). The seat of the last move is marked.
export function seatStrip(game, view, lastAction) {
  const n = view.players;
  return h("section", { class: "seat-strip", "aria-labelledby": "strip-h" },
    h("h2", { id: "strip-h", class: "visually-hidden" }, t("table.players")),
    h("ul", { class: "strip", style: { "--seats": n } }, clockwiseFrom(view.seat ?? 0, n).map((s) => {
      const acting = view.to_act.includes(s);
      const state = seatState(view, s);
      const last = lastAction && lastAction.seat === s;
      const pulse = last && lastAction.fresh;
      const passed = view.phase === "passing" && view.passed[s];
      return h("li", {
        class: `seat${acting ? " acting" : ""}${passed ? " passed" : ""}${s === view.seat ? " me" : ""}${last ? " last" : ""}${pulse ? " fresh" : ""}`, "data-seat": s,
      },
        h("span", { class: "seat-name" }, tileName(game, s)),
        h("span", { class: "seat-meta" },
          h("span", { class: "hand-size", title: t("seat.handTitle") }, icon("cards"), h("span", {}, String(view.hand_sizes[s])),
            h("span", { class: "visually-hidden" }, t("seat.cards", { n: view.hand_sizes[s] }))),
          kindsMeter(view.kinds[s])),
        state ? h("span", { class: "seat-state visually-hidden" }, state) : null,
        seatClock(game, s, acting),
        seatBadge(game, s),
        expelButton(game, s),
      );
    })),
  );
}

// What the middle of the table shows, one tap each; and resigning, behind a question.
export function tableTabs(panel, onShow, { unread = 0, resign = null } = {}) {
  const tab = (name, label) => h("button", {
    type: "button", class: `tab${panel === name ? " on" : ""}`, "aria-pressed": panel === name ? "true" : "false",
    "data-focus": `tab-${name}`, id: `tab-${name}`, onclick: () => onShow(name),
  }, label);
  return h("nav", { class: "table-tabs", "aria-label": t("tabs.label") },
    tab("players", t("tabs.players")),
    tab("chat", unread ? t("tabs.chatUnread", { n: unread }) : t("tabs.chat")),
    tab("log", t("tabs.log")),
    resign ? h("button", { type: "button", class: "tab resign", id: "resign", onclick: resign }, t("resign.action")) : null);
}

// Every seat: hand size, whether they are to act, their doghouse.
export function seatsPanel(game, view, people = null) {
  const n = view.players;
  const first = view.seat ?? 0;
  return h("section", { class: "panel seats", "aria-labelledby": "seats-h" },
    h("h2", { id: "seats-h" }, t("table.players")),
    h("ul", { class: "seat-list" }, clockwiseFrom(first, n).map((s) => {
      const acting = view.to_act.includes(s);
      const state = seatState(view, s);
      const seat = game.seats.find((x) => x.number === s);
      return h("li", { class: `player${acting ? " acting" : ""}${s === view.seat ? " me" : ""}`, "data-seat": s },
        h("span", { class: "seat-name" }, seatNameLinked(game, s)),
        h("span", { class: "seat-meta" },
          h("span", { class: "hand-size", title: t("seat.handTitle") }, icon("cards"), t("seat.cards", { n: view.hand_sizes[s] })),
          seat && seat.state !== "playing" ? h("span", { class: "badge" }, t(`seatState.${seat.state}`)) : null,
          state ? h("span", { class: `seat-state${acting ? " on" : ""}` }, state) : null),
        h("div", { class: "doghouse", title: t("seat.doghouse") },
          h("span", { class: "visually-hidden" }, t("seat.doghouse"), ": "),
          icon("house"),
          kindsMeter(view.kinds[s]),
          view.doghouses[s].length ? cardRow(view.doghouses[s], { size: "mini" }) : null),
        people && seat && seat.username && s !== view.seat ? personActions(seat.username, people) : null,
      );
    })),
  );
}

// Report or mute another person at the table.
function personActions(username, people) {
  const muted = people.muted.has(username);
  return h("div", { class: "seat-actions" },
    h("button", {
      type: "button", class: "btn small", "data-focus": `report-${username}`,
      "aria-label": t("report.playerLabel", { name: username }),
      onclick: () => people.report(username),
    }, t("report.action")),
    h("button", {
      type: "button", class: "btn small", "data-focus": `mute-${username}`,
      "aria-pressed": muted ? "true" : "false",
      "aria-label": t(muted ? "mute.undoLabel" : "mute.label", { name: username }),
      onclick: () => people.mute(username),
    }, t(muted ? "mute.undo" : "mute.action")));
}

// One move of a trick: who, and the cards (a tuck's dashed and smaller). The play to
// beat, the trick's winning play so far, is outlined and named so.
function moveItem(game, move, freshIndex, { last = false, toBeat = false } = {}) {
  const attrs = {
    class: `move ${move.play ? "play" : "tuck"}${freshIndex >= 0 ? " fresh" : ""}${last ? " last" : ""}${toBeat ? " to-beat" : ""}`,
    "data-seat": move.seat,
  };
  if (freshIndex >= 0) attrs.style = { "animation-delay": `${freshIndex * 450}ms` };
  return h("li", attrs,
    h("span", { class: "move-who" }, seatShortName(game, move.seat)),
    cardRow(move.play || move.tuck, { size: move.play ? "small" : "mini" }),
    h("span", { class: "move-what visually-hidden" }, toBeat ? t("move.toBeat") : move.play ? t("move.plays") : t("move.tucks")),
  );
}

// The trick's winning play so far: the last play (tucks come after it or between).
function playToBeat(trick) {
  if (trick.count === null) return -1;
  for (let i = trick.moves.length - 1; i >= 0; i -= 1) if (trick.moves[i].play) return i;
  return -1;
}

// The current trick (who played, who tucked) and the trick just finished. Its one line
// of words says who leads or who is winning; what to play is the turn banner's.
export function trickPanel(game, view, ctx) {
  const trick = view.trick;
  let info = t("trick.none");
  const body = [];
  if (trick) {
    const freshFrom = trick.moves.length - ctx.freshInTrick;
    const beat = playToBeat(trick);
    if (trick.count === null) info = trick.leader === view.seat ? t("trick.youLead") : t("trick.lead", { name: seatShortName(game, trick.leader) });
    else info = trick.winner === view.seat ? t("trick.winningYou") : t("trick.winning", { name: seatShortName(game, trick.winner) });
    if (trick.moves.length) {
      body.push(h("ol", { class: "moves" }, trick.moves.map((m, i) =>
        moveItem(game, m, i >= freshFrom ? i - freshFrom : -1, { last: i === trick.moves.length - 1, toBeat: i === beat }))));
    }
  }
  if (ctx.lastTrick && ctx.lastTrick.moves.length) {
    body.push(h("div", { class: "last-trick" },
      h("p", { class: "trick-info" }, t("trick.previous", { name: seatShortName(game, ctx.lastTrick.winner) })),
      h("ol", { class: "moves" }, ctx.lastTrick.moves.map((m, i) => moveItem(game, m, ctx.lastTrickFresh ? i : -1)))));
  }
  return h("section", { class: "panel trick", "aria-labelledby": "trick-h" },
    h("h2", { id: "trick-h", class: "visually-hidden" }, t("trick.title")),
    h("div", { class: "panel-head" },
      h("p", { class: "trick-info" }, info),
      h("span", { class: `badge ${view.sets_unlocked ? "unlocked" : "locked"}` },
        icon(view.sets_unlocked ? "unlock" : "lock"),
        view.sets_unlocked ? t("sets.unlocked") : t("sets.locked"))),
    body);
}

// The last-card step of the round just played: who got caught, what went to the doghouse.
export function lastRoundPanel(game, view, { open = true } = {}) {
  const past = view.last_round;
  if (!past) return null;
  // The result first: at the next round's start it is the line the eye meets.
  const content = [
    h("p", { class: "caught-line" }, t("round.caught", { name: seatName(game, past.loser), cards: cardsText(past.caught) })),
    h("ul", { class: "last-cards" }, past.last.map((c) =>
      h("li", { class: c.seat === past.loser ? "caught" : "" },
        h("span", {}, seatShortName(game, c.seat)), cardFace(c.card, { size: "small" }),
        c.seat === past.loser ? h("strong", {}, t("round.caughtTag")) : null))),
  ];
  return h("section", { class: "panel last-round", "aria-labelledby": "last-round-h" },
    h("h2", { id: "last-round-h" }, t("round.lastTitle", { n: past.number })),
    open ? content : h("details", {}, h("summary", {}, t("round.show")), content));
}

export function passInfo(game, view) {
  const n = view.players;
  const parts = [];
  if (view.passed_cards) parts.push(t("pass.gave", { cards: cardsText(view.passed_cards), name: seatShortName(game, (view.seat - 1 + n) % n) }));
  if (view.received_cards) parts.push(t("pass.got", { cards: cardsText(view.received_cards), name: seatShortName(game, (view.seat + 1) % n) }));
  return parts.length ? h("p", { class: "pass-info" }, parts.join(" ")) : null;
}

// The cards of a suggested move as the hand's keys ("7:0", "7:1"): the first copies of
// each strength it names, as a selection would take them.
export function hintKeys(move) {
  const seen = {};
  return move.cards.map((c) => { seen[c] = (seen[c] || 0) + 1; return `${c}:${seen[c] - 1}`; });
}

export function hintText(move) {
  return t(`hint.${move.kind}`, { cards: cardsText(move.cards) });
}

// My hand: every card its own tappable cell, ascending, in at most two rows (the grid
// gives each at least 44 px on a 360 px phone with 12 cards). `hinted`: the keys of the
// cards a hint suggests, outlined (the hint plays nothing).
export function handPanel(view, selected, onTap, hinted = []) {
  const hand = view.hand || [];
  const cols = hand.length > 6 ? Math.ceil(hand.length / 2) : Math.max(hand.length, 1);
  return h("section", { class: "hand-panel", "aria-labelledby": "hand-h" },
    h("h2", { id: "hand-h", class: "visually-hidden" }, t("hand.title", { n: hand.length })),
    h("p", { class: "visually-hidden", id: "hand-hint" }, t("hand.hint")),
    h("div", { class: "hand", role: "group", style: { "--cols": cols }, "aria-labelledby": "hand-h", "aria-describedby": "hand-hint" },
      groups(hand).map(([strength, count]) =>
        Array.from({ length: count }, (_, i) => {
          const key = `${strength}:${i}`;
          const on = selected.includes(key);
          const label = count > 1 ? t("card.labelOf", { n: strength, i: i + 1, count }) : t("card.label", { n: strength });
          const suggested = hinted.includes(key);
          return h("button", {
            type: "button",
            class: `hand-card${on ? " selected" : ""}${suggested ? " hinted" : ""}`,
            "aria-pressed": on ? "true" : "false",
            "aria-label": suggested ? t("hint.card", { card: label }) : label,
            "data-focus": `card-${key}`,
            "data-strength": strength,
            onclick: () => onTap(strength, i, count),
          }, cardFace(strength, { size: "big", label: "" }));
        }))),
  );
}

// What the selection allows, and why an action is disabled (from the legal moves only).
export function actionsFor(game, view, sel) {
  const legal = view.legal_moves || [];
  if (view.phase === "passing") {
    const move = legal.find((m) => m.kind === "pass" && sameCards(m.cards, sel));
    let reason = null;
    if (!legal.length) reason = t("why.passed");
    else if (sel.length !== 2) reason = t("why.pickTwo", { n: sel.length });
    else if (!move) reason = t("why.notAllowed");
    return { pass: { move, reason } };
  }
  if (view.phase !== "tricks") return { play: { reason: t("why.wait") }, tuck: { reason: t("why.wait") } };
  if (!legal.length) {
    const reason = t("why.notYourTurn", { name: seatName(game, view.to_act[0]) });
    return { play: { reason }, tuck: { reason } };
  }
  const trick = view.trick;
  const leading = trick.count === null;
  const tuck = legal.find((m) => m.kind === "tuck");
  const plays = legal.filter((m) => m.kind === "play");
  const play = plays.find((m) => sameCards(m.cards, sel));
  let reason = null;
  if (!play) {
    if (!leading && !plays.length) reason = t("why.noPlay", { top: trick.top, k: trick.count });
    else if (!sel.length) reason = leading ? t("why.selectLead") : t("why.selectFollow", { k: trick.count, top: trick.top });
    else if (new Set(sel).size > 1) reason = t("why.oneStrength");
    else if (!leading && sel.length !== trick.count) reason = t("why.count", { k: trick.count });
    else if (!leading && sel[0] < trick.top) reason = t("why.tooLow", { top: trick.top });
    else if (leading && sel.length > 1 && !view.sets_unlocked) reason = t("why.setsLocked");
    else if (leading && sel.length >= view.hand.length) reason = t("why.keepOne");
    else reason = t("why.notAllowed");
  }
  return {
    play: { move: play, reason },
    tuck: { move: tuck, reason: tuck ? null : t("why.leaderCannotTuck") },
  };
}

// `hint`: where the game offers hints and the player wants them, `{ ask, move }`: the
// Hint button's action and the move suggested for this version (or null).
export function actionBar(game, view, sel, busy, onMove, hint = null) {
  const acts = actionsFor(game, view, sel);
  const reasons = hint && hint.move ? [hintText(hint.move)] : [];
  const button = (id, label, act, primary) => {
    const enabled = !!act.move && !busy;
    if (act.reason && !reasons.includes(act.reason)) reasons.push(act.reason);
    return h("button", {
      type: "button", id, class: `btn${primary ? " primary" : ""}`, disabled: !enabled,
      "aria-describedby": act.reason ? "act-why" : null, "data-focus": id,
      onclick: () => enabled && onMove(act.move),
    }, label);
  };
  const buttons = [];
  if (acts.pass) {
    const to = seatName(game, (view.seat - 1 + view.players) % view.players);
    const label = sel.length === 2 ? t("act.passCards", { cards: cardsText(sel), name: to }) : t("act.pass", { name: to });
    buttons.push(button("act-pass", label, acts.pass, true));
  } else {
    buttons.push(button("act-play", sel.length ? t("act.playCards", { cards: cardsText(sel) }) : t("act.play"), acts.play, true));
    // A tuck is the same whatever is selected: it always discards your lowest cards.
    const label = acts.tuck.move ? t("act.tuckCards", { cards: cardsText(acts.tuck.move.cards) }) : t("act.tuck");
    buttons.push(button("act-tuck", label, acts.tuck, false));
  }
  if (hint) {
    buttons.push(h("button", {
      type: "button", id: "act-hint", class: "btn hint-btn", disabled: busy, "data-focus": "act-hint",
      "aria-label": t("hint.label"), onclick: () => !busy && hint.ask(),
    }, t("hint.button")));
  }
  return h("div", { class: "action-bar", role: "region", "aria-label": t("act.label") },
    h("p", { class: "why", id: "act-why" }, reasons.length ? reasons.join(" · ") : t("act.ready")),
    h("div", { class: `buttons${hint ? " with-hint" : ""}` }, buttons));
}

// Every round's story: this round's moves, then each finished round's moves and who
// got caught (`rounds`, as the table keeps them), newest first; your own passes are in
// each round's view.
export function roundLog(game, view, finished) {
  const rounds = [...finished].reverse();
  return h("section", { class: "panel log", "aria-labelledby": "log-h" },
    h("h2", { id: "log-h" }, t("log.title")),
    h("details", { open: true },
      h("summary", {}, t("log.thisRound", { round: view.round, n: view.moves.length })),
      view.moves.length
        ? h("ol", { class: "log-list" }, view.moves.map((m) => h("li", {}, moveText(game, m))))
        : h("p", { class: "muted" }, t("log.noMoves"))),
    rounds.map((r) => h("details", {},
      h("summary", {}, t("log.roundLine", { n: r.number, name: seatName(game, r.loser), cards: cardsText(r.caught) })),
      h("ol", { class: "log-list" }, (r.moves || []).map((m) => h("li", {}, moveText(game, m)))))),
    h("p", { class: "muted small" }, t("log.aside", { n: view.aside_count })),
  );
}
