// How to play, in the app's own words (the same in every language).
import { cardFace } from "../cards.js";
import { h, mount } from "../dom.js";
import { raw, t } from "../i18n.js";
import { session } from "../store.js";
import { appHeader } from "./chrome.js";

export function renderRules() {
  const sections = raw("rules.sections");
  mount(
    appHeader({ back: !!session.get().user }),
    h("article", { class: "screen rules" },
      h("h1", {}, t("rules.title")),
      h("p", { class: "lead" }, t("rules.intro")),
      h("figure", { class: "dog-lineup" },
        h("div", { class: "card-row" }, Array.from({ length: 12 }, (_, i) => cardFace(i + 1, { size: "small" }))),
        h("figcaption", {}, t("rules.dogs"))),
      sections.map(([title, paragraphs]) => h("section", {},
        h("h2", {}, title),
        paragraphs.map((p) => (Array.isArray(p) ? h("ul", {}, p.map((li) => h("li", {}, li))) : h("p", {}, p))))),
      h("p", {}, h("a", { class: "btn", href: session.get().user ? "#/" : "#/login" }, t(session.get().user ? "nav.home" : "auth.login"))),
    ),
  );
}
