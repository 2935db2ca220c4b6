// Every string the app shows, in English, French, German and Korean.
// The language follows the browser until chosen in Settings (kept in localStorage).
import en from "./locales/en.js";
import fr from "./locales/fr.js";
import de from "./locales/de.js";
import ko from "./locales/ko.js";

export const LANGUAGES = { en: "English", fr: "Français", de: "Deutsch", ko: "한국어" };
const TABLES = { en, fr, de, ko };
const KEY = "barkside.lang";

function browserLanguage() {
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (TABLES[base]) return base;
  }
  return "en";
}

let current = localStorage.getItem(KEY) || browserLanguage();
if (!TABLES[current]) current = "en";
document.documentElement.lang = current;

export function lang() {
  return current;
}

export function setLang(code) {
  if (!TABLES[code]) return;
  current = code;
  localStorage.setItem(KEY, code);
  document.documentElement.lang = code;
}

// Plural forms are objects keyed by Intl.PluralRules category ({one, other}, and
// others where a language has them), chosen by the count `n` (or `k`).
const pluralRules = {};
function pluralForm(forms, params) {
  pluralRules[current] ??= new Intl.PluralRules(current);
  const form = forms[pluralRules[current].select(Number(params.n ?? params.k))];
  return form ?? forms.other;
}

// t("key", {name: "bob"}) — "{name}" placeholders; a missing key falls back to English.
export function t(key, params = {}) {
  let text = TABLES[current][key] ?? en[key] ?? key;
  if (typeof text === "function") text = text(params);
  else if (typeof text === "object") text = pluralForm(text, params);
  return String(text).replace(/\{(\w+)\}/g, (m, name) => (name in params ? params[name] : m));
}

export function has(key) {
  return key in TABLES[current] || key in en;
}

// A structured entry (the rules' sections), in the current language.
export function raw(key) {
  return TABLES[current][key] ?? en[key];
}
