// A player's public profile: results, ratings per speed, rating history and recent games;
// on someone else's, signed in, buttons to report, block or mute them.
import { api } from "../api.js";
import { h, mount, svg } from "../dom.js";
import { lang, t } from "../i18n.js";
import { session } from "../store.js";
import { appHeader, gameNumber } from "./chrome.js";
import { openReportDialog, toggleBlock, toggleMute } from "./moderation.js";

const SPEED_NAMES = ["live", "correspondence"];

export function profileHref(username) {
  return `#/players/${encodeURIComponent(username)}`;
}

// A username as a link to its profile.
export function playerLink(username, text = username) {
  return h("a", { class: "player-link", href: profileHref(username) }, text);
}

export function dateText(iso) {
  try {
    return new Date(iso).toLocaleDateString(lang(), { year: "numeric", month: "short", day: "numeric" });
  } catch (err) {
    return String(iso).slice(0, 10);
  }
}

function ratingText(r) {
  return r.provisional ? `${r.rating}?` : String(r.rating);
}

// "95% finished" for a person's reputation, "new player" without a finished game.
export function reputationText(reputation) {
  if (!reputation) return "";
  if (reputation.finished === null) return t("reputation.new");
  return t("reputation.finished", { pct: reputation.finished });
}

function reputationPanel(profile) {
  const r = profile.reputation;
  return h("section", { class: "panel", "aria-labelledby": "reputation-h" },
    h("h2", { id: "reputation-h" }, t("profile.reputation")),
    r.finished === null ? h("p", { class: "muted" }, t("profile.noReputation")) : [
      h("dl", { class: "stats" },
        stat(t("profile.finished"), `${r.finished}%`),
        stat(t("profile.onTime"), `${r.on_time}%`)),
      h("p", { class: "hint" }, t("profile.reputationHint", { n: r.games })),
    ]);
}

// An inline SVG line of the ratings after each change, oldest first; described in text.
export function sparkline(values, label) {
  if (values.length < 2) return null;
  const w = 240;
  const ht = 48;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const points = values.map((v, i) => `${((i / (values.length - 1)) * (w - 8) + 4).toFixed(1)},${(ht - 4 - ((v - min) / span) * (ht - 8)).toFixed(1)}`);
  const last = points[points.length - 1].split(",");
  const el = svg(`<svg class="sparkline" viewBox="0 0 ${w} ${ht}" width="${w}" height="${ht}" role="img"><title></title><polyline fill="none" stroke="currentColor" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round" points="${points.join(" ")}"/><circle cx="${last[0]}" cy="${last[1]}" r="3.5" fill="currentColor"/></svg>`);
  el.querySelector("title").textContent = label;
  el.setAttribute("aria-label", label);
  return el;
}

function stat(label, value) {
  return h("div", { class: "stat" }, h("dt", {}, label), h("dd", {}, value));
}

function ratingsPanel(profile) {
  return h("section", { class: "panel", "aria-labelledby": "ratings-h" },
    h("h2", { id: "ratings-h" }, t("profile.ratings")),
    h("dl", { class: "stats" }, SPEED_NAMES.map((speed) => {
      const r = profile.ratings[speed];
      return h("div", { class: "stat", "data-speed": speed },
        h("dt", {}, t(`speed.${speed}`)),
        h("dd", {},
          h("span", { class: "rating" }, ratingText(r)),
          r.provisional ? h("span", { class: "badge provisional", title: t("profile.provisionalHint") }, t("profile.provisional")) : null,
          h("span", { class: "hint rating-range" }, t("profile.ratingRange", { low: Math.max(0, r.rating - r.spread), high: r.rating + r.spread })),
          h("span", { class: "hint rating-games" }, t("profile.ratingGames", { n: r.games }))));
    })),
    h("p", { class: "hint" }, t("profile.scaleHint")),
    SPEED_NAMES.some((s) => profile.ratings[s].provisional) ? h("p", { class: "hint" }, t("profile.provisionalHint")) : null);
}

function historyPanel(profile) {
  const history = profile.rating_history || [];
  const lines = SPEED_NAMES.map((speed) => {
    const changes = history.filter((c) => c.speed === speed).reverse(); // oldest first
    if (!changes.length) return null;
    const values = [changes[0].before, ...changes.map((c) => c.after)];
    return h("div", { class: "history-speed" },
      h("h3", {}, t(`speed.${speed}`)),
      sparkline(values, t("profile.sparkline", { speed: t(`speed.${speed}`), from: values[0], to: values[values.length - 1] })),
      h("ol", { class: "history-list", reversed: true }, [...changes].reverse().slice(0, 10).map((c) =>
        h("li", {}, h("a", { href: `#/game/${c.game}` }, t("profile.change", { id: gameNumber(c.game), before: c.before, after: c.after, place: c.place })),
          c.finish && c.finish !== "played" ? h("span", { class: "hint finish" }, ` · ${t(`profile.finish.${c.finish}`)}`) : null))));
  }).filter(Boolean);
  return h("section", { class: "panel", "aria-labelledby": "history-h" },
    h("h2", { id: "history-h" }, t("profile.history")),
    lines.length ? lines : h("p", { class: "muted" }, t("profile.noHistory")));
}

function recentPanel(profile) {
  const games = profile.recent_games || [];
  return h("section", { class: "panel", "aria-labelledby": "recent-h" },
    h("h2", { id: "recent-h" }, t("profile.recent")),
    games.length
      ? h("ul", { class: "game-list" }, games.map((g) => h("li", {},
        h("a", { class: "game-item", href: `#/game/${g.id}` },
          h("span", { class: "game-title" }, t("home.gameTitle", { id: gameNumber(g.id), n: g.players })),
          h("span", { class: "game-sub" }, t("profile.gameMeta", {
            kind: g.rated ? t("mm.rated") : t("mm.casual"),
            cards: t("profile.doghouseCards", { n: g.doghouse_cards }),
            date: dateText(g.ended),
          })),
          h("span", { class: `badge${g.result === "won" ? " turn" : " done"}` }, t(`profile.result.${g.result}`))))))
      : h("p", { class: "muted" }, t("profile.noRecent")));
}

// Whom the signed-in user blocked and muted, as sets of usernames; null if unknown.
async function ignoredByMe() {
  try {
    const [blocked, muted] = await Promise.all([api.blocks(), api.mutes()]);
    return { blocked: new Set(blocked.map((p) => p.username)), muted: new Set(muted.map((p) => p.username)) };
  } catch (err) {
    return null;
  }
}

// Report always; block and mute when we know how they stand. The buttons are changed in
// place, so focus stays on the one just used.
function personActions(username, ignored) {
  const name = { name: username };
  const report = h("button", {
    type: "button", class: "btn", "aria-label": t("report.playerLabel", name),
    onclick: () => openReportDialog({ username }),
  }, t("report.action"));
  if (!ignored) return h("div", { class: "actions person-actions" }, report);
  const { blocked, muted } = ignored;
  const state = h("p", { class: "hint person-state" });
  const block = h("button", { type: "button", class: "btn", onclick: () => toggleBlock(username, blocked, update) });
  const mute = h("button", { type: "button", class: "btn", onclick: () => toggleMute(username, muted, update) });
  function update() {
    const isBlocked = blocked.has(username);
    const isMuted = muted.has(username);
    block.textContent = t(isBlocked ? "block.undo" : "block.action");
    block.setAttribute("aria-label", t(isBlocked ? "block.undoLabel" : "block.label", name));
    mute.textContent = t(isMuted ? "mute.undo" : "mute.action");
    mute.setAttribute("aria-label", t(isMuted ? "mute.undoLabel" : "mute.label", name));
    state.textContent = isBlocked ? t("block.state", name) : isMuted ? t("mute.state", name) : "";
  }
  update();
  return h("div", {}, h("div", { class: "actions person-actions" }, report, block, mute), state);
}

export function renderProfile(username) {
  let closed = false;
  const body = h("div", { class: "profile-body", "aria-busy": "true" }, h("p", { class: "muted" }, t("loading")));
  const heading = h("h1", {}, username);
  mount(
    appHeader({ title: t("profile.title") }),
    h("section", { class: "screen profile" }, heading, body),
  );
  const me = session.get().user;
  const ignored = me ? ignoredByMe() : Promise.resolve(null);
  api.player(username).then(async (profile) => {
    const mine = me && me.username === profile.username;
    const actions = me && !mine ? personActions(profile.username, await ignored) : null;
    if (closed) return;
    heading.textContent = profile.username;
    body.removeAttribute("aria-busy");
    // replaceChildren, unlike h(), writes a null child as the text "null": on your own
    // profile (no actions) that showed "null" under "Joined".
    body.replaceChildren(...[
      h("p", { class: "muted" }, t("profile.joined", { date: dateText(profile.joined) }),
        mine ? [" · ", t("profile.you")] : null),
      actions,
      h("section", { class: "panel", "aria-labelledby": "results-h" },
        h("h2", { id: "results-h" }, t("profile.results")),
        h("dl", { class: "stats" },
          stat(t("profile.played"), String(profile.games_played)),
          stat(t("profile.wins"), String(profile.wins)),
          stat(t("profile.losses"), String(profile.losses)),
          stat(t("profile.avgDoghouse"), profile.average_doghouse_cards === null ? "–" : String(profile.average_doghouse_cards)))),
      reputationPanel(profile),
      ratingsPanel(profile),
      historyPanel(profile),
      recentPanel(profile),
      h("div", { class: "footer-links" }, h("a", { href: "#/leaderboard" }, t("home.leaderboard"))),
    ].filter(Boolean));
  }).catch((err) => {
    if (closed) return;
    body.removeAttribute("aria-busy");
    body.replaceChildren(h("p", { class: "form-error", role: "alert" },
      err.status === 404 ? t("profile.notFound") : err.status === 0 ? t("error.offline") : t("error.generic")));
  });
  return () => { closed = true; };
}
