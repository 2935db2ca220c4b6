// Barkside's service worker: the app shell from the cache when the network is gone,
// never a stale API answer (/api/ and /ws/ go to the network only), and Web Push.
const CACHE = "barkside-shell-v13";
const SHELL = [
  "/",
  "/manifest.webmanifest",
  "/app/css/app.css",
  "/app/js/main.js",
  "/app/js/api.js",
  "/app/js/socket.js",
  "/app/js/store.js",
  "/app/js/i18n.js",
  "/app/js/cards.js",
  "/app/js/icons.js",
  "/app/js/dom.js",
  "/app/js/push.js",
  "/app/js/prefs.js",
  "/app/js/locales/en.js",
  "/app/js/locales/fr.js",
  "/app/js/locales/de.js",
  "/app/js/locales/ko.js",
  "/app/js/screens/auth.js",
  "/app/js/screens/chrome.js",
  "/app/js/screens/home.js",
  "/app/js/screens/newgame.js",
  "/app/js/screens/table.js",
  "/app/js/screens/tableparts.js",
  "/app/js/screens/clocks.js",
  "/app/js/screens/tablestate.js",
  "/app/js/screens/tablemotion.js",
  "/app/js/screens/tableview.js",
  "/app/js/screens/seatstate.js",
  "/app/js/screens/confirm.js",
  "/app/js/screens/record.js",
  "/app/js/screens/coach.js",
  "/app/js/screens/chat.js",
  "/app/js/screens/moderation.js",
  "/app/js/screens/warnings.js",
  "/app/js/screens/over.js",
  "/app/js/screens/waiting.js",
  "/app/js/screens/rules.js",
  "/app/js/screens/settings.js",
  "/app/js/screens/playsettings.js",
  "/app/js/screens/notifysettings.js",
  "/app/js/screens/matchmaking.js",
  "/app/js/screens/matchmakingform.js",
  "/app/js/screens/matchmakingview.js",
  "/app/js/screens/profile.js",
  "/app/js/screens/leaderboard.js",
  "/app/icons/icon-192.png",
  "/app/icons/icon-512.png",
  "/app/icons/maskable-512.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(SHELL.map((u) => new Request(u, { cache: "no-cache" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function isShell(url) {
  return url.origin === self.location.origin &&
    !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/ws/") &&
    !url.pathname.startsWith("/admin/");
}

// Network first (so a deploy shows at once), the cached copy when offline.
async function shellResponse(request) {
  const cache = await caches.open(CACHE);
  const key = request.mode === "navigate" ? "/" : request;
  try {
    const response = await fetch(request, { cache: "no-cache" });
    if (response.ok) cache.put(key, response.clone());
    return response;
  } catch (err) {
    const cached = await cache.match(key, { ignoreSearch: true });
    if (cached) return cached;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || !isShell(url)) return; // network only
  event.respondWith(shellResponse(event.request));
});

// Every push shows a notification, whatever it carries: browsers punish silent pushes
// (iOS revokes the subscription after three). The server sends none for a game on
// screen (notifications/presence.py); one that slips through (the page just opened) is
// shown silently, and a payload this worker does not know gets the generic text.
function pushMessage(event) {
  if (!event.data) return {};
  try {
    const data = event.data.json();
    return data && typeof data === "object" ? data : {};
  } catch (err) {
    try { return { body: event.data.text() }; } catch (e) { return {}; }
  }
}

async function showPush(data) {
  const url = typeof data.url === "string" && data.url.startsWith("/") ? data.url : "/#/";
  let onScreen = false;
  try {
    const clients = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    onScreen = data.url !== undefined && clients.some((c) => c.visibilityState === "visible" && c.url.endsWith(url));
  } catch (err) {
    onScreen = false;
  }
  return self.registration.showNotification(typeof data.title === "string" && data.title ? data.title : "Barkside", {
    body: typeof data.body === "string" ? data.body : "",
    tag: typeof data.tag === "string" && data.tag ? data.tag : "barkside",
    renotify: !onScreen,
    silent: onScreen,
    icon: "/app/icons/icon-192.png",
    badge: "/app/icons/icon-192.png",
    data: { url },
  });
}

self.addEventListener("push", (event) => {
  event.waitUntil(showPush(pushMessage(event)));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/#/";
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((clients) => {
    for (const client of clients) {
      if ("focus" in client) {
        client.navigate(url);
        return client.focus();
      }
    }
    return self.clients.openWindow(url);
  }));
});
