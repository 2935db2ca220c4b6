// The table's state and the reducer of incoming views. Nothing here draws: `receive`
// folds a new view from the server into the state and says what to announce; `tapCard`
// changes the selection. The rules stay on the server: only legal moves are offered
// (none while the AI plays my seat: games/selectors.py `game_view`).
import { cardsText } from "../cards.js";
import { t } from "../i18n.js";
import { seatName } from "./chrome.js";
import { moveText } from "./tableparts.js";

export const PANELS = ["trick", "players", "chat", "log"];

export function newTableState(id) {
  return {
    id, game: null, status: "connecting", selected: [], busy: false, legalKey: "",
    rounds: [], // the finished rounds seen, oldest first (`missingRounds`: some are not)
    lastTrick: null, lastTrickFresh: false, freshInTrick: 0,
    panel: "trick", // what the middle of the table shows: one tap switches it
    notice: null, // what the autopilot did for you, until dismissed
    lastAction: null, // the newest move (or pass), highlighted
    motion: [], // what the last view moved across the table (tablemotion.js plays it once)
    chat: null, muted: new Set(),
    screen: null, // "waiting" | "table" | "over": a new one opens at the top
    kept: null, // the hand and its buttons as last drawn, with what they showed
    hint: null, // { move, version }: the move suggested for that version of the game
  };
}

function passTarget(view) {
  return (view.seat - 1 + view.players) % view.players;
}

// Moves of my seat that appeared while my clock had run out: the autopilot made them.
function autopilotNotice(prev, game, newMoves) {
  const view = game.view;
  const before = prev.view;
  const me = view.seat;
  if (me === undefined || me === null || !prev.turn_deadline) return null;
  if (new Date(prev.turn_deadline).getTime() > Date.now()) return null;
  if (view.passed_cards && !before.passed_cards && view.round === before.round) {
    return t("autopilot.passed", { cards: cardsText(view.passed_cards), name: seatName(game, passTarget(view)) });
  }
  const mine = newMoves.filter((m) => m.seat === me);
  if (!mine.length) return null;
  return t("autopilot.moved", {
    moves: mine.map((m) => (m.play ? t("autopilot.play", { cards: cardsText(m.play) }) : t("autopilot.tuck", { cards: cardsText(m.tuck) }))).join(", "),
  });
}

// Seats whose pass arrived since `before` (the same round's passing phase).
function newPasses(before, view) {
  if (before.phase !== "passing" || before.round !== view.round) return [];
  const passed = view.passed || [];
  return (before.passed || []).map((was, s) => (!was && (passed[s] || view.phase !== "passing") ? s : null))
    .filter((s) => s !== null);
}

// What travels across the table between `before` and `view`: passes seat to seat, and
// the caught cards of a finished round to the loser's doghouse.
function motionsBetween(before, view) {
  const n = view.players;
  const motions = newPasses(before, view).map((s) => ({ kind: "pass", from: s, to: (s - 1 + n) % n }));
  if (finishedRounds(view) > finishedRounds(before)) {
    const past = view.last_round;
    motions.push({ kind: "caught", seat: past.loser, cards: past.caught });
  }
  return motions;
}

// How many rounds of the view are over: a view carries only the newest (`last_round`).
export function finishedRounds(view) {
  return view && view.last_round ? view.last_round.number : 0;
}

// Whether finished rounds are missing from `state.rounds` (views that never came, or a
// table opened late): then they are fetched all at once (table.js).
export function missingRounds(state) {
  return state.rounds.length < finishedRounds(state.game && state.game.view);
}

// Every finished round, as `GET /api/games/<id>/rounds` answers them.
export function receiveRounds(state, rounds) {
  if (rounds.length > state.rounds.length) state.rounds = rounds;
}

// Fold `game` (a newer view) into `state`; returns the sentences to announce.
export function receive(state, game) {
  const prev = state.game;
  if (prev && game.version < prev.version) return [];
  state.game = game;
  const view = game.view;
  const before = prev && prev.view;
  state.freshInTrick = 0;
  state.lastTrickFresh = false;
  if (!view) return [];
  if (view.last_round && view.last_round.number === state.rounds.length + 1) state.rounds.push(view.last_round);
  const legalKey = JSON.stringify(view.legal_moves || []) + view.hand?.join(",");
  if (legalKey !== state.legalKey) {
    state.legalKey = legalKey;
    state.selected = [];
  }
  if (!before) return [];
  state.motion = motionsBetween(before, view);
  const passers = state.motion.filter((m) => m.kind === "pass");
  const messages = [];
  const finished = finishedRounds(view);
  const sameRound = before.round === view.round && finishedRounds(before) === finished;
  const oldMoves = sameRound ? before.moves : [];
  if (!sameRound) {
    // The rest of the finished round was played in between: announce its last plays.
    const past = view.last_round;
    if (past && finished > finishedRounds(before)) {
      for (const m of past.moves.slice(before.round === finished ? before.moves.length : 0)) messages.push(moveText(game, m));
      messages.push(t("round.caught", { name: seatName(game, past.loser), cards: cardsText(past.caught) }));
    }
    state.lastTrick = null;
  }
  const newMoves = view.moves.slice(oldMoves.length);
  for (const m of newMoves) messages.push(moveText(game, m));
  // `fresh` until drawn once: the highlight arrives with a pulse, later draws keep it still.
  if (newMoves.length) state.lastAction = { ...newMoves[newMoves.length - 1], fresh: true };
  else if (passers.length) state.lastAction = { seat: passers[passers.length - 1].from, pass: true, fresh: true };
  else if (!sameRound) state.lastAction = null;
  const notice = autopilotNotice(prev, game, newMoves);
  if (notice) {
    state.notice = notice;
    messages.push(notice);
  }
  if (view.trick) {
    state.freshInTrick = Math.min(view.trick.moves.length, newMoves.length);
    const oldTrickStart = oldMoves.length - (before.trick ? before.trick.moves.length : 0);
    const newTrickStart = view.moves.length - view.trick.moves.length;
    if (sameRound && newTrickStart > oldTrickStart) {
      // Moves since the trick we last showed began, up to the new lead: the trick(s) just won.
      state.lastTrick = { winner: view.trick.leader, moves: view.moves.slice(oldTrickStart, newTrickStart) };
      state.lastTrickFresh = newMoves.length > 0;
    }
  }
  if ((view.legal_moves || []).length && !(before.legal_moves || []).length) messages.push(t("turn.yours"));
  if (game.status === "finished" && prev.status !== "finished") messages.push(t("over.title"));
  return messages;
}

// A tap on the `index`-th card of `strength` (of `count` such cards in the hand).
export function tapCard(state, strength, index, count) {
  const view = state.game.view;
  const key = `${strength}:${index}`;
  let sel = state.selected;
  if (sel.includes(key)) {
    sel = sel.filter((k) => k !== key);
  } else if (view.phase === "passing") {
    sel = [...sel, key].slice(-2);
  } else {
    const k = view.trick && view.trick.count;
    if (k && view.to_act.includes(view.seat)) {
      // Following: pick as many of this dog as the trick needs.
      sel = [key];
      for (let i = 0; i < count && sel.length < k; i += 1) if (i !== index) sel.push(`${strength}:${i}`);
    } else {
      sel = [...sel.filter((x) => x.startsWith(`${strength}:`)), key];
    }
  }
  state.selected = sel;
}

export function selectedCards(state) {
  return state.selected.map((k) => Number(k.split(":")[0])).sort((a, b) => a - b);
}
