// The app bar shared by every screen.
import { h } from "../dom.js";
import { t } from "../i18n.js";

export function appHeader({ back = true, title = "Barkside", status = null } = {}) {
  return h("header", { class: "app-bar" },
    back
      ? h("a", { class: "icon-btn", href: "#/", "aria-label": t("nav.home") }, h("span", { "aria-hidden": "true" }, "←"))
      : h("img", { class: "logo", src: "/app/icons/icon-192.png", alt: "", width: 32, height: 32 }),
    h("span", { class: "app-title" }, title),
    status,
    h("nav", { class: "app-nav", "aria-label": t("nav.label") },
      h("a", { class: "icon-btn", href: "#/rules", "aria-label": t("nav.rules") }, h("span", { "aria-hidden": "true" }, "?")),
      h("a", { class: "icon-btn", href: "#/settings", "aria-label": t("nav.settings") }, h("span", { "aria-hidden": "true" }, "⚙")),
    ),
  );
}

// A game's number as people read it: the last 4 digits of its id. Ids are random numbers
// of up to 16 digits (games/models.py), whole only in URLs and API calls.
export function gameNumber(id) {
  return String(id).slice(-4);
}

export function seatName(game, number) {
  if (game.your_seat === number) return t("seat.you");
  return seatOwner(game, number);
}

// seatName without an AI's level ("Rex"), where a phone's width counts: the seat tiles,
// the trick, the turn banner. The level is in the Players tab.
export function seatShortName(game, number) {
  const seat = (game.seats || []).find((s) => s.number === number);
  if (game.your_seat === number || !seat || seat.username || !seat.ai_level) return seatName(game, number);
  return seat.name.replace(/ \([^()]*\)$/, "");
}

// seatName, linked to the player's profile when the seat is another person's.
export function seatNameLinked(game, number) {
  const seat = (game.seats || []).find((s) => s.number === number);
  const name = seatName(game, number);
  if (!seat || !seat.username || game.your_seat === number) return name;
  return h("a", { class: "player-link", href: `#/players/${encodeURIComponent(seat.username)}` }, name);
}

export function seatOwner(game, number) {
  const seat = (game.seats || []).find((s) => s.number === number);
  if (!seat) return t("seat.empty");
  // The server names every seat the same everywhere; an AI's, "Rex (hard)", is a dog's
  // name and its level, which the reader is told in their language.
  if (seat.username || !seat.ai_level) return seat.name || seat.username;
  return `${seat.name.replace(/ \([^()]*\)$/, "")} (${t(`level.${seat.ai_level}`)})`;
}
