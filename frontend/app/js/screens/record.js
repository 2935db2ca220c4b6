// A finished game, step by step, from its barkside-record/1 record: the one the server
// publishes at the end (#/game/<id>/replay) or any record file opened here (#/record).
// Only the record is read: each seat's hand is its dealt hand less what it passed and
// played, plus what it received; who won each trick is not worked out here.
import { api } from "../api.js";
import { cardRow, cardsText } from "../cards.js";
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { appHeader, gameNumber } from "./chrome.js";

const FORMAT = "barkside-record/1";

function without(hand, cards) {
  const rest = [...hand];
  for (const c of cards) {
    const i = rest.indexOf(c);
    if (i >= 0) rest.splice(i, 1);
  }
  return rest;
}

// Every step of the game: [{round, text, hands}], the deal and the passes first in each round.
export function replaySteps(record) {
  const n = record.players;
  const name = (s) => (record.seats && record.seats[s]) || t("replay.seat", { n: s + 1 });
  const steps = [];
  record.rounds.forEach((round, r) => {
    let hands = round.hands.map((hand) => [...hand].sort((a, b) => a - b));
    steps.push({ round: r + 1, text: t("replay.deal", { n: r + 1, name: name(round.starter) }), hands });
    if (round.passes.every(Boolean)) {
      hands = hands.map((hand, s) => without(hand, round.passes[s]).concat(round.passes[(s + 1) % n]).sort((a, b) => a - b));
      steps.push({
        round: r + 1,
        text: round.passes.map((cards, s) => t("replay.passed", { name: name(s), cards: cardsText(cards), to: name((s - 1 + n) % n) })).join(" "),
        hands,
      });
    }
    for (const move of round.moves) {
      const cards = move.play || move.tuck;
      hands = hands.map((hand, s) => (s === move.seat ? without(hand, cards) : hand));
      steps.push({
        round: r + 1,
        text: t(move.play ? "move.played" : "move.tucked", { name: name(move.seat), cards: cardsText(cards) }),
        hands,
      });
    }
    if (round.loser !== undefined && round.loser !== null) {
      steps.push({ round: r + 1, text: t("round.caught", { name: name(round.loser), cards: cardsText(round.caught || []) }), hands });
    }
  });
  return { steps, name };
}

function viewer(record) {
  const { steps, name } = replaySteps(record);
  let at = 0;
  const body = h("div", { class: "replay-step", "aria-live": "polite" });
  const counter = h("span", { class: "replay-count" });
  const prev = h("button", { type: "button", class: "btn", onclick: () => go(at - 1) }, t("replay.prev"));
  const next = h("button", { type: "button", class: "btn primary", onclick: () => go(at + 1) }, t("replay.next"));
  function go(i) {
    at = Math.max(0, Math.min(steps.length - 1, i));
    const step = steps[at];
    counter.textContent = t("replay.count", { i: at + 1, n: steps.length, round: step.round });
    prev.disabled = at === 0;
    next.disabled = at === steps.length - 1;
    body.replaceChildren(
      h("p", { class: "replay-text" }, step.text),
      h("ul", { class: "replay-hands" }, step.hands.map((hand, s) =>
        h("li", {}, h("strong", {}, name(s)), cardRow(hand, { size: "mini" })))));
  }
  go(0);
  return h("section", { class: "panel replay", "aria-labelledby": "replay-h" },
    h("h2", { id: "replay-h" }, t("replay.title")),
    counter, body,
    h("div", { class: "actions" }, prev, next));
}

function valid(record) {
  return record && record.format === FORMAT && Number.isInteger(record.players) && Array.isArray(record.rounds)
    && record.rounds.every((r) => Array.isArray(r.hands) && Array.isArray(r.passes) && Array.isArray(r.moves));
}

export function renderReplay(id) {
  mount(appHeader({ title: t("table.title", { id: gameNumber(id) }) }), h("section", { class: "screen" }, h("p", { class: "loading" }, t("loading"))));
  api.record(id)
    .then((record) => mount(appHeader({ title: t("table.title", { id: gameNumber(id) }) }),
      h("section", { class: "screen" }, h("h1", {}, t("replay.heading", { id: gameNumber(id) })), viewer(record))))
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
