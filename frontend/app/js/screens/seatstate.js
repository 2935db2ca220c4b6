// Every seat's state, told: the AI playing a person's seat (after three timeouts, a
// resignation, the table's vote, a moderator), on vacation; taking a seat back; and a
// finished game's places as the server counts them (a seat that left is last).
// The table (tableview.js, tableparts.js), the game-over screen and the home list call these.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { gameNumber, seatName } from "./chrome.js";
import { whenText } from "./clocks.js";

function seatOf(game, number) {
  return (game.seats || []).find((s) => s.number === number) || null;
}

export function mySeat(game) {
  return seatOf(game, game.your_seat);
}

// Why the AI plays a person's seat ("timeouts", "resigned", "expelled", "moderator"), or
// null while they play it themselves. A seat from before the server said why counts as
// timed out: it may be taken back, and the server says so if not.
export function handover(seat) {
  if (!seat || !seat.username || seat.state === "playing") return null;
  return seat.handover || (seat.state === "left" ? "timeouts" : "moderator");
}

// A seat tile's word for a seat the AI plays: "AI (timed out)", "resigned"...
export function seatBadge(game, number) {
  const why = handover(seatOf(game, number));
  return why ? h("span", { class: `badge handover ${why}`, "data-handover": why }, t(`handover.short.${why}`)) : null;
}

// What stands in place of my hand while the AI plays my seat: why, and the button to
// take it back (never after resigning: that is final).
export function handedOverPanel(game, onRetake) {
  const why = game.status === "active" ? handover(mySeat(game)) : null;
  if (!why) return null;
  return h("section", { class: "table-bottom handed-over", role: "status", "data-handover": why },
    h("p", { class: "handover-text" }, t(`handover.mine.${why}`)),
    why === "resigned" ? null : h("p", { class: "hint" }, t("handover.retakeHint")),
    why === "resigned" ? null : h("button", {
      class: "btn primary", type: "button", id: "retake", "data-focus": "retake", onclick: onRetake,
    }, t("table.retake")));
}

// A note above the trick about my own seat while I still play it: on vacation.
export function mySeatNote(game) {
  const mine = mySeat(game);
  if (!mine || !mine.away_until || handover(mine)) return null;
  return h("p", { class: "notice seat-note", role: "status" }, t("clock.onVacation", { until: whenText(mine.away_until) }));
}

// A finished game's outcome for `seat` from the server's places: "won" (first, someone
// below), "lost" (last, someone above), "drawn" (all first) or "neither" (games/outcome.py).
export function outcome(places, seat) {
  if (!places || seat === null || seat === undefined) return null;
  const last = Math.max(...places);
  if (last === 1) return "drawn";
  if (places[seat] === 1) return "won";
  return places[seat] === last ? "lost" : "neither";
}

// The seats in last place, by name (who lost, as the places count it).
export function lastNames(game, places) {
  const last = Math.max(...places);
  return places.map((p, s) => (p === last ? seatName(game, s) : null)).filter(Boolean).join(", ");
}

// The home list's word for a game of mine: the AI playing my seat, or how it ended.
export function listBadge(game) {
  const why = game.status === "active" ? handover(mySeat(game)) : null;
  if (why) return h("span", { class: "badge handover", "data-handover": why }, t(why === "resigned" ? "home.youLeft" : "home.aiPlays"));
  if (game.status !== "finished") return null;
  const came = outcome(game.places, game.your_seat);
  const key = { won: "home.won", lost: "home.lost" }[came] || "home.finished";
  return h("span", { class: "badge done", "data-outcome": came || "" }, t(key));
}

// A `/ws/me/` notice that the AI took my seat without my asking (barkside/notices.py
// HANDED_OVER): why, and, unless a moderator did it, that I may take it back; else null.
const HANDED_OVER = { handover_timeouts: "timeouts", handover_expelled: "expelled", handover_moderator: "moderator" };

export function handoverNotice(msg) {
  const why = msg && HANDED_OVER[msg.type];
  return why ? t(`handover.notice.${why}`, { id: gameNumber(msg.game) }) : null;
}

// "+23" / "-12" / "±0": a rating change as people read it.
export function ratingDiff(change) {
  const diff = change.after - change.before;
  return diff > 0 ? `+${diff}` : diff < 0 ? `−${-diff}` : "±0";
}
