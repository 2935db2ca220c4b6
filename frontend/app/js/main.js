// Barkside's entry point: boot (session, service worker), the offline banner and the router.
import { api } from "./api.js";
import { h, mount } from "./dom.js";
import { t } from "./i18n.js";
import { session } from "./store.js";
import { renderAuth } from "./screens/auth.js";
import { renderHome } from "./screens/home.js";
import { renderNewGame } from "./screens/newgame.js";
import { renderGame, joinAndOpen } from "./screens/table.js";
import { renderRecordFile, renderReplay } from "./screens/record.js";
import { renderRules } from "./screens/rules.js";
import { renderSettings } from "./screens/settings.js";
import { renderMatchmaking } from "./screens/matchmaking.js";
import { renderProfile } from "./screens/profile.js";
import { renderLeaderboard } from "./screens/leaderboard.js";
import { watchWarnings } from "./screens/warnings.js";

const AFTER_SIGN_IN = "barkside.after";
const SIGNED_IN = "barkside.signedIn"; // this device was signed in when last seen
let hintedUser = null; // the store's first user: nothing to write until it changes
session.subscribe(({ user }) => {
  if (user === hintedUser) return;
  hintedUser = user;
  if (user) localStorage.setItem(SIGNED_IN, "1");
  else localStorage.removeItem(SIGNED_IN);
});
let cleanup = null;
let booted = false;

const ROUTES = [
  [/^#\/login$/, () => renderAuth("login", signedIn), false],
  [/^#\/signup$/, () => renderAuth("signup", signedIn), false],
  [/^#\/claim$/, () => renderAuth("claim", claimed), true],
  [/^#\/rules$/, () => renderRules(), false],
  [/^#\/settings$/, () => renderSettings({ rerender: route }), false],
  [/^#\/new(?:\?(.*))?$/, (m) => renderNewGame(new URLSearchParams(m[1] || "")), true],
  [/^#\/play$/, () => renderMatchmaking(), true],
  [/^#\/players\/([^/?#]+)$/, (m) => renderProfile(safeDecode(m[1])), false],
  [/^#\/leaderboard(?:\?(.*))?$/, (m) => renderLeaderboard(new URLSearchParams(m[1] || "")), false],
  [/^#\/game\/(\d+)$/, (m) => renderGame(Number(m[1])), true],
  [/^#\/game\/(\d+)\/replay$/, (m) => renderReplay(Number(m[1])), true],
  [/^#\/record$/, () => renderRecordFile(), false],
  [/^#\/join\/(\d+)\/([\w-]+)(?:\?.*)?$/, (m) => joinAndOpen(Number(m[1]), m[2]), true],
  [/^#?\/?$/, () => renderHome(), true],
];

function safeDecode(text) {
  try { return decodeURIComponent(text); } catch (err) { return text; }
}

function signedIn(user) {
  session.set({ user });
  const next = sessionStorage.getItem(AFTER_SIGN_IN) || "#/";
  sessionStorage.removeItem(AFTER_SIGN_IN);
  navigate(next);
}

function claimed(user) {
  session.set({ user });
  navigate("#/");
}

export function navigate(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

export function route() {
  if (!booted) return;
  if (cleanup) cleanup();
  cleanup = null;
  const hash = location.hash || "#/";
  for (const [pattern, render, needsUser] of ROUTES) {
    const match = hash.match(pattern);
    if (!match) continue;
    if (needsUser && !session.get().user) {
      if (!session.get().online || session.get().bootError) return renderOffline();
      sessionStorage.setItem(AFTER_SIGN_IN, hash);
      navigate(hash.startsWith("#/join/") ? "#/signup" : "#/login"); // an invite: most are new here
      return;
    }
    cleanup = render(match) || null;
    window.scrollTo(0, 0);
    return;
  }
  navigate("#/");
}

function renderOffline() {
  mount(
    h("section", { class: "screen center-screen" },
      h("h1", {}, t("offline.title")),
      h("p", {}, t("offline.text")),
      h("div", { class: "actions" },
        h("a", { class: "btn", href: "#/rules" }, t("nav.rules")),
        h("button", { class: "btn primary", type: "button", onclick: () => location.reload() }, t("offline.retry")),
      ),
    ),
  );
}

const RETRY_MS = 5000;
let retryTimer = null;

function showBanner(offline) {
  const banner = document.getElementById("offline-banner");
  banner.textContent = offline ? t("offline.banner") : "";
  banner.hidden = !offline;
}

// The network came back (or may have): if the server could not be reached at start,
// ask again and open the screen that was asked for, with no tap needed.
function updateOnline() {
  const online = navigator.onLine;
  session.set({ online });
  showBanner(!online || !!session.get().bootError);
  if (online && session.get().bootError) connectSession().then(() => { if (booted) route(); });
}

async function connectSession() {
  clearTimeout(retryTimer);
  try {
    // Signed in last time: side by side, the CSRF cookie for later posts and `me`. Else
    // `me` only once the CSRF answer says a session is signed in: a signed-out load asks
    // nothing that answers 401.
    const user = localStorage.getItem(SIGNED_IN)
      ? (await Promise.all([api.csrf(), api.me()]))[1]
      : (await api.csrf()).signed_in ? await api.me() : null;
    session.set({ user, bootError: false });
  } catch (err) {
    // 401/403: nobody is signed in. 0: the server can't be reached (offline).
    if (err.status === 401 || err.status === 403) localStorage.removeItem(SIGNED_IN);
    session.set({ user: null, bootError: err.status === 0 || err.status >= 500 });
  }
  showBanner(!navigator.onLine || session.get().bootError);
  // The `online` event does not come when the server, not the network, was away.
  if (session.get().bootError) {
    retryTimer = setTimeout(() => connectSession().then(() => { if (!session.get().bootError) route(); }), RETRY_MS);
  }
}

async function boot() {
  window.addEventListener("online", updateOnline);
  window.addEventListener("offline", updateOnline);
  session.set({ online: navigator.onLine });
  await connectSession();
  booted = true;
  window.addEventListener("hashchange", route);
  route();
}

watchWarnings(); // before boot: it follows the session from the first sign-in on

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
}

boot();
