// The table chat. Messages are text nodes only (never HTML). Without a socket the chat
// polls; with one, `chat` messages are appended. Reporting and muting: moderation.js.
import { api } from "../api.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { openReportDialog } from "./moderation.js";

const POLL_MS = 4000;
export const CHAT_MAX = 280;

export function chatError(err) {
  if (err.code === "throttled") {
    const wait = err.body && err.body.retry_after;
    return wait ? t("chat.throttledWait", { n: wait }) : t("chat.throttled");
  }
  if (err.code === "chat_muted") {
    const until = err.body && err.body.until;
    return until
      ? t("chat.mutedUntil", { time: new Date(until).toLocaleString() })
      : t("chat.muted");
  }
  if (err.code === "not_a_player") return t("chat.notPlayer");
  if (err.status === 0) return t("error.offline");
  return err.detail || t("error.generic");
}

// The chat panel: built once per table and moved between redraws, so the typed text,
// the scroll position and whether it is open survive every move.
export class TableChat {
  constructor(gameId, { me, canPost, muted }) {
    this.id = gameId;
    this.me = me;
    this.canPost = canPost;
    this.muted = muted;
    this.messages = [];
    this.seen = new Set();
    this.unread = 0;
    this.live = false;
    this.closed = false;
    this.build();
    this.poll();
  }

  build() {
    this.count = h("span", { class: "chat-unread" });
    this.list = h("ol", { class: "chat-list", "aria-live": "polite", "aria-label": t("chat.messages") });
    this.empty = h("p", { class: "muted small chat-empty" }, t("chat.empty"));
    this.error = h("p", { class: "form-error chat-error", role: "alert" });
    this.input = h("input", {
      id: "chat-input", type: "text", maxlength: CHAT_MAX, autocomplete: "off",
      enterkeyhint: "send", "data-focus": "chat-input", "aria-describedby": "chat-limit",
      oninput: () => this.updateLimit(),
    });
    this.limit = h("span", { id: "chat-limit", class: "muted small" });
    this.sendButton = h("button", { type: "submit", class: "btn primary small" }, t("chat.send"));
    const form = h("form", { class: "chat-form", onsubmit: (e) => { e.preventDefault(); this.send(); } },
      h("label", { for: "chat-input", class: "visually-hidden" }, t("chat.label")),
      this.input, this.sendButton);
    const wide = window.matchMedia && window.matchMedia("(min-width: 48rem)").matches;
    this.details = h("details", { class: "chat-details", open: wide || null },
      h("summary", {}, h("span", { id: "chat-h" }, t("chat.title")), " ", this.count),
      this.list, this.empty,
      this.canPost ? [form, this.limit] : h("p", { class: "muted small" }, t("chat.spectator")),
      this.error);
    this.details.addEventListener("toggle", () => {
      if (this.details.open) {
        this.unread = 0;
        this.renderCount();
        this.list.scrollTop = this.list.scrollHeight;
      }
    });
    this.el = h("section", { class: "panel chat", "aria-labelledby": "chat-h" }, this.details);
    this.updateLimit();
  }

  // The table shows the chat in its middle, one tap away: open there, shut elsewhere.
  open() {
    if (!this.details.open) this.details.open = true;
  }

  shut() {
    if (this.details.open) this.details.open = false;
  }

  updateLimit() {
    this.limit.textContent = t("chat.limit", { n: this.input.value.length, max: CHAT_MAX });
  }

  renderCount() {
    this.count.textContent = this.unread ? t("chat.unread", { n: this.unread }) : "";
  }

  // Messages in id order; duplicates (our own post echoed by the socket) dropped.
  add(messages, { fresh = true } = {}) {
    let added = 0;
    for (const m of messages) {
      if (!m || this.seen.has(m.id) || this.muted.has(m.user)) continue;
      this.seen.add(m.id);
      this.messages.push(m);
      added += 1;
      if (fresh && m.user !== this.me && !this.details.open) this.unread += 1;
    }
    if (!added) return;
    this.messages.sort((a, b) => a.id - b.id);
    this.render();
  }

  hide(id) {
    this.messages = this.messages.filter((m) => m.id !== id);
    this.render();
  }

  // After a mute: drop what they said.
  refilter() {
    this.messages = this.messages.filter((m) => !this.muted.has(m.user));
    this.seen = new Set(this.messages.map((m) => m.id));
    this.render();
  }

  render() {
    const atEnd = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    this.list.replaceChildren(...this.messages.map((m) => this.item(m)));
    this.empty.hidden = this.messages.length > 0;
    this.renderCount();
    if (atEnd || this.messages.length <= 1) this.list.scrollTop = this.list.scrollHeight;
  }

  item(m) {
    const mine = m.user === this.me;
    const time = new Date(m.created);
    return h("li", { class: `chat-msg${mine ? " mine" : ""}`, "data-id": m.id },
      h("div", { class: "chat-line" },
        h("span", { class: "chat-who" }, mine ? t("seat.you") : m.user),
        h("time", { datetime: m.created, class: "muted small" },
          Number.isNaN(time.getTime()) ? "" : time.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })),
        // textContent only: whatever was typed is shown as typed.
        h("span", { class: "chat-text" }, m.text)),
      mine ? null : h("button", {
        type: "button", class: "link chat-report",
        "aria-label": t("report.messageLabel", { name: m.user }),
        onclick: () => openReportDialog({ username: m.user, gameId: this.id, message: m.id }),
      }, t("report.action")));
  }

  async send() {
    const text = this.input.value.trim();
    if (!text) return;
    this.sendButton.disabled = true;
    this.error.textContent = "";
    try {
      const message = await api.chatPost(this.id, text);
      this.input.value = "";
      this.updateLimit();
      this.add([message], { fresh: false });
    } catch (err) {
      this.error.textContent = chatError(err);
    } finally {
      this.sendButton.disabled = false;
      this.input.focus({ preventScroll: true });
    }
  }

  async fetch() {
    try {
      this.add(await api.chat(this.id));
    } catch (err) {
      /* the game feed reports lost games and connections */
    }
  }

  // Polls while the game feed has no socket; fetches once when it comes back.
  setLive(live) {
    const was = this.live;
    this.live = live;
    if (live && !was) this.fetch();
  }

  poll() {
    if (this.closed) return;
    if (!this.live && document.visibilityState !== "hidden") this.fetch();
    this.timer = setTimeout(() => this.poll(), POLL_MS);
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
  }
}
