// "Are you sure?" as a modal dialog; `onConfirm` runs only if they say yes.
import { h } from "../dom.js";

export function confirmDialog({ id, title, text, confirm, cancel, onConfirm, danger = false }) {
  const dialog = h("dialog", {
    class: "confirm-dialog", "aria-labelledby": `${id}-h`, "aria-describedby": `${id}-text`,
  });
  const close = () => { dialog.close(); dialog.remove(); };
  const form = h("form", { method: "dialog" },
    h("h2", { id: `${id}-h` }, title),
    h("p", { id: `${id}-text` }, text),
    h("div", { class: "actions" },
      h("button", { type: "submit", class: `btn ${danger ? "danger" : "primary"}` }, confirm),
      h("button", { type: "button", class: "btn", onclick: close, autofocus: true }, cancel)));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    close();
    onConfirm();
  });
  dialog.addEventListener("cancel", () => dialog.remove());
  dialog.append(form);
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}
