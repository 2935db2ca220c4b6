// Settings, the account's part about being told: which pushes, quiet hours in my time
// zone, and the daily email when no device has notifications on. Each change is saved
// at once (PATCH /api/notifications/settings); the server keeps them for every device.
// The kinds of push and their names come from the server (GET /api/notifications/switches,
// in the app's language), which declares every kind of notice in one place.
import { api } from "../api.js";
import { h, toast } from "../dom.js";
import { lang, t } from "../i18n.js";

function deviceZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch (err) {
    return "UTC";
  }
}

function zoneNames(current) {
  let names = [];
  try {
    names = Intl.supportedValuesOf("timeZone");
  } catch (err) {
    names = [];
  }
  return [...new Set([current, deviceZone(), "UTC", ...names])];
}

function switchRow(id, label, checked, onchange) {
  return h("div", { class: "field checkbox" },
    h("input", { type: "checkbox", id, checked, onchange }),
    h("label", { for: id }, label));
}

function form(current, switches, save) {
  const zone = h("select", { id: "notify-zone", onchange: (e) => save({ time_zone: e.target.value }) },
    zoneNames(current.time_zone).map((name) => h("option", { value: name, selected: name === current.time_zone }, name)));
  const from = h("input", { type: "time", id: "notify-quiet-from", value: current.quiet_start || "22:00" });
  const to = h("input", { type: "time", id: "notify-quiet-to", value: current.quiet_end || "07:00" });
  const quietOn = h("input", { type: "checkbox", id: "notify-quiet", checked: !!current.quiet_start });
  const times = h("div", { class: "quiet-times", hidden: !current.quiet_start },
    h("label", { for: "notify-quiet-from" }, t("notify.quietFrom")), from,
    h("label", { for: "notify-quiet-to" }, t("notify.quietTo")), to);
  const saveQuiet = () => {
    times.hidden = !quietOn.checked;
    save(quietOn.checked && from.value && to.value
      ? { quiet_start: from.value, quiet_end: to.value }
      : { quiet_start: null, quiet_end: null });
  };
  quietOn.addEventListener("change", saveQuiet);
  from.addEventListener("change", saveQuiet);
  to.addEventListener("change", saveQuiet);
  return [
    h("fieldset", {},
      h("legend", {}, t("notify.kinds")),
      switches.map(({ name, label }) => switchRow(`notify-${name}`, label, current[name],
        (e) => save({ [name]: e.target.checked })))),
    h("p", { class: "hint" }, t("notify.remindersHint")),
    h("div", { class: "field" }, h("label", { for: "notify-zone" }, t("notify.timeZone")), zone),
    h("div", { class: "field checkbox" }, quietOn, h("label", { for: "notify-quiet" }, t("notify.quiet"))),
    times,
    h("p", { class: "hint" }, t("notify.quietHint")),
    switchRow("notify-email_digest", t("notify.digest"), current.email_digest,
      (e) => save({ email_digest: e.target.checked, lang: lang() })),
    h("p", { class: "hint" }, t("notify.digestHint")),
  ];
}

// The panel for a signed-in user; it fills itself in once the settings arrive.
export function notificationSettingsPanel() {
  const body = h("div", { "aria-busy": "true" }, h("p", { class: "muted" }, t("loading")));
  // One change at a time, in the order made: sent at once, two quick changes could reach
  // the server the other way round, and the older value be the one kept.
  let saving = Promise.resolve();
  function save(changes) {
    saving = saving.then(async () => {
      try {
        await api.notificationSettingsChange(changes);
        toast(t("notify.saved"));
      } catch (err) {
        toast(err.status === 0 ? t("error.offline") : (err.detail || t("error.generic")));
      }
    });
  }
  Promise.all([api.notificationSettings(), api.notificationSwitches()]).then(async ([current, switches]) => {
    // A first visit: the device's time zone and language, rather than UTC and English.
    if (current.time_zone === "UTC" && deviceZone() !== "UTC" && !current.quiet_start) {
      current = await api.notificationSettingsChange({ time_zone: deviceZone(), lang: lang() }).catch(() => current);
    }
    body.removeAttribute("aria-busy");
    body.replaceChildren(...form(current, switches, save));
  }).catch((err) => {
    body.removeAttribute("aria-busy");
    body.replaceChildren(h("p", { class: "form-error", role: "alert" },
      err.status === 0 ? t("error.offline") : t("error.generic")));
  });
  return h("section", { class: "card-panel notify-settings", "aria-labelledby": "notify-h" },
    h("h2", { id: "notify-h" }, t("notify.title")), body);
}
