// The matchmaking wishes form: table sizes, speed, rated or casual, AI seats allowed,
// the reputation asked of table mates.
// It only draws and reads the form; `onJoin(wish, {error, submit})` does the joining.
// A guest is offered casual games only.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { ratedNeedsAccount } from "./auth.js";

// Table mates who finished at least this % of their games (0: anyone).
const REPUTATION_THRESHOLDS = [0, 80, 90, 95];

export const SPEEDS = [[30, "time.30s"], [60, "time.1m"], [86400, "time.1d"], [259200, "time.3d"]];

export function wishesForm(saved, onJoin, { guest = false } = {}) {
  const error = h("p", { class: "form-error", role: "alert" });
  const sizes = h("fieldset", { class: "segmented" },
    h("legend", {}, t("mm.sizes")),
    [3, 4, 5, 6].map((n) => h("label", {},
      h("input", { type: "checkbox", name: "sizes", value: n, checked: saved.sizes.includes(n), "aria-label": t("mm.sizeLabel", { n }) }),
      h("span", { "aria-hidden": "true" }, String(n)))));
  const speeds = h("fieldset", { class: "segmented" },
    h("legend", {}, t("mm.speed")),
    SPEEDS.map(([seconds, key]) => h("label", {},
      h("input", { type: "radio", name: "time", value: seconds, checked: seconds === saved.time_per_move }),
      h("span", {}, t(key)))),
    h("p", { class: "hint" }, t("mm.speedHint")));
  const kind = h("fieldset", { class: "segmented" },
    h("legend", {}, t("mm.kind")),
    [["rated", true], ["casual", false]].map(([value, rated]) => h("label", {},
      h("input", { type: "radio", name: "kind", value, checked: rated === (saved.rated && !guest), disabled: rated && guest }),
      h("span", {}, t(`mm.${value}`)))),
    guest ? ratedNeedsAccount() : null);
  const ai = h("div", { class: "field checkbox" },
    h("input", { type: "checkbox", id: "mm-ai-fill", name: "ai_fill", checked: saved.ai_fill }),
    h("label", { for: "mm-ai-fill" }, t("mm.aiFill")));
  const reputation = h("div", { class: "field" },
    h("label", { for: "mm-reputation" }, t("mm.reputation")),
    h("select", { id: "mm-reputation", name: "min_reputation" },
      REPUTATION_THRESHOLDS.map((pct) => h("option", { value: pct, selected: pct === (saved.min_reputation || 0) },
        pct ? t("mm.reputationAtLeast", { pct }) : t("mm.reputationAny")))),
    h("p", { class: "hint" }, t("mm.reputationHint")));
  const submit = h("button", { class: "btn primary wide", type: "submit" }, t("mm.join"));
  const form = h("form", { class: "card-panel" }, sizes, speeds, kind, ai, reputation, error, submit);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    error.textContent = "";
    const data = new FormData(form);
    const wish = {
      sizes: data.getAll("sizes").map(Number),
      time_per_move: Number(data.get("time")),
      rated: data.get("kind") === "rated",
      ai_fill: data.get("ai_fill") === "on",
      min_reputation: Number(data.get("min_reputation")) || 0,
    };
    if (!wish.sizes.length) {
      error.textContent = t("mm.pickSize");
      return;
    }
    onJoin(wish, { error, submit });
  });
  return form;
}
