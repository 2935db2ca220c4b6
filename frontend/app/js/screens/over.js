// Game over: standings, doghouses, the revealed seed, the record and a rematch.
import { api } from "../api.js";
import { cardRow } from "../cards.js";
import { h, mount, toast } from "../dom.js";
import { t } from "../i18n.js";
import { icon } from "../icons.js";
import { appHeader, gameNumber, seatName, seatNameLinked } from "./chrome.js";
import { createOptions } from "./newgame.js";
import { lastNames, mySeat, outcome, ratingDiff, seatBadge } from "./seatstate.js";
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

// The headline: how the game ended for me, from the server's places (a seat handed to
// the AI for good is last, whatever the AI then made of its cards: rules, "Timeouts").
function headlineOf(game, places) {
  const me = game.your_seat;
  if (!places) return t("over.aborted");
  const came = outcome(places, me);
  const mine = mySeat(game);
  if (mine && mine.state === "left") return t("over.youLeft");
  if (came === "drawn") return t("over.draw");
  if (came === "won") return t("over.youWon");
  if (came === "lost") return t("over.youLost");
  if (came === "neither") return t("over.youSafe", { names: lastNames(game, places) });
  return t("over.someoneLost", { names: lastNames(game, places) });
}

// "Rating 1500 → 1523 (+23)", when the game was rated for me.
function ratingLine(game) {
  const change = (game.rating_changes || [])[game.your_seat];
  if (!change) return null;
  return h("p", { class: "rating-change", "data-diff": change.after - change.before },
    t("over.rating", { before: change.before, after: change.after, diff: ratingDiff(change) }));
}

export function renderOver(game, status) {
  const view = game.view;
  const result = view.result || { losers: [], winners: [], doghouses: view.doghouses };
  const places = view.result ? game.places : null;
  const order = [...Array(view.players).keys()].sort((a, b) => (places ? places[a] - places[b] : 0));
  const last = places ? Math.max(...places) : null;
  const me = game.your_seat;
  const headline = headlineOf(game, places);
  // Your own place first: the screen is about you, then about the others.
  const place = me !== null && me !== undefined && places
    ? t("over.yourPlace", { place: t("over.place", { n: places[me] }), of: view.players })
    : null;
  const won = (s) => places && last > 1 && places[s] === 1;
  const lost = (s) => places && last > 1 && places[s] === last;
  mount(
    appHeader({ title: t("table.title", { id: gameNumber(game.id) }), status }),
    h("section", { class: "screen over" },
      h("h1", {}, headline),
      h("p", { class: "headline" }, t("over.title"), place ? ` · ${place}` : ""),
      ratingLine(game),
      view.result ? h("p", {}, t(`over.reason.${result.reason}`, { names: result.losers.map((s) => seatName(game, s)).join(", ") })) : null,
      h("section", { class: "panel", "aria-labelledby": "standings-h" },
        h("h2", { id: "standings-h" }, t("over.standings")),
        h("ol", { class: "standings" }, order.map((s) => h("li", { class: lost(s) ? "loser" : won(s) ? "winner" : "", "data-seat": s },
          h("span", { class: "place" }, t("over.place", { n: places ? places[s] : "–" })),
          h("span", { class: "who" }, seatNameLinked(game, s),
            won(s) ? h("span", { class: "badge unlocked" }, icon("trophy"), t("over.winner")) : null,
            lost(s) ? h("span", { class: "badge locked" }, icon("house"), t("over.loser")) : null,
            seatBadge(game, s)),
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
