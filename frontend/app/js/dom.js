// A tiny element builder and the page's shared live regions.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "html") el.innerHTML = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2).toLowerCase(), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    // Styles go through the CSSOM, one property at a time: the page's CSP
    // (no 'unsafe-inline' in style-src) refuses style="..." attributes.
    else if (key === "style") {
      if (typeof value === "string") el.style.cssText = value;
      else for (const [prop, v] of Object.entries(value)) el.style.setProperty(prop, String(v));
    }
    else el.setAttribute(key, value === true ? "" : value);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function svg(markup) {
  const wrap = document.createElement("span");
  wrap.innerHTML = markup;
  return wrap.firstElementChild;
}

export function mount(...children) {
  const main = document.getElementById("main");
  main.replaceChildren(...children.flat().filter(Boolean));
  return main;
}

let announceTimer;
export function announce(text) {
  const region = document.getElementById("announcer");
  if (!region || !text) return;
  const line = h("p", {}, text);
  region.append(line);
  while (region.childElementCount > 5) region.firstElementChild.remove();
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => region.replaceChildren(), 15000);
}

let toastTimer;
// A short message at the top; `link` ({href, label}) adds the one place it leads to,
// the only part of a toast that takes a tap (the rest lets taps through to the page).
export function toast(text, ms = 4000, link = null) {
  const el = document.getElementById("toast");
  if (!el) return;
  const hide = () => { el.hidden = true; };
  el.replaceChildren(text);
  if (link) el.append(h("a", { class: "toast-link", href: link.href, onclick: hide }, link.label));
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(hide, ms);
}
