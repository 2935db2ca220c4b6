// Cards that travel across the table: a pass from one seat to the next, and the caught
// cards from the middle to the loser's doghouse. Only the flight is drawn here; what
// moved comes from the reducer (tablestate.js: `state.motion`). Nothing moves for
// people who asked their system for less motion.
import { h } from "../dom.js";

const FLIGHT_MS = 600;

export function motionWanted() {
  return !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function seatBox(seat) {
  const el = document.querySelector(`.strip .seat[data-seat="${seat}"]`);
  return el ? el.getBoundingClientRect() : null;
}

function middleBox() {
  const el = document.getElementById("table-middle");
  return el ? el.getBoundingClientRect() : null;
}

// One card back (or face) flying from the centre of `from` to the centre of `to`.
function fly(from, to, { kind, label, delay = 0 }) {
  if (!from || !to) return;
  const card = h("span", { class: `fly ${kind}`, "aria-hidden": "true" }, label || "");
  card.style.left = `${from.left + from.width / 2 - 16}px`;
  card.style.top = `${from.top + from.height / 2 - 22}px`;
  document.body.append(card);
  const dx = to.left + to.width / 2 - (from.left + from.width / 2);
  const dy = to.top + to.height / 2 - (from.top + from.height / 2);
  const flight = card.animate(
    [{ transform: "translate(0, 0) scale(1)", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(.7)`, opacity: 0.4 }],
    { duration: FLIGHT_MS, delay, easing: "ease-in-out", fill: "both" },
  );
  flight.onfinish = () => card.remove();
  flight.oncancel = () => card.remove();
}

// Play the motions the last view brought: [{kind: "pass", from, to} | {kind: "caught", seat, cards}].
export function playMotion(motions) {
  if (!motions.length || !motionWanted()) return;
  motions.forEach((m, i) => {
    if (m.kind === "pass") {
      for (const k of [0, 1]) fly(seatBox(m.from), seatBox(m.to), { kind: "pass", delay: i * 150 + k * 80 });
    } else if (m.kind === "caught") {
      m.cards.forEach((card, k) => fly(middleBox(), seatBox(m.seat), { kind: "caught", label: String(card), delay: k * 120 }));
    }
  });
}
