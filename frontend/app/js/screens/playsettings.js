// Settings, first group: what a player changes mid-game, one tap from the table and the
// home screen (their app bar's settings button) and on screen without scrolling there:
// asking before each move and the Hint button (this device), and vacation (the account's
// correspondence clocks).
import { api } from "../api.js";
import { h, toast } from "../dom.js";
import { t } from "../i18n.js";
import { prefs, setPref } from "../prefs.js";
import { whenText } from "./clocks.js";

function prefRow(name, label) {
  return h("div", { class: "field checkbox" },
    h("input", {
      type: "checkbox", id: `pref-${name}`, checked: prefs()[name],
      onchange: (e) => { setPref(name, e.target.checked); toast(t("settings.saved")); },
    }),
    h("label", { for: `pref-${name}` }, label));
}

// "Go on vacation" for a number of days, or "On vacation until ..." and "I'm back".
function vacationRows() {
  const body = h("div", { class: "vacation", "aria-busy": "true" }, h("p", { class: "muted" }, t("loading")));
  function draw(s) {
    body.removeAttribute("aria-busy");
    const left = Math.floor(s.vacation_days_left);
    const days = h("input", { type: "number", id: "vacation-days", min: 1, max: Math.max(1, left), value: Math.min(7, Math.max(1, left)) });
    const act = (call) => async () => {
      try { draw(await call()); toast(t("settings.savedAccount")); } catch (err) { toast(err.detail || t("error.generic")); }
    };
    body.replaceChildren(
      h("h3", { id: "vacation-h" }, t("clock.vacation")),
      ...(s.vacation
        ? [h("p", { class: "vacation-state" }, t("clock.onVacation", { until: whenText(s.vacation.until) })),
          h("button", { type: "button", class: "btn", onclick: act(() => api.vacationEnd()) }, t("clock.vacationEnd"))]
        : [h("p", { class: "hint" }, t("clock.vacationHint", { left, total: s.vacation_days })),
          h("div", { class: "field inline-field" }, h("label", { for: "vacation-days" }, t("clock.vacationDays")), days),
          h("button", { type: "button", class: "btn", onclick: act(() => api.vacationStart(Number(days.value))) }, t("clock.vacationStart"))]),
    );
  }
  api.gameSettings().then(draw).catch(() => {
    body.removeAttribute("aria-busy");
    body.replaceChildren(h("p", { class: "form-error", role: "alert" }, t("error.generic")));
  });
  return body;
}

export function playingPanel(user) {
  return h("section", { class: "card-panel playing-settings", id: "playing-settings", "aria-labelledby": "playing-h" },
    h("h2", { id: "playing-h" }, t("settings.groupPlaying")),
    prefRow("confirmMoves", t("settings.confirmMoves")),
    user ? vacationRows() : null,
    prefRow("hints", t("hint.setting")));
}
