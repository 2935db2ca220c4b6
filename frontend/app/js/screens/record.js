// A finished game, step by step, from its barkside-record/1 record: the one the server
// publishes at the end (#/game/<id>/replay) or any record file opened here (#/record).
// Only the record is read: each seat's hand is its dealt hand less what it passed and
// played, plus what it received; a trick is every seat's move once in turn (RULES.md,
// Tricks), so the round's moves fall into tricks of `players` moves. The viewer jumps to
// any round in one tap, from trick to trick, and plays the steps by itself at a speed.
import { api } from "../api.js";
import { cardRow, cardsText } from "../cards.js";
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { appHeader, gameNumber } from "./chrome.js";
import { coach, markKey } from "./coach.js";

const FORMAT = "barkside-record/1";

function without(hand, cards) {
  const rest = [...hand];
  for (const c of cards) {
    const i = rest.indexOf(c);
    if (i >= 0) rest.splice(i, 1);
  }
  return rest;
}

// Every step of the game: [{round, trick, text, hands, table, key}], the deal and the
// passes first in each round. `trick` counts the round's tricks from 1 (0 before the
// first); `table` is the trick as it stood after the step: [{seat, cards, tuck}]; `key`
// names the passes and each move as the coach's marks do (coach.js `markKey`).
export function replaySteps(record) {
  const n = record.players;
  const name = (s) => (record.seats && record.seats[s]) || t("replay.seat", { n: s + 1 });
  const steps = [];
  record.rounds.forEach((round, r) => {
    let hands = round.hands.map((hand) => [...hand].sort((a, b) => a - b));
    const at = { round: r + 1, trick: 0, table: [] };
    steps.push({ ...at, text: t("replay.deal", { n: r + 1, name: name(round.starter) }), hands });
    if (round.passes.every(Boolean)) {
      hands = hands.map((hand, s) => without(hand, round.passes[s]).concat(round.passes[(s + 1) % n]).sort((a, b) => a - b));
      steps.push({
        ...at,
        key: markKey(r, null),
        text: round.passes.map((cards, s) => t("replay.passed", { name: name(s), cards: cardsText(cards), to: name((s - 1 + n) % n) })).join(" "),
        hands,
      });
    }
    let table = [];
    round.moves.forEach((move, i) => {
      if (i % n === 0) table = [];
      const cards = move.play || move.tuck;
      table = [...table, { seat: move.seat, cards, tuck: !move.play }];
      hands = hands.map((hand, s) => (s === move.seat ? without(hand, cards) : hand));
      steps.push({
        round: r + 1, trick: Math.floor(i / n) + 1, table, key: markKey(r, i),
        text: t(move.play ? "move.played" : "move.tucked", { name: name(move.seat), cards: cardsText(cards) }),
        hands,
      });
    });
    if (round.loser !== undefined && round.loser !== null) {
      steps.push({ ...at, trick: 0, text: t("round.caught", { name: name(round.loser), cards: cardsText(round.caught || []) }), hands });
    }
  });
  return { steps, name };
}

// Steps a second while playing by itself, by speed.
const SPEEDS = [0.5, 1, 2, 4];

// `coached`: the coach on this replay (coach.js), or null (a record file).
function viewer(record, coached = null) {
  const { steps, name } = replaySteps(record);
  let at = 0;
  let timer = null;
  const body = h("div", { class: "replay-step" });
  const counter = h("span", { class: "replay-count", "aria-live": "polite" });
  const button = (cls, label, onclick, attrs = {}) => h("button", { type: "button", class: `btn ${cls}`, onclick, ...attrs }, label);
  const prev = button("", t("replay.prev"), () => { stop(); go(at - 1); });
  const next = button("primary", t("replay.next"), () => { stop(); go(at + 1); });
  const prevTrick = button("small", t("replay.prevTrick"), () => { stop(); go(trickStart(at, -1)); });
  const nextTrick = button("small", t("replay.nextTrick"), () => { stop(); go(trickStart(at, +1)); });
  const rounds = [...new Set(steps.map((s) => s.round))];
  const roundButtons = rounds.map((round) => button("small round-jump", String(round),
    () => { stop(); go(steps.findIndex((s) => s.round === round)); },
    { "aria-label": t("replay.toRound", { n: round }), "data-round": round }));
  const play = button("play", t("replay.play"), () => (timer ? stop() : start()), { "aria-pressed": "false" });
  const speed = h("select", { id: "replay-speed", onchange: () => { if (timer) start(); } },
    SPEEDS.map((x) => h("option", { value: x, selected: x === 1 }, t("replay.speedX", { x }))));

  // The first step of the next trick (+1), or (-1) of this one, or of the one before when
  // already at its first step; the deal, the passes and the round's end count as tricks.
  const key = (j) => `${steps[j].round}:${steps[j].trick}`;
  const groupStart = (j) => { while (j > 0 && key(j - 1) === key(j)) j -= 1; return j; };
  function trickStart(i, direction) {
    if (direction > 0) {
      let j = i;
      while (j < steps.length - 1 && key(j) === key(i)) j += 1;
      return j;
    }
    const first = groupStart(i);
    return first < i || first === 0 ? first : groupStart(first - 1);
  }
  function start() {
    clearInterval(timer);
    timer = setInterval(() => (at < steps.length - 1 ? go(at + 1) : stop()), 1000 / Number(speed.value));
    play.textContent = t("replay.pause");
    play.setAttribute("aria-pressed", "true");
  }
  function stop() {
    clearInterval(timer);
    timer = null;
    play.textContent = t("replay.play");
    play.setAttribute("aria-pressed", "false");
  }
  function trickView(step) {
    if (!step.trick) return null;
    return h("section", { class: "replay-trick", "aria-labelledby": "replay-trick-h" },
      h("h3", { id: "replay-trick-h" }, t("replay.trick", { n: step.trick })),
      h("ul", {}, step.table.map((m) => h("li", { class: m.tuck ? "tucked" : "played" },
        h("span", { class: "who" }, name(m.seat)),
        m.tuck ? h("span", { class: "hint" }, t("replay.tucked")) : null,
        cardRow(m.cards, { size: "mini" })))));
  }
  function go(i) {
    at = Math.max(0, Math.min(steps.length - 1, i));
    const step = steps[at];
    counter.textContent = step.trick
      ? t("replay.countTrick", { i: at + 1, n: steps.length, round: step.round, trick: step.trick })
      : t("replay.count", { i: at + 1, n: steps.length, round: step.round });
    prev.disabled = at === 0;
    next.disabled = at === steps.length - 1;
    for (const b of roundButtons) {
      if (Number(b.dataset.round) === step.round) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
    }
    // Only nodes: replaceChildren would write a null out as the text "null".
    body.replaceChildren(...[
      h("p", { class: "replay-text" }, step.text),
      coached ? coached.note(step) : null,
      trickView(step),
      h("ul", { class: "replay-hands" }, step.hands.map((hand, s) =>
        h("li", {}, h("strong", {}, name(s)), cardRow(hand, { size: "mini" })))),
    ].filter(Boolean));
  }
  go(0);
  const panel = h("section", { class: "panel replay", "aria-labelledby": "replay-h" },
    h("h2", { id: "replay-h" }, t("replay.title")),
    // The controls above the step, so that they stay where they are as it changes size.
    h("nav", { class: "replay-rounds", "aria-label": t("replay.rounds") }, roundButtons),
    h("div", { class: "actions" }, prev, next, prevTrick, nextTrick),
    h("div", { class: "actions replay-more" }, play,
      h("label", { for: "replay-speed", class: "replay-speed" }, t("replay.speed"), speed)),
    counter, body);
  const coachPanel = coached ? coached.panel(steps, (i) => { stop(); go(i); body.scrollIntoView({ block: "center" }); }, () => go(at)) : null;
  // Leaving the screen stops the clock.
  window.addEventListener("hashchange", stop, { once: true });
  return coachPanel ? [panel, coachPanel] : panel;
}

function valid(record) {
  return record && record.format === FORMAT && Number.isInteger(record.players) && Array.isArray(record.rounds)
    && record.rounds.every((r) => Array.isArray(r.hands) && Array.isArray(r.passes) && Array.isArray(r.moves));
}

export function renderReplay(id) {
  mount(appHeader({ title: t("table.title", { id: gameNumber(id) }) }), h("section", { class: "screen" }, h("p", { class: "loading" }, t("loading"))));
  Promise.all([api.record(id), api.game(id)])
    .then(([record, game]) => mount(appHeader({ title: t("table.title", { id: gameNumber(id) }) }),
      h("section", { class: "screen" }, h("h1", {}, t("replay.heading", { id: gameNumber(id) })),
        viewer(record, coach(id, game, record.seats || [])))))
    .catch((err) => mount(appHeader(), h("section", { class: "screen center-screen" },
      h("h1", {}, err.detail || t("error.generic")), h("a", { class: "btn", href: "#/" }, t("nav.home")))));
}

// Open any record file: nothing leaves the phone.
export function renderRecordFile() {
  const out = h("div", {});
  const error = h("p", { class: "form-error", role: "alert" });
  const input = h("input", {
    type: "file", id: "record-file", accept: "application/json,.json",
    onchange: async () => {
      error.textContent = "";
      out.replaceChildren();
      try {
        const record = JSON.parse(await input.files[0].text());
        if (!valid(record)) throw new Error("format");
        out.replaceChildren(viewer(record));
      } catch (err) {
        error.textContent = t("replay.badFile");
      }
    },
  });
  mount(appHeader(), h("section", { class: "screen" },
    h("h1", {}, t("replay.fileTitle")),
    h("div", { class: "field" }, h("label", { for: "record-file" }, t("replay.fileLabel")), input),
    error, out));
}
