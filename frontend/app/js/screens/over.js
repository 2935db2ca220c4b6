// Game over: standings, doghouses, the revealed seed, the record and a rematch.
import { api } from "../api.js";
import { cardRow } from "../cards.js";
import { h, mount, toast } from "../dom.js";
import { t } from "../i18n.js";
import { icon } from "../icons.js";
import { appHeader, gameNumber, seatName, seatNameLinked } from "./chrome.js";
import { createOptions } from "./newgame.js";
import { lastRoundPanel } from "./tableparts.js";

async function downloadRecord(game) {
  try {
    const record = await api.record(game.id);
    const blob = new Blob([JSON.stringify(record, null, 2)], { type: "application/json" });
    const a = h("a", { href: URL.createObjectURL(blob), download: `barkside-game-${game.id}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  } catch (err) {
    toast(err.detail || t("error.generic"));
  }
}

// The same seats: the AI levels again, and the people invited to a private table.
async function rematch(game) {
  const ai = game.seats.filter((s) => !s.username).map((s) => s.ai_level);
  const people = game.seats.filter((s) => s.username && s.number !== game.your_seat).map(() => "friend");
  try {
    const next = await api.create(createOptions(game.players, [...people, ...ai], game.time_per_move, false));
    location.hash = `#/game/${next.id}`;
  } catch (err) {
    toast(err.detail || t("error.generic"));
  }
}

export function renderOver(game, status) {
  const view = game.view;
  const result = view.result || { losers: [], winners: [], doghouses: view.doghouses };
  const standings = view.standings || [];
  const order = [...Array(view.players).keys()].sort((a, b) => (standings[a] ?? 9) - (standings[b] ?? 9));
  const me = game.your_seat;
  let headline = t("over.aborted");
  // A seat handed to the AI for good (resigned, three timeouts) is rated last, whatever
  // the AI then made of its cards: no "You won!" for it (rules, "Timeouts ... ratings").
  const mySeat = game.seats.find((s) => s.number === me);
  if (view.result && mySeat && mySeat.state === "left") headline = t("over.youLeft");
  else if (view.result) {
    if (!result.losers.length) headline = t("over.draw");
    else if (result.losers.includes(me)) headline = t("over.youLost");
    else if (result.winners.includes(me)) headline = t("over.youWon");
    else if (me !== null && me !== undefined) headline = t("over.youSafe", { names: result.losers.map((s) => seatName(game, s)).join(", ") });
    else headline = t("over.someoneLost", { names: result.losers.map((s) => seatName(game, s)).join(", ") });
  }
  // Your own place first: the screen is about you, then about the others.
  const place = me !== null && me !== undefined && standings[me] !== undefined
    ? t("over.yourPlace", { place: t("over.place", { n: standings[me] }), of: view.players })
    : null;
  mount(
    appHeader({ title: t("table.title", { id: gameNumber(game.id) }), status }),
    h("section", { class: "screen over" },
      h("h1", {}, headline),
      h("p", { class: "headline" }, t("over.title"), place ? ` · ${place}` : ""),
      view.result ? h("p", {}, t(`over.reason.${result.reason}`, { names: result.losers.map((s) => seatName(game, s)).join(", ") })) : null,
      h("section", { class: "panel", "aria-labelledby": "standings-h" },
        h("h2", { id: "standings-h" }, t("over.standings")),
        h("ol", { class: "standings" }, order.map((s) => h("li", { class: result.losers.includes(s) ? "loser" : result.winners.includes(s) ? "winner" : "" },
          h("span", { class: "place" }, t("over.place", { n: standings[s] ?? "–" })),
          h("span", { class: "who" }, seatNameLinked(game, s),
            result.winners.includes(s) ? h("span", { class: "badge unlocked" }, icon("trophy"), t("over.winner")) : null,
            result.losers.includes(s) ? h("span", { class: "badge locked" }, icon("house"), t("over.loser")) : null),
          h("span", { class: "dh" }, t("over.doghouse", { n: view.doghouses[s].length, kinds: view.kinds[s] })),
          cardRow(view.doghouses[s], { size: "mini", empty: t("seat.emptyDoghouse") }))))),
      lastRoundPanel(game, view),
      h("section", { class: "panel fair", "aria-labelledby": "fair-h" },
        h("h2", { id: "fair-h" }, t("over.fairTitle")),
        h("p", {}, t("over.fairText")),
        h("dl", {},
          h("dt", {}, t("over.seed")), h("dd", {}, h("code", {}, view.seed || "—")),
          h("dt", {}, t("over.hash")), h("dd", {}, h("code", {}, view.seed_sha256 || game.seed_sha256)))),
      h("div", { class: "actions stack" },
        h("button", { class: "btn primary", type: "button", onclick: () => rematch(game) }, t("over.rematch")),
        view.result ? h("a", { class: "btn", href: `#/game/${game.id}/replay` }, t("replay.open")) : null,
        h("button", { class: "btn", type: "button", onclick: () => downloadRecord(game) }, t("over.record")),
        h("a", { class: "btn", href: "#/record" }, t("replay.fileTitle")),
        h("a", { class: "btn", href: "#/" }, t("nav.home"))),
    ),
  );
}
