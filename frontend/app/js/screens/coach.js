// The coach on the replay (#/game/<id>/replay): asks the server to analyse a seat (the
// viewer's own by default; any seat of a public game), follows the analysis by polling
// (one analysis, a minute at most: no socket message needed), and shows each mark on its
// step of the replay and in a list that jumps to the steps. A mark names its step as
// {round, move} of the record ("move" null: the seat's pass of cards), the key that
// replaySteps gives each step.
import { api } from "../api.js";
import { cardsText } from "../cards.js";
import { h } from "../dom.js";
import { lang, t } from "../i18n.js";

const POLL_MS = 2000;
const BUSY = ["queued", "running"];

export function markKey(round, move) {
  return `${round}:${move === null || move === undefined ? "pass" : move}`;
}

function moveText(move) {
  const cards = cardsText(move.cards);
  return t(`coach.${move.kind}`, { cards });
}

function saving(mark) {
  return new Intl.NumberFormat(lang(), { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(mark.saving);
}

// `game`: the game's view (its `your_seat` and `private`); `seats`: the record's names.
export function coach(gameId, game, seats) {
  const own = Number.isInteger(game.your_seat) ? game.your_seat : null;
  const anySeat = !game.private;
  let marks = new Map(); // step key -> mark
  let timer = null;
  // Each question (a load, a poll, an ask) supersedes the ones before it: an answer that
  // comes after a newer question (the seat changed, or an ask overtook a load still on
  // its way) is stale and dropped.
  let question = 0;
  let hooks = { steps: [], jump: () => {}, redraw: () => {} };

  const status = h("p", { class: "coach-status", role: "status", "aria-live": "polite" });
  const list = h("ol", { class: "coach-marks" });
  const button = h("button", { type: "button", class: "btn primary", onclick: () => ask() }, t("coach.analyse"));
  const choice = anySeat
    ? h("select", { id: "coach-seat", onchange: () => load() },
      seats.map((name, s) => h("option", { value: s, selected: s === (own ?? 0) }, name)))
    : null;
  const seat = () => (choice ? Number(choice.value) : own);

  function show(analysis) {
    clearTimeout(timer);
    timer = null;
    marks = new Map();
    list.replaceChildren();
    button.disabled = analysis !== null && BUSY.includes(analysis.status);
    if (analysis === null) status.textContent = "";
    else if (analysis.status === "done") {
      for (const mark of analysis.marks) marks.set(markKey(mark.round, mark.move), mark);
      status.textContent = `${t("coach.judged", { n: analysis.judged })} ${
        analysis.marks.length ? t("coach.marked", { n: analysis.marks.length }) : t("coach.none")}`;
      list.replaceChildren(...analysis.marks.map(item));
    } else {
      status.textContent = t(`coach.${analysis.status}`);
      if (BUSY.includes(analysis.status)) timer = setTimeout(load, POLL_MS);
    }
    hooks.redraw();
  }

  function item(mark) {
    const at = hooks.steps.findIndex((step) => step.key === markKey(mark.round, mark.move));
    const where = mark.move === null
      ? t("coach.atPass", { round: mark.round + 1 })
      : t("coach.atMove", { round: mark.round + 1, trick: at >= 0 ? hooks.steps[at].trick : "?" });
    return h("li", {},
      h("button", { type: "button", class: "btn small coach-jump", disabled: at < 0, onclick: () => hooks.jump(at) }, where),
      " ", advice(mark));
  }

  function advice(mark) {
    return t("coach.advice", { played: moveText(mark.played), better: moveText(mark.better), saving: saving(mark) });
  }

  function failed(err) {
    clearTimeout(timer);
    timer = null;
    button.disabled = false;
    status.textContent = err.detail || t("error.generic");
  }

  // Shows the answer to a question unless a newer one was asked since.
  function answer(request, otherwise) {
    const asked = ++question;
    request
      .then((analysis) => { if (asked === question) show(analysis); })
      .catch((err) => { if (asked === question) otherwise(err); });
  }

  function load() {
    if (seat() === null) return;
    answer(api.analysis(gameId, seat()), (err) => (err.status === 404 ? show(null) : failed(err)));
  }

  function ask() {
    clearTimeout(timer);
    button.disabled = true;
    status.textContent = t("coach.asking");
    answer(api.analyse(gameId, seat()), failed);
  }

  // Leaving the screen stops the polling.
  window.addEventListener("hashchange", () => clearTimeout(timer), { once: true });

  return {
    // The note on a step the coach marked, or null.
    note(step) {
      const mark = marks.get(step.key);
      return mark ? h("p", { class: "coach-mark", role: "note" },
        h("span", { class: "badge coach-badge" }, t("coach.badge")), " ", advice(mark)) : null;
    },
    panel(steps, jump, redraw) {
      hooks = { steps, jump, redraw };
      if (own === null && !anySeat) return null;
      load();
      return h("section", { class: "panel coach", "aria-labelledby": "coach-h" },
        h("h2", { id: "coach-h" }, t("coach.title")),
        h("p", { class: "hint" }, t("coach.intro")),
        h("div", { class: "actions coach-ask" },
          choice ? h("span", { class: "coach-seat" }, h("label", { for: "coach-seat" }, t("coach.seat")), choice) : null,
          button),
        status, list);
    },
  };
}
