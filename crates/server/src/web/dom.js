// Small helpers for building the page: elements, announcements for screen readers, player-facing
// messages and the tab icon.

import { t } from './i18n.js';

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

/** A translated text with elements in it: `{name}` in `text` becomes the node `nodes.name` (a link
 * inside a sentence); the parts between stay text. An array for `h`'s children. */
export function fillIn(text, nodes) {
  return text.split(/\{(\w+)\}/).map((part, i) => (i % 2 ? nodes[part] ?? `{${part}}` : part)).filter((p) => p !== '');
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
  const href = new URL(dot ? './favicon-turn.svg' : './favicon.svg', import.meta.url).href;
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}


/** The strip under the header that holds notices (challenges, offers), made when first needed. */
function noticeStrip() {
  let strip = document.getElementById('notices');
  if (!strip) {
    strip = h('div', { id: 'notices', class: 'notices', role: 'region', 'aria-label': t('page.notices'), 'aria-live': 'polite' });
    const top = document.querySelector('header.top');
    if (top) top.after(strip); else document.body.prepend(strip);
  }
  return strip;
}

/** Shows a notice under the header with these children; one with the same `id` is replaced.
 * Returns the notice. */
export function notice(id, ...children) {
  const strip = noticeStrip();
  const box = h('div', { class: 'notice', id }, ...children);
  const old = document.getElementById(id);
  if (old && old.parentNode === strip) old.replaceWith(box); else strip.append(box);
  return box;
}

/** Takes the notice `id` away, if shown. */
export function dropNotice(id) {
  const old = document.getElementById(id);
  if (old && old.classList.contains('notice')) old.remove();
}

/**
 * Scrolls the list `box` (a scroll box of its own, the move list) so that `item` shows, moving
 * nothing else: the page stays where it is, and the board with it.
 */
export function showInList(box, item) {
  const r = item.getBoundingClientRect(), list = box.getBoundingClientRect();
  if (r.bottom > list.bottom) box.scrollTop += r.bottom - list.bottom;
  else if (r.top < list.top) box.scrollTop -= list.top - r.top;
}
