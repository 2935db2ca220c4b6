// Cards: each strength is its own dog (a distinct face, colour AND shape), always
// labelled with its number, so nothing is told by colour alone.
import { h, svg } from "./dom.js";
import { t } from "./i18n.js";

// fur, ear colour, muzzle, ears, marking, extra
const DOGS = {
  1: ["#d9a066", "#8a5a2b", "#f6e3c4", "floppy", "none", ""],
  2: ["#7a5230", "#4f331c", "#e9d3b4", "pointy", "blaze", ""],
  3: ["#efe0bf", "#b07a45", "#fff7e6", "round", "patch", ""],
  4: ["#3d3a40", "#232126", "#8d8791", "tall", "none", "tongue"],
  5: ["#d9703a", "#a04a1f", "#ffffff", "pointy", "mask", ""],
  6: ["#9c9aa0", "#6e6c73", "#d8d6da", "long", "spots", ""],
  7: ["#f7f7f7", "#2b2b2b", "#ffffff", "floppy", "spots", ""],
  8: ["#b5651d", "#7e4210", "#f0c896", "fold", "none", "tongue"],
  9: ["#5b4636", "#3b2d22", "#a88c74", "bat", "none", "bigeyes"],
  10: ["#e6b95c", "#c48f2c", "#fbe6b5", "long", "none", "tongue"],
  11: ["#8d8fa6", "#646680", "#c9cad8", "fold", "patch", ""],
  12: ["#2f2a26", "#1c1916", "#c98a4b", "pointy", "tan", "collar"],
};

function ears(kind, colour) {
  const pair = (left) => `${left}<g transform="translate(60 0) scale(-1 1)">${left}</g>`;
  const shapes = {
    floppy: `<ellipse cx="13" cy="30" rx="6.5" ry="12" transform="rotate(18 13 30)" fill="${colour}"/>`,
    pointy: `<polygon points="12,27 15,6 28,17" fill="${colour}"/>`,
    tall: `<polygon points="13,24 14,2 27,16" fill="${colour}"/>`,
    round: `<circle cx="15" cy="16" r="7.5" fill="${colour}"/>`,
    long: `<ellipse cx="12" cy="38" rx="6" ry="15" transform="rotate(8 12 38)" fill="${colour}"/>`,
    fold: `<polygon points="13,22 19,9 28,17 20,24" fill="${colour}"/><polygon points="19,9 28,17 22,19" fill="#0003"/>`,
    bat: `<polygon points="9,26 8,3 27,17" fill="${colour}"/><polygon points="12,22 11,9 22,17" fill="#f3a9b2"/>`,
  };
  return pair(shapes[kind]);
}

function marking(kind, dark, fur) {
  switch (kind) {
    case "blaze": return `<path d="M27 14 Q30 12 33 14 L32 34 L28 34 Z" fill="#ffffff" opacity=".9"/>`;
    case "patch": return `<ellipse cx="23" cy="29" rx="6" ry="5.5" fill="${dark}"/>`;
    case "mask": return `<path d="M13 34 Q30 20 47 34 Q46 47 30 48 Q14 47 13 34 Z" fill="#ffffff"/><path d="M24 20 L30 27 L36 20 Z" fill="#ffffff"/>`;
    case "spots": return `<circle cx="20" cy="22" r="2.6" fill="${dark}"/><circle cx="40" cy="24" r="3.2" fill="${dark}"/><circle cx="37" cy="16" r="1.8" fill="${dark}"/><circle cx="17" cy="36" r="2" fill="${dark}"/>`;
    case "tan": return `<circle cx="24" cy="25" r="2.4" fill="#c98a4b"/><circle cx="36" cy="25" r="2.4" fill="#c98a4b"/>`;
    default: return "";
  }
}

export function dogSvg(strength) {
  const [fur, ear, muzzle, earKind, mark, extra] = DOGS[strength] || DOGS[1];
  const eyeR = extra === "bigeyes" ? 3.2 : 2.3;
  return `<svg viewBox="0 0 60 60" aria-hidden="true" focusable="false" class="dog">
    ${ears(earKind, ear)}
    <ellipse cx="30" cy="32" rx="17" ry="16" fill="${fur}"/>
    ${marking(mark, ear, fur)}
    <ellipse cx="30" cy="41" rx="9.5" ry="7" fill="${muzzle}"/>
    <circle cx="24" cy="30" r="${eyeR}" fill="#1e1824"/><circle cx="36" cy="30" r="${eyeR}" fill="#1e1824"/>
    <circle cx="24.8" cy="29.2" r=".8" fill="#fff"/><circle cx="36.8" cy="29.2" r=".8" fill="#fff"/>
    <ellipse cx="30" cy="37.5" rx="3.4" ry="2.5" fill="#1e1824"/>
    <path d="M30 40 L30 43 M26 43.5 Q30 46 34 43.5" stroke="#1e1824" stroke-width="1.2" fill="none" stroke-linecap="round"/>
    ${extra === "tongue" ? `<path d="M28 45 Q30 51 32 45 Z" fill="#e8606e"/>` : ""}
    ${extra === "collar" ? `<path d="M16 46 Q30 54 44 46" stroke="#ffb547" stroke-width="3" fill="none"/>` : ""}
  </svg>`;
}

// A card: its number in the corners and the dog in the middle.
export function cardFace(strength, { size = "", label } = {}) {
  return h(
    "span",
    { class: `card s${strength} ${size}`, role: "img", "aria-label": label || t("card.label", { n: strength }) },
    h("span", { class: "num", "aria-hidden": "true" }, String(strength)),
    svg(dogSvg(strength)),
    // The second corner's digit is drawn by the style sheet (from data-n), so that a
    // card's text is its strength once: a button named "Dog 7" shows "7", not "7 7"
    // (axe's label-content-name-mismatch).
    h("span", { class: "num num-b", "aria-hidden": "true", "data-n": strength }),
  );
}

// A row of small cards, e.g. a doghouse or a play.
export function cardRow(cards, { size = "mini", empty } = {}) {
  if (!cards || cards.length === 0) return h("span", { class: "none" }, empty ?? t("cards.none"));
  return h("span", { class: "card-row" }, cards.map((c) => cardFace(c, { size })));
}

// Cards grouped by strength: [[strength, count], ...] ascending.
export function groups(cards) {
  const counts = new Map();
  for (const c of cards) counts.set(c, (counts.get(c) || 0) + 1);
  return [...counts.entries()].sort((a, b) => a[0] - b[0]);
}

export function cardsText(cards) {
  return (cards || []).join(" ");
}
