// What a player can do about another: report them, mute them (hide their chat) or block
// them (never seated together by matchmaking, and their chat hidden). Used at the table,
// in its chat, on a profile and in Settings.
import { api } from "../api.js";
import { confirmDialog } from "./confirm.js";
import { h, toast } from "../dom.js";
import { t } from "../i18n.js";

export const REPORT_REASONS = ["abusive_chat", "offensive_name", "stalling", "cheating", "other"];

function errorText(err) {
  return err.status === 0 ? t("error.offline") : err.detail || t("error.generic");
}

function modal(dialog) {
  dialog.addEventListener("cancel", () => setTimeout(() => dialog.remove(), 0));
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}

// A small modal dialog: why, and an optional comment. `gameId` and `message` (a chat
// message id) say where it happened, when it happened at a table.
export function openReportDialog({ username, gameId = null, message = null }) {
  const reasons = REPORT_REASONS.map((reason, i) =>
    h("label", { class: "choice" },
      h("input", {
        type: "radio", name: "report-reason", value: reason,
        checked: (message ? reason === "abusive_chat" : i === REPORT_REASONS.length - 1) || null,
      }),
      h("span", {}, t(`report.reason.${reason}`))));
  const comment = h("textarea", { id: "report-comment", rows: 3, maxlength: 1000 });
  const error = h("p", { class: "form-error", role: "alert" });
  const dialog = h("dialog", { class: "report-dialog", "aria-labelledby": "report-h" });
  const close = () => { dialog.close(); dialog.remove(); };
  const send = h("button", { type: "submit", class: "btn primary" }, t("report.send"));
  const form = h("form", { method: "dialog" },
    h("h2", { id: "report-h" }, t("report.title", { name: username })),
    h("fieldset", { class: "reasons" }, h("legend", {}, t("report.reason")), reasons),
    h("div", { class: "field" }, h("label", { for: "report-comment" }, t("report.comment")), comment),
    error,
    h("div", { class: "actions" },
      send,
      h("button", { type: "button", class: "btn", onclick: close }, t("report.cancel"))));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const reason = form.querySelector("input[name=report-reason]:checked").value;
    const body = { user: username, reason };
    if (gameId) body.game = Number(gameId);
    if (message) body.message = message;
    if (comment.value.trim()) body.comment = comment.value.trim();
    send.disabled = true;
    try {
      await api.report(body);
      form.replaceChildren(
        h("h2", { id: "report-h" }, t("report.received")),
        h("p", { role: "status" }, t("report.receivedText")),
        h("div", { class: "actions" },
          h("button", { type: "button", class: "btn primary", onclick: close, autofocus: true }, t("report.close"))));
      form.querySelector("button").focus();
    } catch (err) {
      error.textContent = errorText(err);
      send.disabled = false;
    }
  });
  dialog.append(form);
  return modal(dialog);
}

// "Block bob?" with what a block does; `onConfirm` runs only if they say yes.
function confirmBlock(username, onConfirm) {
  return confirmDialog({
    id: "block",
    title: t("block.confirmTitle", { name: username }),
    text: t("block.confirmText", { name: username }),
    confirm: t("block.action"),
    cancel: t("block.cancel"),
    onConfirm,
  });
}

// One change of a mute or block: the request, then this page's memory of it and a toast.
async function change(request, remember, done, onDone) {
  try {
    await request();
    remember();
    toast(done);
    onDone();
  } catch (err) {
    toast(errorText(err));
  }
}

// Mute (hide their chat from me) or unmute; `muted` is this page's memory of it.
export function toggleMute(username, muted, onDone) {
  const name = { name: username };
  if (muted.has(username)) {
    return change(() => api.unmute(username), () => muted.delete(username), t("mute.undone", name), onDone);
  }
  return change(() => api.mute(username), () => muted.add(username), t("mute.done", name), onDone);
}

// Unblock at once; block only once they have read what it does. `blocked`: as `muted`.
export function toggleBlock(username, blocked, onDone) {
  const name = { name: username };
  if (blocked.has(username)) {
    return change(() => api.unblock(username), () => blocked.delete(username), t("block.undone", name), onDone);
  }
  confirmBlock(username, () =>
    change(() => api.block(username), () => blocked.add(username), t("block.done", name), onDone));
  return Promise.resolve();
}
