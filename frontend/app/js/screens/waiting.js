// A table waiting for people: the invite link to share and the seats filled so far.
import { api } from "../api.js";
import { h, mount, toast } from "../dom.js";
import { t } from "../i18n.js";
import { session } from "../store.js";
import { appHeader, gameNumber, seatOwner } from "./chrome.js";

// The link names who sends it, so the page it opens can say who invited you.
export function inviteLink(game) {
  const me = session.get().user;
  const from = me ? `?from=${encodeURIComponent(me.username)}` : "";
  return game.invite_code ? `${location.origin}/#/join/${game.id}/${game.invite_code}${from}` : `${location.origin}/#/game/${game.id}`;
}

export function renderWaiting(game, status) {
  const link = inviteLink(game);
  const seated = new Map(game.seats.map((s) => [s.number, s]));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast(t("wait.copied"));
    } catch (err) {
      document.getElementById("invite-link").select();
    }
  };
  const share = () => navigator.share({ title: "Barkside", text: t("wait.shareText"), url: link }).catch(() => {});
  const leave = async () => {
    try {
      await api.leave(game.id);
      location.hash = "#/";
    } catch (err) {
      toast(err.detail || t("error.generic"));
    }
  };
  mount(
    appHeader({ title: t("table.title", { id: gameNumber(game.id) }), status }),
    h("section", { class: "screen waiting" },
      h("h1", {}, t("wait.title")),
      h("p", {}, t("wait.text", { n: game.players - game.seats.length })),
      h("div", { class: "card-panel invite" },
        h("label", { for: "invite-link" }, t(game.private ? "wait.linkPrivate" : "wait.linkPublic")),
        h("input", { id: "invite-link", class: "invite-link", readonly: true, value: link, onfocus: (e) => e.target.select() }),
        h("div", { class: "actions" },
          h("button", { class: "btn primary", type: "button", onclick: copy }, t("wait.copy")),
          navigator.share ? h("button", { class: "btn", type: "button", onclick: share }, t("wait.share")) : null),
      ),
      h("section", { class: "panel", "aria-labelledby": "wait-seats" },
        h("h2", { id: "wait-seats" }, t("wait.seats", { n: game.seats.length, total: game.players })),
        h("ol", { class: "wait-seats" }, Array.from({ length: game.players }, (_, n) => {
          const seat = seated.get(n);
          return h("li", { class: seat ? "taken" : "free" },
            seat ? (n === game.your_seat ? t("seat.you") : seatOwner(game, n)) : t("wait.free"));
        }))),
      game.your_seat !== null ? h("button", { class: "btn danger", type: "button", onclick: leave }, t("wait.leave")) : null,
    ),
  );
}
