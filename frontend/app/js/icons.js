// Small inline SVG icons (emoji fonts are not everywhere); always decorative.
import { svg } from "./dom.js";

const PATHS = {
  paw: '<circle cx="6" cy="9" r="2.2"/><circle cx="10" cy="5.5" r="2.2"/><circle cx="14" cy="5.5" r="2.2"/><circle cx="18" cy="9" r="2.2"/><path d="M12 10.5c-3.2 0-6 4.4-6 6.6 0 2 1.6 2.9 3.2 2.9 1.3 0 1.8-.7 2.8-.7s1.5.7 2.8.7c1.6 0 3.2-.9 3.2-2.9 0-2.2-2.8-6.6-6-6.6z"/>',
  clock: '<circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2.2"/><path d="M12 7v5.5l3.5 2" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/>',
  cards: '<rect x="4" y="5" width="11" height="15" rx="2" fill="none" stroke="currentColor" stroke-width="2"/><path d="M9 3.5h8.5a2 2 0 0 1 2 2V18" fill="none" stroke="currentColor" stroke-width="2"/>',
  lock: '<rect x="5" y="10.5" width="14" height="10" rx="2"/><path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" fill="none" stroke="currentColor" stroke-width="2.2"/>',
  unlock: '<rect x="5" y="10.5" width="14" height="10" rx="2"/><path d="M8 10.5V8a4 4 0 0 1 7.6-1.8" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/>',
  trophy: '<path d="M7 4h10v4a5 5 0 0 1-10 0z"/><path d="M7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4" fill="none" stroke="currentColor" stroke-width="1.8"/><rect x="10.5" y="12" width="3" height="5"/><rect x="7.5" y="17" width="9" height="3" rx="1"/>',
  house: '<path d="M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-5.5a3 3 0 0 0-6 0V21H4a1 1 0 0 1-1-1z"/>',
  people: '<circle cx="8" cy="8" r="3.2"/><circle cx="16.5" cy="9" r="2.7"/><path d="M2.5 19c0-3.3 2.5-5.5 5.5-5.5s5.5 2.2 5.5 5.5zM13.5 19c.2-2.6-.6-4.3-1.6-5.2 3.8-1.3 8.6.4 8.6 5.2z"/>',
  warn: '<path d="M12 3 22 20H2z"/><rect x="11" y="9" width="2" height="6" fill="var(--bg, #000)"/><rect x="11" y="16.5" width="2" height="2" fill="var(--bg, #000)"/>',
};

export function icon(name) {
  return svg(`<svg class="icon" viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">${PATHS[name]}</svg>`);
}
