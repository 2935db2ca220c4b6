// The leaderboard: established ratings of one speed class, best first, 50 a page.
import { api, results } from "../api.js";
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { session } from "../store.js";
import { appHeader } from "./chrome.js";
import { playerLink } from "./profile.js";

const PAGE_SIZE = 50;
const SPEEDS = ["live", "correspondence"];

export function leaderboardHref(speed, page) {
  return `#/leaderboard?speed=${speed}${page > 1 ? `&page=${page}` : ""}`;
}

export function renderLeaderboard(params) {
  const speed = SPEEDS.includes(params.get("speed")) ? params.get("speed") : "live";
  const page = Math.max(1, Number(params.get("page")) || 1);
  let closed = false;
  const me = session.get().user;
  const body = h("div", { class: "leaderboard-body", "aria-busy": "true" }, h("p", { class: "muted" }, t("loading")));
  const switcher = h("fieldset", { class: "segmented" },
    h("legend", {}, t("lb.speed")),
    SPEEDS.map((s) => h("label", {},
      h("input", { type: "radio", name: "speed", value: s, checked: s === speed,
        onchange: () => { location.hash = leaderboardHref(s, 1); } }),
      h("span", {}, t(`speed.${s}`)))));
  mount(
    appHeader({ title: t("lb.title") }),
    h("section", { class: "screen leaderboard" },
      h("h1", {}, t("lb.title")),
      switcher,
      body),
  );
  api.leaderboard(speed, page).then((data) => {
    if (closed) return;
    const rows = results(data);
    const pages = Math.max(1, Math.ceil((data.count || 0) / PAGE_SIZE));
    body.removeAttribute("aria-busy");
    const pager = h("nav", { class: "pager", "aria-label": t("lb.pages") },
      page > 1 ? h("a", { class: "btn small", href: leaderboardHref(speed, page - 1), rel: "prev" }, t("lb.prev")) : h("span"),
      h("span", { class: "muted" }, t("lb.page", { n: page, total: pages })),
      data.next ? h("a", { class: "btn small", href: leaderboardHref(speed, page + 1), rel: "next" }, t("lb.next")) : h("span"));
    body.replaceChildren(...[
      rows.length
        ? h("table", { class: "lb-table" },
          h("caption", { class: "visually-hidden" }, t("lb.caption", { speed: t(`speed.${speed}`) })),
          h("thead", {}, h("tr", {},
            h("th", { scope: "col" }, t("lb.rank")),
            h("th", { scope: "col" }, t("lb.player")),
            h("th", { scope: "col", class: "num" }, t("lb.rating")),
            h("th", { scope: "col", class: "num" }, t("lb.games")))),
          h("tbody", {}, rows.map((r) => h("tr", { class: me && me.username === r.username ? "me" : null },
            h("td", {}, String(r.rank)),
            h("th", { scope: "row" }, playerLink(r.username)),
            h("td", { class: "num" }, String(r.rating)),
            h("td", { class: "num" }, String(r.games))))))
        : h("p", { class: "muted lb-empty" }, t("lb.empty")),
      rows.length || page > 1 ? pager : null,
    ].filter(Boolean));
  }).catch((err) => {
    if (closed) return;
    body.removeAttribute("aria-busy");
    body.replaceChildren(h("p", { class: "form-error", role: "alert" },
      err.status === 404 ? t("lb.noPage") : err.status === 0 ? t("error.offline") : t("error.generic")));
  });
  return () => { closed = true; };
}
