// Home: my games (those waiting on me first, soonest deadline first, with a badge, the
// time left, the last move and whom the table waits for), open tables, new game.
import { api, results } from "../api.js";
import { h, mount, toast } from "../dom.js";
import { t } from "../i18n.js";
import { icon } from "../icons.js";
import { MeFeed } from "../socket.js";
import { session } from "../store.js";
import { ratedNeedsAccount } from "./auth.js";
import { appHeader, gameNumber, seatOwner } from "./chrome.js";
import { urgencyLine } from "./clocks.js";
import { profileHref, reputationText } from "./profile.js";
import { handoverNotice, listBadge } from "./seatstate.js";

function opponents(game) {
  return game.seats.filter((s) => s.number !== game.your_seat).map((s) => seatOwner(game, s.number)).join(", ");
}

function gameStatus(game) {
  const told = listBadge(game); // the AI playing my seat, or how the game ended for me
  if (told) return told;
  if (game.your_turn) return h("span", { class: "badge turn" }, t("home.yourTurn"));
  if (game.status === "open") return h("span", { class: "badge" }, t("home.waitingPlayers", { n: game.seated, total: game.players }));
  if (game.status === "aborted") return h("span", { class: "badge done" }, t("home.aborted"));
  return h("span", { class: "badge" }, t("home.playing"));
}

function gameItem(game) {
  return h("li", {},
    h("a", { class: `game-item${game.your_turn ? " is-turn" : ""}`, href: `#/game/${game.id}` },
      h("span", { class: "game-title" }, t("home.gameTitle", { id: gameNumber(game.id), n: game.players })),
      h("span", { class: "game-sub" }, t("home.with", { names: opponents(game) })),
      urgencyLine(game),
      gameStatus(game),
    ),
  );
}

// "alice (95% finished)": who sits at an open table, and how reliably they finish.
function seatWithReputation(game, seat) {
  const reputation = reputationText(seat.reputation);
  return reputation ? `${seatOwner(game, seat.number)} (${reputation})` : seatOwner(game, seat.number);
}

function openItem(game, onJoin) {
  return h("li", { class: "game-item" },
    h("span", { class: "game-title" }, t("home.gameTitle", { id: gameNumber(game.id), n: game.players })),
    h("span", { class: "game-sub" }, t("home.seated", { names: game.seats.map((s) => seatWithReputation(game, s)).join(", ") })),
    h("button", { class: "btn small", type: "button", onclick: () => onJoin(game),
      "aria-label": t("home.joinGame", { id: gameNumber(game.id) }) }, t("home.join")),
  );
}

export function renderHome() {
  const mine = h("ul", { class: "game-list", "aria-busy": "true" }, h("li", { class: "muted" }, t("loading")));
  const open = h("ul", { class: "game-list" });
  const turnCount = h("span", { class: "count" });
  const user = session.get().user;

  async function load() {
    try {
      const [myPage, openPage] = await Promise.all([api.games(), api.openGames()]);
      const games = results(myPage).filter((g) => g.status !== "aborted" || g.your_turn);
      const waiting = games.filter((g) => g.your_turn).length;
      turnCount.textContent = waiting ? t("home.turnCount", { n: waiting }) : "";
      document.title = waiting ? `(${waiting}) Barkside` : "Barkside";
      if (navigator.setAppBadge) navigator.setAppBadge(waiting).catch(() => {});
      mine.replaceChildren(...(games.length ? games.map(gameItem) : [h("li", { class: "muted" }, t("home.noGames"))]));
      mine.removeAttribute("aria-busy");
      // A guest is not offered rated tables (the server would refuse): it is told why.
      const free = results(openPage).filter((g) => g.your_seat === null);
      const joinable = user.guest ? free.filter((g) => !g.rated) : free;
      const items = joinable.length ? joinable.map((g) => openItem(g, join)) : [h("li", { class: "muted" }, t("home.noOpen"))];
      if (joinable.length < free.length) items.push(h("li", {}, ratedNeedsAccount()));
      open.replaceChildren(...items);
    } catch (err) {
      if (err.status === 401 || err.status === 403) {
        session.set({ user: null });
        location.hash = "#/login";
      } else if (err.status === 0) {
        mine.replaceChildren(h("li", { class: "muted" }, t("error.offline")));
      }
    }
  }

  async function join(game) {
    try {
      await api.join(game.id);
      location.hash = `#/game/${game.id}`;
    } catch (err) {
      toast(err.detail || t("error.generic"));
      load();
    }
  }

  async function signOut() {
    try { await api.logout(); } catch (err) { /* signed out anyway */ }
    session.set({ user: null });
    location.hash = "#/login";
  }

  mount(
    appHeader({ back: false }),
    h("section", { class: "screen home" },
      h("h1", { class: "visually-hidden" }, t("home.title")),
      h("p", { class: "hello" }, t("home.hello", { name: user.username })),
      h("div", { class: "cta" },
        h("a", { class: "btn primary big", href: "#/new?mode=ai" }, icon("paw"), t("home.playAi")),
        h("a", { class: "btn big", href: "#/new?mode=friends" }, icon("people"), t("home.playFriends")),
        h("a", { class: "btn big", href: "#/play" }, icon("trophy"), t("home.findPlayers")),
      ),
      h("section", { class: "panel", "aria-labelledby": "my-games" },
        h("h2", { id: "my-games" }, t("home.myGames"), " ", turnCount),
        mine),
      h("section", { class: "panel", "aria-labelledby": "open-games" },
        h("h2", { id: "open-games" }, t("home.openTables")),
        open),
      h("div", { class: "footer-links" },
        h("a", { href: profileHref(user.username) }, t("home.myProfile")),
        h("a", { href: "#/leaderboard" }, t("home.leaderboard")),
        h("a", { href: "#/rules" }, t("home.howToPlay")),
        h("a", { href: "#/settings" }, t("nav.settings")),
        h("button", { class: "link", type: "button", onclick: signOut }, t("auth.logout")),
      ),
    ),
  );
  load();
  const feed = new MeFeed((msg) => {
    const told = handoverNotice(msg); // the list's badge says it too, once loaded
    if (told) toast(told, 8000, { href: `#/game/${msg.game}`, label: t("handover.openGame") });
    load();
  });
  return () => feed.close();
}
