// Correspondence play: each seat's clock and time bank, "on vacation until", the expel
// vote, the last move as a sentence (home list), and the settings panel (vacation,
// forced moves, the game limit). The table's seat tile calls `seatClock` and `expelButton`.
import { api } from "../api.js";
import { cardsText } from "../cards.js";
import { h, toast } from "../dom.js";
import { t } from "../i18n.js";
import { icon } from "../icons.js";
import { seatName } from "./chrome.js";
import { timeLeft, timer } from "./tableparts.js";

export function durationText(seconds) {
  if (seconds >= 86400) return t("time.days", { n: Math.floor(seconds / 86400) });
  if (seconds >= 3600) return t("time.hours", { n: Math.floor(seconds / 3600) });
  return t("clock.minutes", { n: Math.floor(seconds / 60) });
}

export function whenText(iso) {
  return new Date(iso).toLocaleString(undefined, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
}

function seatOf(game, s) {
  return (game.seats || []).find((seat) => seat.number === s) || {};
}

// The low-time warning starts in the last fifth of the time per move (a fixed 30 s made
// 15 s and 30 s games red from their first second).
const LOW_SHARE = 0.2;

export function lowTimeMs(game) {
  return game.time_per_move * LOW_SHARE * 1000;
}

// A seat's clock, at all times: away on vacation; while to act, its own deadline
// ticking; else the time its next move will have, still. Then its bank, and after a
// timeout, how many more in a row hand the seat to the AI.
export function seatClock(game, s, acting) {
  const seat = seatOf(game, s);
  if (seat.away_until) {
    return h("span", { class: "away" }, t("clock.away", { until: whenText(seat.away_until) }));
  }
  const deadline = acting ? seat.deadline || game.turn_deadline : null;
  const warned = seat.state === "playing" && seat.timeouts > 0 && seat.timeouts_left > 0;
  return h("span", { class: `seat-clock${acting ? "" : " idle"}`, "data-seat": s },
    deadline ? timer(deadline, lowTimeMs(game)) : idleClock(game.time_per_move),
    seat.reserve ? h("span", { class: "reserve hint", title: t("clock.reserveTitle") }, t("clock.reserve", { time: durationText(seat.reserve) })) : null,
    warned ? h("span", { class: "timeouts-left", title: t("clock.timeoutsTitle") }, t("clock.timeoutsLeft", { n: seat.timeouts_left })) : null);
}

// The clock of a seat not to act: the time its next move will have, not running.
function idleClock(seconds) {
  const text = seconds >= 3600 ? durationText(seconds) : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  return h("span", { class: "timer idle", title: t("clock.next") }, icon("clock"), h("span", { class: "timer-text" }, text));
}

// The vote to hand a seat past its own deadline to the AI: for the other people playing,
// from the time the server says it opens (correspondence games only, after a grace) until
// the seat's player moves again.
export function expelButton(game, s) {
  const seat = seatOf(game, s);
  const me = game.your_seat;
  const mine = seatOf(game, me);
  const open = seat.expel_from && new Date(seat.expel_from).getTime() <= Date.now();
  const voters = game.seats.filter((x) => x.number !== s && x.username && x.state === "playing");
  if (game.status !== "active" || !open || seat.state !== "playing" || !seat.username) return null;
  if (me === null || me === s || mine.state !== "playing") return null;
  const votes = seat.expel_votes || [];
  const label = t("clock.expel", { name: seatName(game, s), n: votes.length, total: voters.length });
  if (votes.includes(me)) return h("span", { class: "hint expel-voted" }, label);
  return h("button", {
    type: "button", class: "btn small expel", "data-seat": s,
    onclick: async (e) => {
      e.target.disabled = true;
      try { await api.expel(game.id, s); } catch (err) { toast(err.detail || t("error.generic")); e.target.disabled = false; }
    },
  }, icon("paw"), label);
}

// "Rex played two 7s", "You passed 3 9", "bob passed 2 cards" (home list); my own
// action has sentences of its own, the verb agreeing with "you" ("Du hast ... gespielt").
export function lastActionText(action, yourSeat) {
  if (!action) return "";
  const you = action.seat === yourSeat;
  const say = (key, yourKey, params = {}) => t(you ? yourKey : key, { name: action.name, ...params });
  const cards = action.cards;
  let text;
  if (action.kind === "pass") {
    text = cards
      ? say("clock.passedCards", "clock.youPassedCards", { cards: cardsText(cards) })
      : say("clock.passed", "clock.youPassed");
  } else if (action.kind === "tuck") {
    text = say("clock.tucked", "clock.youTucked", { cards: cardsText(cards || []) });
  } else if (cards.every((c) => c === cards[0])) {
    text = say("clock.playedSet", "clock.youPlayedSet", { n: cards.length, card: cards[0] });
  } else {
    text = say("clock.played", "clock.youPlayed", { cards: cardsText(cards) });
  }
  return action.actor === "forced" ? `${text} ${t("clock.forcedNote")}` : action.actor === "timeout" ? `${text} ${t("clock.timeoutNote")}` : text;
}

// The home list line's urgency: time left and whom the table waits for.
export function urgencyLine(game) {
  const deadline = game.your_deadline || game.turn_deadline;
  const parts = [];
  if (game.status === "active" && deadline) parts.push(h("span", { class: "time-left", dataset: { deadline } }, icon("clock"), timeLeft(deadline)));
  if (game.status === "active" && !game.your_turn && game.waiting_for.length) {
    parts.push(h("span", { class: "waiting-for" }, t("clock.waitingFor", { names: game.waiting_for.join(", ") })));
  }
  const away = (game.seats || []).filter((s) => s.away_until && s.number !== game.your_seat);
  for (const s of away) parts.push(h("span", { class: "away" }, `${s.name}: ${t("clock.away", { until: whenText(s.away_until) })}`));
  const last = lastActionText(game.last_action, game.your_seat);
  return h("span", { class: "game-urgency" }, last ? h("span", { class: "last-action" }, last) : null, ...parts);
}

// Settings: forced moves, the game limit (vacation: playsettings.js).
export function correspondencePanel() {
  const body = h("div", { "aria-busy": "true" }, h("p", { class: "muted" }, t("loading")));

  function draw(s) {
    body.removeAttribute("aria-busy");
    const act = (call) => async () => {
      try { draw(await call()); toast(t("settings.savedAccount")); } catch (err) { toast(err.detail || t("error.generic")); }
    };
    const toggle = (name) => {
      const input = h("input", { type: "checkbox", id: `pref-${name}`, checked: s[name] });
      input.addEventListener("change", act(() => api.gameSettings({ [name]: input.checked })));
      return h("div", { class: "field checkbox" }, input, h("label", { for: `pref-${name}` }, t(`clock.${name}`)));
    };
    body.replaceChildren(
      h("h2", { id: "forced-h" }, t("clock.forcedMoves")),
      toggle("forced_moves_correspondence"),
      toggle("forced_moves_live"),
      h("p", { class: "hint game-limit" }, t("clock.gameLimit", { running: s.game_limit.running, limit: s.game_limit.limit })),
    );
  }

  api.gameSettings().then(draw).catch(() => {
    body.removeAttribute("aria-busy");
    body.replaceChildren(h("p", { class: "form-error", role: "alert" }, t("error.generic")));
  });
  return h("section", { class: "card-panel correspondence", "aria-labelledby": "forced-h" }, body);
}
