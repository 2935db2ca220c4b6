// Settings, grouped: playing (move confirmation and vacation, first: playsettings.js), this
// device (language, notifications on it, sound), the account's notices (notifysettings.js)
// and correspondence play, then the account: a guest's "keep my games", the players you
// blocked or muted.
import { api } from "../api.js";
import { h, mount, toast } from "../dom.js";
import { LANGUAGES, lang, setLang, t } from "../i18n.js";
import { prefs, setPref } from "../prefs.js";
import { currentSubscription, disablePush, enablePush, pushSupported } from "../push.js";
import { session } from "../store.js";
import { appHeader } from "./chrome.js";
import { correspondencePanel } from "./clocks.js";
import { toggleBlock, toggleMute } from "./moderation.js";
import { notificationSettingsPanel } from "./notifysettings.js";
import { playingPanel } from "./playsettings.js";
import { dateText, playerLink, profileHref } from "./profile.js";

const IGNORED = {
  blocked: { load: () => api.blocks(), undo: toggleBlock, undoKey: "block" },
  muted: { load: () => api.mutes(), undo: toggleMute, undoKey: "mute" },
};

// "Blocked players" or "Muted players", newest first, each with its undo button. After an
// undo, focus moves to the next row's button (or the heading when the list is empty).
function ignoredPanel(kind) {
  const { load, undo, undoKey } = IGNORED[kind];
  const names = new Set();
  const heading = h("h2", { id: `${kind}-h`, tabindex: -1 }, t(`settings.${kind}`));
  const list = h("ul", { class: "people-list", "aria-labelledby": `${kind}-h` });
  const empty = h("p", { class: "muted" }, t(`settings.${kind}None`));
  const body = h("div", { "aria-busy": "true" }, h("p", { class: "muted" }, t("loading")));

  function row(person) {
    const name = person.username;
    const button = h("button", {
      type: "button", class: "btn small", "aria-label": t(`${undoKey}.undoLabel`, { name }),
    }, t(`${undoKey}.undo`));
    const item = h("li", { class: "person-row" },
      h("span", { class: "person-who" },
        playerLink(name),
        h("span", { class: "hint" }, t("settings.since", { date: dateText(person.since) }))),
      button);
    button.addEventListener("click", async () => {
      button.disabled = true;
      await undo(name, names, () => {
        const next = item.nextElementSibling || item.previousElementSibling;
        item.remove();
        showEmpty();
        (next ? next.querySelector("button") : heading).focus();
      });
      button.disabled = false;
    });
    return item;
  }

  function showEmpty() {
    list.hidden = names.size === 0;
    empty.hidden = names.size > 0;
  }

  load().then((people) => {
    for (const person of people) names.add(person.username);
    list.replaceChildren(...people.map(row));
    showEmpty();
    body.removeAttribute("aria-busy");
    body.replaceChildren(list, empty);
  }).catch((err) => {
    body.removeAttribute("aria-busy");
    body.replaceChildren(h("p", { class: "form-error", role: "alert" },
      err.status === 0 ? t("error.offline") : t("error.generic")));
  });

  return h("section", { class: "card-panel", "aria-labelledby": `${kind}-h` },
    heading, h("p", { class: "hint" }, t(`settings.${kind}Hint`)), body);
}

// Who is signed in; a guest is asked to keep its games under a name of its own.
function accountPanel(user) {
  if (user.guest) {
    return h("section", { class: "card-panel guest-claim", "aria-labelledby": "guest-h" },
      h("h3", { id: "guest-h" }, t("guest.youAre")),
      h("p", {}, t("guest.claimText")),
      h("a", { class: "btn primary", href: "#/claim" }, t("guest.claim")));
  }
  return h("div", { class: "card-panel" },
    h("p", { class: "muted" }, t("settings.signedInAs", { name: user.username })),
    h("div", { class: "footer-links" },
      h("a", { href: profileHref(user.username) }, t("home.myProfile")),
      h("a", { href: "#/leaderboard" }, t("home.leaderboard"))));
}

export function renderSettings({ rerender }) {
  const user = session.get().user;
  const languages = h("fieldset", { class: "radio-list" },
    h("legend", {}, t("settings.language")),
    Object.entries(LANGUAGES).map(([code, name]) => h("label", { lang: code },
      h("input", { type: "radio", name: "lang", value: code, checked: code === lang(),
        onchange: () => { setLang(code); rerender(); } }),
      h("span", {}, name))));

  const pushState = h("p", { class: "hint", id: "push-state" });
  const toggle = h("input", { type: "checkbox", id: "push-toggle", role: "switch", disabled: !pushSupported() || !user,
    "aria-describedby": "push-state" });
  async function refresh() {
    if (!pushSupported()) { pushState.textContent = t("settings.pushUnsupported"); return; }
    if (!user) { pushState.textContent = t("settings.pushSignIn"); return; }
    const sub = await currentSubscription().catch(() => null);
    toggle.checked = !!sub && Notification.permission === "granted";
    pushState.textContent = Notification.permission === "denied" ? t("settings.pushDenied") : toggle.checked ? t("settings.pushOn") : t("settings.pushOff");
  }
  toggle.addEventListener("change", async () => {
    toggle.disabled = true;
    try {
      if (toggle.checked) await enablePush();
      else await disablePush();
    } catch (err) {
      toast(Notification.permission === "denied" ? t("settings.pushDenied") : t("error.generic"));
    }
    toggle.disabled = false;
    refresh();
  });

  // This device's turn signals (asking before each move is in the playing group).
  const tablePrefs = h("fieldset", {},
    h("legend", {}, t("settings.table")),
    ["sound", "vibrate"].map((name) => h("div", { class: "field checkbox" },
      h("input", {
        type: "checkbox", id: `pref-${name}`, checked: prefs()[name],
        onchange: (e) => { setPref(name, e.target.checked); toast(t("settings.saved")); },
      }),
      h("label", { for: `pref-${name}` }, t(`settings.${name}`)))));

  mount(
    appHeader({ back: true }),
    h("section", { class: "screen settings" },
      h("h1", {}, t("settings.title")),
      playingPanel(user),
      h("h2", { class: "settings-group" }, t("settings.groupDevice")),
      h("div", { class: "card-panel" }, languages),
      h("div", { class: "card-panel" },
        h("div", { class: "field checkbox switch-row" }, toggle, h("label", { for: "push-toggle" }, t("settings.push"))),
        pushState),
      h("div", { class: "card-panel" }, tablePrefs),
      user ? [h("h2", { class: "settings-group" }, t("settings.groupAccount")), accountPanel(user)] : null,
      user ? notificationSettingsPanel() : null,
      user ? correspondencePanel() : null,
      user ? [ignoredPanel("blocked"), ignoredPanel("muted")] : null,
    ),
  );
  refresh();
}
