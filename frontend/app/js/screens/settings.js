// Settings: language and notifications.
import { h, mount, toast } from "../dom.js";
import { LANGUAGES, lang, setLang, t } from "../i18n.js";
import { currentSubscription, disablePush, enablePush, pushSupported } from "../push.js";
import { session } from "../store.js";
import { appHeader } from "./chrome.js";
import { profileHref } from "./profile.js";

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

  mount(
    appHeader({ back: true }),
    h("section", { class: "screen settings" },
      h("h1", {}, t("settings.title")),
      h("div", { class: "card-panel" }, languages),
      h("div", { class: "card-panel" },
        h("div", { class: "field checkbox switch-row" }, toggle, h("label", { for: "push-toggle" }, t("settings.push"))),
        pushState),
      user ? h("p", { class: "muted" }, t("settings.signedInAs", { name: user.username })) : null,
      user ? h("div", { class: "footer-links" },
        h("a", { href: profileHref(user.username) }, t("home.myProfile")),
        h("a", { href: "#/leaderboard" }, t("home.leaderboard"))) : null,
    ),
  );
  refresh();
}
