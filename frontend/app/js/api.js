// The REST API client: JSON in and out, session cookie + CSRF header, the user's language.
import { lang } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.detail) || `HTTP ${status}`);
    this.status = status;
    this.code = (body && body.code) || "error";
    this.detail = (body && body.detail) || "";
    this.fields = (body && body.fields) || {};
    this.body = body || {};
  }
}

function cookie(name) {
  const match = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : "";
}

async function request(method, path, body, extraHeaders = {}) {
  const headers = { Accept: "application/json", "Accept-Language": lang(), ...extraHeaders };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") headers["X-CSRFToken"] = cookie("csrftoken");
  let response;
  try {
    response = await fetch(`/api/${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch (err) {
    throw new ApiError(0, { code: "offline", detail: "" });
  }
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

const get = (path) => request("GET", path);
const post = (path, body, headers) => request("POST", path, body, headers);

export const api = {
  csrf: () => get("auth/csrf"),
  me: () => get("auth/me"),
  register: (username, password, email) => post("auth/register", { username, password, email: email || "" }),
  login: (username, password) => post("auth/login", { username, password }),
  guest: () => post("auth/guest"),
  claim: (username, password, email) => post("auth/claim", { username, password, email: email || "" }),
  logout: () => post("auth/logout"),
  games: () => get("games"),
  openGames: () => get("games/open"),
  game: (id) => get(`games/${id}`),
  create: (options) => post("games", options),
  join: (id, inviteCode) => post(`games/${id}/join`, inviteCode ? { invite_code: inviteCode } : {}),
  leave: (id) => post(`games/${id}/leave`),
  retake: (id) => post(`games/${id}/retake`),
  resign: (id) => post(`games/${id}/resign`),
  // `version` makes a repeated tap fail as stale instead of moving twice.
  // (An Idempotency-Key header would make retries safe too.)
  move: (id, kind, cards, version) => post(`games/${id}/moves`, { kind, cards, version }),
  rounds: (id) => get(`games/${id}/rounds`),
  record: (id) => get(`games/${id}/record`),
  analyse: (id, seat) => post(`games/${id}/analyses`, { seat }),
  analysis: (id, seat) => get(`games/${id}/analyses/${Number(seat)}`),
  hint: (id) => get(`games/${id}/hint`),
  expel: (id, seat) => post(`games/${id}/expel`, { seat }),
  gameSettings: (changes) => (changes ? request("PATCH", "games/settings", changes) : get("games/settings")),
  vacationStart: (days) => post("games/vacation", days ? { days } : {}),
  vacationEnd: () => request("DELETE", "games/vacation"),
  queueJoin: (wishes) => post("matchmaking/join", wishes),
  queueStatus: () => get("matchmaking"),
  queueLeave: () => request("DELETE", "matchmaking"),
  player: (username) => get(`players/${encodeURIComponent(username)}`),
  leaderboard: (speed, page = 1) => get(`leaderboard?speed=${encodeURIComponent(speed)}&page=${Number(page) || 1}`),
  chat: (id) => get(`games/${id}/chat`),
  chatPost: (id, text) => post(`games/${id}/chat`, { text }),
  report: (body) => post("reports", body),
  mute: (username) => post(`mutes/${encodeURIComponent(username)}`),
  unmute: (username) => request("DELETE", `mutes/${encodeURIComponent(username)}`),
  mutes: () => get("mutes"),
  block: (username) => post(`blocks/${encodeURIComponent(username)}`),
  unblock: (username) => request("DELETE", `blocks/${encodeURIComponent(username)}`),
  blocks: () => get("blocks"),
  warnings: () => get("moderation/warnings"),
  warningSeen: (id) => post(`moderation/warnings/${Number(id)}/seen`),
  pushKey: () => get("push/key"),
  pushSubscribe: (subscription, language) => post("push/subscriptions", { ...subscription, lang: language }),
  pushUnsubscribe: (endpoint) => request("DELETE", "push/subscriptions", { endpoint }),
  notificationSettings: () => get("notifications/settings"),
  notificationSwitches: () => get("notifications/switches"),
  notificationSettingsChange: (changes) => request("PATCH", "notifications/settings", changes),
};

// Pages of a paginated list, or a plain list.
export function results(page) {
  return Array.isArray(page) ? page : (page && page.results) || [];
}
