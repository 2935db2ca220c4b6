// Drawing the matchmaking screen: the wishes form, and the queued panel whose numbers
// change in place (focus and screen readers are not disturbed). No requests here.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { SPEEDS, wishesForm } from "./matchmakingform.js";

// "1:05", "1:02:03": time waited and time left.
export function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return hh ? `${hh}:${String(mm).padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

function speedText(seconds) {
  const preset = SPEEDS.find(([value]) => value === seconds);
  return preset ? t(preset[1]) : `${seconds} s`;
}

export function formPanel(wishes, onJoin, options) {
  return [h("p", {}, t("mm.intro")), wishesForm(wishes, onJoin, options)];
}

// The queued panel: its live lines, and `update(status, elapsed)` to refresh them.
export function queuedPanel(onLeave) {
  const lines = {
    wishes: h("p", { class: "muted mm-wishes" }),
    position: h("p", { class: "mm-position" }),
    waited: h("p", { class: "mm-waited" }),
    gap: h("p", { class: "mm-gap" }),
    aiFill: h("p", { class: "mm-ai hint" }),
  };
  const leave = h("button", { class: "btn danger wide", type: "button", onclick: () => onLeave(leave) }, t("mm.leave"));
  const el = h("section", { class: "card-panel mm-queued", "aria-labelledby": "mm-queued-h" },
    h("h2", { id: "mm-queued-h" }, t("mm.queued")),
    lines.wishes, lines.position, lines.waited, lines.gap, lines.aiFill, leave);
  return { el, update: (status, elapsed) => updateLines(lines, status, elapsed) };
}

function updateLines(lines, status, elapsed) {
  lines.position.textContent = t("mm.position", { n: status.position, total: status.waiting });
  lines.gap.textContent = t("mm.gap", { n: status.gap });
  lines.wishes.textContent = t("mm.wishes", {
    sizes: (status.sizes || []).join(", "),
    speed: speedText(status.time_per_move),
    kind: status.rated ? t("mm.rated") : t("mm.casual"),
  });
  lines.waited.textContent = t("mm.waited", { time: clockText(status.waited + elapsed) });
  if (status.ai_fill_in === null || status.ai_fill_in === undefined) lines.aiFill.textContent = "";
  else {
    const left = status.ai_fill_in - elapsed;
    lines.aiFill.textContent = left > 0 ? t("mm.aiIn", { time: clockText(left) }) : t("mm.aiSoon");
  }
}
