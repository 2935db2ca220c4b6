// Live updates of one game (or of "my games"): a WebSocket with reconnect and backoff,
// and polling over REST while the socket is down. Any message carrying a `version`
// that is not a full game for exactly the next version makes us re-fetch the game,
// so a lost or reordered message can never leave the table out of date.
import { api } from "./api.js";

const POLL_MS = 3000;
const BACKOFF_MS = [1000, 2000, 5000, 10000, 20000];

function wsUrl(path) {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`;
}

// A full game in a message: `{"type": "game", "version", "game": {...}}` from
// games/consumers.py (the game itself is accepted too).
function fullGame(msg) {
  for (const candidate of [msg, msg && msg.game, msg && msg.data]) {
    if (candidate && typeof candidate === "object" && "seats" in candidate && "view" in candidate) {
      return candidate;
    }
  }
  return null;
}

export class GameFeed {
  constructor(gameId, { onGame, onStatus, onError, onChat }) {
    this.id = gameId;
    this.onChat = onChat || (() => {});
    this.onGame = onGame;
    this.onStatus = onStatus || (() => {});
    this.onError = onError || (() => {});
    this.version = -1;
    this.closed = false;
    this.attempt = 0;
    this.status = "connecting";
    this.fetching = null;
    this.onVisible = () => { if (document.visibilityState === "visible") this.refresh(); };
    document.addEventListener("visibilitychange", this.onVisible);
    this.onOnline = () => { this.refresh(); this.connect(); };
    window.addEventListener("online", this.onOnline);
    this.onOffline = () => this.lost();
    window.addEventListener("offline", this.onOffline);
    this.refresh();
    this.connect();
  }

  setStatus(status) {
    if (this.status !== status) {
      this.status = status;
      this.onStatus(status);
    }
  }

  deliver(game) {
    if (this.closed || !game || game.version < this.version) return;
    this.version = game.version;
    this.onGame(game);
  }

  // Re-fetch the game; overlapping calls share one request.
  refresh() {
    if (this.fetching) return this.fetching;
    this.fetching = api.game(this.id)
      .then((game) => this.deliver(game))
      .catch((err) => this.onError(err))
      .finally(() => { this.fetching = null; });
    return this.fetching;
  }

  connect() {
    if (this.closed || (this.ws && this.ws.readyState <= 1)) return;
    clearTimeout(this.retryTimer);
    let ws;
    try {
      ws = new WebSocket(wsUrl(`/ws/games/${this.id}/`));
    } catch (err) {
      this.socketDown();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.stopPolling();
      this.setStatus("live");
    };
    ws.onmessage = (event) => {
      let msg;
      try { msg = JSON.parse(event.data); } catch (err) { return; }
      this.handle(msg);
    };
    ws.onclose = (event) => {
      if (this.ws === ws) this.ws = null;
      // 4401: signed out; 4404: no such game (or private). Retrying would not help.
      if (event.code === 4401 || event.code === 4404) {
        this.stopPolling();
        this.onError({ status: event.code - 4000, code: "socket_closed" });
        return;
      }
      this.socketDown();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  handle(msg) {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "error" && msg.code) {
      this.onError(msg);
      return;
    }
    if (msg.type === "chat" || msg.type === "chat_hidden") {
      this.onChat(msg);
      return;
    }
    const game = fullGame(msg);
    if (game) {
      this.deliver(game);
      return;
    }
    if (typeof msg.version === "number" && msg.version !== this.version) this.refresh();
  }

  // The network went away. A socket can look open for a long while after (no close
  // frame crosses a dead link): it is dropped rather than trusted, so the status says
  // "Offline" now, and the "online" event opens a new one.
  lost() {
    if (this.ws) {
      this.ws.onclose = null;
      this.ws.close();
      this.ws = null;
    }
    this.socketDown();
  }

  socketDown() {
    if (this.closed) return;
    this.setStatus(navigator.onLine ? "polling" : "offline");
    this.startPolling();
    const wait = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(), wait * (0.75 + Math.random() * 0.5));
  }

  startPolling() {
    if (this.pollTimer) return;
    this.pollTimer = setInterval(() => {
      if (document.visibilityState !== "hidden") this.refresh();
    }, POLL_MS);
  }

  stopPolling() {
    clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  // Ask the server for the view again (over the socket when it is up).
  sync() {
    if (this.ws && this.ws.readyState === 1) this.ws.send(JSON.stringify({ type: "sync" }));
    else this.refresh();
  }

  close() {
    this.closed = true;
    this.stopPolling();
    clearTimeout(this.retryTimer);
    document.removeEventListener("visibilitychange", this.onVisible);
    window.removeEventListener("online", this.onOnline);
    window.removeEventListener("offline", this.onOffline);
    if (this.ws) {
      this.ws.onclose = null;
      this.ws.close();
    }
  }
}

// "Your turn" / "game started" / "game ended" for the signed-in user: the home screen
// refreshes its list on any of them; without a socket it polls.
export class MeFeed {
  constructor(onChange) {
    this.onChange = onChange;
    this.closed = false;
    this.attempt = 0;
    this.connect();
  }

  connect() {
    if (this.closed) return;
    let ws;
    try { ws = new WebSocket(wsUrl("/ws/me/")); } catch (err) { this.down(); return; }
    this.ws = ws;
    ws.onopen = () => { this.attempt = 0; clearInterval(this.pollTimer); this.pollTimer = null; };
    // The message (e.g. `{"type": "matched", "game", "version"}`) is passed on; a poll passes nothing.
    ws.onmessage = (event) => {
      let msg = null;
      try { msg = JSON.parse(event.data); } catch (err) { /* a refresh is enough */ }
      this.onChange(msg);
    };
    ws.onclose = () => { if (this.ws === ws) this.ws = null; this.down(); };
  }

  down() {
    if (this.closed) return;
    if (!this.pollTimer) this.pollTimer = setInterval(() => this.onChange(null), POLL_MS * 2);
    const wait = BACKOFF_MS[Math.min(this.attempt++, BACKOFF_MS.length - 1)];
    this.retryTimer = setTimeout(() => this.connect(), wait);
  }

  close() {
    this.closed = true;
    clearInterval(this.pollTimer);
    clearTimeout(this.retryTimer);
    if (this.ws) { this.ws.onclose = null; this.ws.close(); }
  }
}
