// Small helpers for building the page: elements, announcements for screen readers, player-facing
// messages and the tab icon.

const live = () => document.getElementById('announce');

/** Says `text` to screen readers (the polite live region). */
export function announce(text) { const l = live(); l.textContent = ''; setTimeout(() => { l.textContent = text; }, 30); }

/** An element with attributes (`on…` become listeners) and children (nodes or text). */
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c.nodeType ? c : String(c));
  return e;
}

/**
 * A message for players: the rule ids the rules library cites for developers ("(S5)", "(S5; …)",
 * "(A3.2)") are left out.
 */
export function plain(text) {
  return String(text).replace(/ ?\((?:[ASWCD]\d+(?:\.\d+)?)\)/g, '').replace(/\((?:[ASWCD]\d+(?:\.\d+)?); /g, '(');
}

/** Shows the tab icon with a red dot (your move) or without. */
export function setIcon(dot) {
  const link = document.querySelector('link[rel="icon"]');
  const href = dot ? '/assets/favicon-turn.svg' : '/assets/favicon.svg';
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}

