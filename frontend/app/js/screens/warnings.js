// A moderator's warnings, shown to the warned user until they tap "I understand".
// Looked for whenever someone is signed in (the app opening, or signing in), when the app
// comes back to the front, and on the live `warned` notice of /ws/me/. "Seen" is kept by the server, so a warning read on
// one device is not shown again on another. The moderator's words are text nodes only,
// never HTML.
import { api } from "../api.js";
import { h } from "../dom.js";
import { lang, t } from "../i18n.js";
import { MeFeed } from "../socket.js";
import { session } from "../store.js";

function givenOn(created) {
  const date = new Date(created);
  if (Number.isNaN(date.getTime())) return "";
  const text = new Intl.DateTimeFormat(lang(), { dateStyle: "long", timeStyle: "short" }).format(date);
  return t("warning.given", { date: text });
}

function warningItem(warning, i) {
  const label = `warning-reason-${i}`;
  return h("li", { class: "warning-item" },
    h("p", { class: "warning-label", id: label }, t("warning.reason")),
    h("blockquote", { class: "warning-reason", "aria-labelledby": label }, warning.reason),
    h("time", { class: "muted small", datetime: warning.created }, givenOn(warning.created)));
}

// A modal alert dialog; "I understand" marks every warning in it seen, then closes it.
// Escape closes it too, unacknowledged: it is shown again the next time the app looks.
function openWarningDialog(warnings, onClosed) {
  const error = h("p", { class: "form-error", role: "alert" });
  const ok = h("button", { type: "submit", class: "btn primary wide" }, t("warning.understood"));
  const dialog = h("dialog", {
    class: "warning-dialog", role: "alertdialog",
    "aria-labelledby": "warning-h", "aria-describedby": "warning-text",
  });
  const close = () => {
    if (!dialog.isConnected) return;
    dialog.close();
    dialog.remove();
    onClosed();
  };
  const form = h("form", { method: "dialog" },
    h("h2", { id: "warning-h" }, t("warning.title", { n: warnings.length })),
    h("p", { id: "warning-text" }, t("warning.text")),
    h("ul", { class: "warning-list" }, warnings.map(warningItem)),
    error,
    h("div", { class: "actions" }, ok));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    ok.disabled = true;
    error.textContent = "";
    try {
      for (const warning of warnings) {
        // 404: not this account's warning (another one signed in meanwhile): nothing to mark.
        await api.warningSeen(warning.id).catch((err) => { if (err.status !== 404) throw err; });
      }
      close();
    } catch (err) {
      error.textContent = err.status === 0 ? t("error.offline") : err.detail || t("error.generic");
      ok.disabled = false;
    }
  });
  dialog.addEventListener("cancel", () => setTimeout(close, 0));
  dialog.append(form);
  document.body.append(dialog);
  dialog.showModal();
  ok.focus();
  return dialog;
}

// Follows the session: while someone is signed in, their unseen warnings are shown.
export function watchWarnings() {
  let userId = null;
  let feed = null;
  let dialog = null;
  let shown = "";
  let checking = Promise.resolve();

  function show(unseen) {
    const ids = unseen.map((w) => w.id).join(",");
    if (dialog && ids === shown) return; // already on screen: keep the focus where it is
    if (dialog) { dialog.close(); dialog.remove(); }
    dialog = null;
    shown = ids;
    if (unseen.length) dialog = openWarningDialog(unseen, () => { dialog = null; shown = ""; });
  }

  // One request at a time, in order: a notice during a fetch is answered by a fresh one.
  function check() {
    const asked = userId;
    checking = checking.then(async () => {
      let list;
      try { list = await api.warnings(); } catch (err) { return; } // offline: asked again next time
      if (asked === userId) show(list.filter((w) => !w.seen));
    });
  }

  session.subscribe(({ user }) => {
    const id = user ? user.id : null;
    if (id === userId) return;
    userId = id;
    if (feed) feed.close();
    feed = null;
    show([]);
    if (id === null) return;
    feed = new MeFeed((msg) => { if (msg && msg.type === "warned") check(); });
    check();
  });

  // A warning given while the socket was down (a phone asleep) shows when the app is back.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && userId !== null) check();
  });
}
