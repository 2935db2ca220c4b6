// Sign up and sign in; play at once as a guest, and claim the guest's account later.
import { api } from "../api.js";
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { session } from "../store.js";
import { appHeader } from "./chrome.js";

// A guest's first game: against two AI players at the easy level, two minutes a move.
const FIRST_GAME = { players: 3, ai: ["easy", "easy"], time_per_move: 120 };

// Where rated play would be offered to a guest: why it is not (the server refuses it:
// guest_not_allowed), and the way to an account of its own.
export function ratedNeedsAccount() {
  return h("p", { class: "hint guest-rated" }, t("guest.ratedHint"), " ", h("a", { href: "#/claim" }, t("guest.claim")));
}

// "Play now": one tap makes a guest and sits it at a table with the AI.
function playNowButton() {
  const error = h("p", { class: "form-error", role: "alert" });
  const button = h("button", { class: "btn primary wide play-now", type: "button", id: "play-now" }, t("guest.playNow"));
  button.addEventListener("click", async () => {
    button.disabled = true;
    error.textContent = "";
    try {
      await api.csrf();
      const answer = await api.guest();
      session.set({ user: answer.user });
      const game = await api.create(FIRST_GAME);
      location.hash = `#/game/${game.id}`;
    } catch (err) {
      error.textContent = err.status === 0 ? t("error.offline") : err.detail || t("error.generic");
      button.disabled = false;
    }
  });
  return h("div", { class: "card-panel play-now-panel" },
    button, h("p", { class: "hint" }, t("guest.playNowHint")), error);
}

// The invitation this sign-in was asked for, if any: "#/join/<id>/<code>?from=<name>".
function invitedBy() {
  const next = sessionStorage.getItem("barkside.after") || "";
  const match = next.match(/^#\/join\/\d+\/[\w-]+\?(.*)$/);
  return match ? new URLSearchParams(match[1]).get("from") : null;
}

// What the server would refuse, found before asking it, so every bad field shows at once.
function localProblems(data, signup) {
  const problems = {};
  const name = String(data.get("username") || "");
  const password = String(data.get("password") || "");
  if (!name) problems.username = [t("auth.required")];
  else if (signup && (name.length < 3 || name.length > 20)) problems.username = [t("auth.usernameLength")];
  if (!password) problems.password = [t("auth.required")];
  else if (signup && (password.length < 8 || /^\d+$/.test(password))) problems.password = [t("auth.passwordHint")];
  return problems;
}

export function renderAuth(mode, onSignedIn) {
  const claim = mode === "claim"; // a guest chooses its name and password, keeping its games
  const signup = mode === "signup" || claim;
  const inviter = invitedBy();
  const error = h("p", { class: "form-error", id: "auth-error", role: "alert" });
  const field = (name, type, autocomplete, required = true) => {
    const id = `auth-${name}`;
    const hint = h("p", { class: "field-error", id: `${id}-error` });
    return {
      hint,
      el: h("div", { class: "field" },
        h("label", { for: id }, t(`auth.${name}`)),
        h("input", {
          id, name, type, autocomplete, required,
          "aria-describedby": `${id}-error`,
          ...(name === "username" ? { autocapitalize: "none", spellcheck: "false", minlength: 3, maxlength: 20 } : {}),
        }),
        hint,
      ),
    };
  };
  const username = field("username", "text", "username");
  const password = field("password", "password", signup ? "new-password" : "current-password");
  const email = signup ? field("email", "email", "email", false) : null;
  const submit = h("button", { class: "btn primary wide", type: "submit" },
    t(claim ? "guest.claim" : signup ? "auth.signup" : "auth.login"));

  const form = h("form", { class: "card-panel auth-form", novalidate: true },
    h("h2", {}, t(claim ? "guest.claimTitle" : signup ? "auth.signupTitle" : "auth.loginTitle")),
    claim && h("p", {}, t("guest.claimText")),
    username.el, password.el, email && email.el,
    signup && h("p", { class: "hint" }, t("auth.passwordHint")),
    error, submit,
    !claim && h("p", { class: "switch" },
      signup ? t("auth.haveAccount") : t("auth.noAccount"), " ",
      h("a", { href: signup ? "#/login" : "#/signup" }, t(signup ? "auth.login" : "auth.signup"))),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    for (const f of [username, password, email]) if (f) f.hint.textContent = "";
    const data = new FormData(form);
    const problems = localProblems(data, signup);
    if (Object.keys(problems).length) {
      for (const [name, messages] of Object.entries(problems)) ({ username, password })[name].hint.textContent = messages.join(" ");
      error.textContent = t("auth.fixFields");
      return;
    }
    submit.disabled = true;
    try {
      await api.csrf();
      const answer = claim
        ? await api.claim(data.get("username"), data.get("password"), data.get("email"))
        : signup
        ? await api.register(data.get("username"), data.get("password"), data.get("email"))
        : await api.login(data.get("username"), data.get("password"));
      onSignedIn(answer.user);
    } catch (err) {
      const hints = { username, password, email, new_password: password };
      let shown = false;
      for (const [name, messages] of Object.entries(err.fields || {})) {
        if (hints[name]) {
          hints[name].hint.textContent = messages.join(" ");
          shown = true;
        }
      }
      error.textContent = err.status === 0 ? t("error.offline") : shown ? t("auth.fixFields") : (err.detail || t("error.generic"));
      submit.disabled = false;
    }
  });

  if (claim) {
    mount(appHeader({ title: t("guest.claimTitle") }), h("section", { class: "screen auth" }, form));
    return;
  }
  mount(
    appHeader({ back: false }),
    h("section", { class: "screen auth" },
      h("div", { class: "hero" },
        h("img", { src: "/app/icons/icon-192.png", alt: "", width: 96, height: 96 }),
        h("h1", {}, "Barkside"),
        h("p", { class: "tagline" }, t("app.tagline")),
      ),
      inviter ? h("p", { class: "card-panel invited", role: "status" }, t("auth.invited", { name: inviter })) : null,
      inviter ? null : playNowButton(),
      form,
      h("p", { class: "center" }, h("a", { href: "#/rules" }, t("home.howToPlay"))),
    ),
  );
  // No field takes the focus: on a phone that would open the keyboard over "Play now".
}
