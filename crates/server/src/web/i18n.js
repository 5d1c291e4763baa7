// The translation catalogue's reader: every string a player sees is `t(KEY)` (or `tn(KEY, n)` for
// a count), its text in lang-en.js / lang-ja.js (one module per language, edited by translators).
// The language is the one chosen on the page (remembered in this browser), else the browser's
// first language that hasami speaks, else English. The catalogue is loaded before any module that
// imports this one runs (top-level await), so `t` is ready at import time.
//
// For the language test: `window.hasamiI18n.missing` lists every key asked for that the language's
// catalogue lacks (the key itself was shown; only the language shown is loaded); the pseudo-language `qps` (chosen with
// `?lang=qps` in the address or the stored choice) shows the English text inside ⟦ ⟧ so that a
// text on screen without the marks did not come from the catalogue.

/** The languages hasami speaks, with their own names. */
export const LANGUAGES = [['en', 'English'], ['ja', '日本語']];
const STORED = 'hasami-lang';
const codes = LANGUAGES.map(([c]) => c);

function stored() {
  try { return localStorage.getItem(STORED); } catch { return null; }
}

/** The language to show: `?lang=` in the address, the stored choice, the browser's, English. */
function chosen() {
  const asked = new URLSearchParams(location.search).get('lang') || stored();
  if (asked === 'qps' || codes.includes(asked)) return asked;
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const code = String(l).toLowerCase().split('-')[0];
    if (codes.includes(code)) return code;
  }
  return 'en';
}

const lang = chosen();
// Only the language shown is loaded (one request, kept by the browser): a key its catalogue lacks
// shows as the key itself and is listed in `missing` (the language test fails on any).
const strings = { ...(await import(`./lang-${lang === 'qps' ? 'en' : lang}.js`)).default };
const pseudo = lang === 'qps';
const missing = new Set();
const plurals = new Intl.PluralRules(pseudo ? 'en' : lang);
globalThis.hasamiI18n = { lang, missing };
document.documentElement.lang = pseudo ? 'en' : lang;

let more = null;
/** Adds the texts of the screens loaded later (`lang-LANG-more.js`) to the catalogue, once; the
 * modules that use them wait for it at their top (`await loadMore()`). */
export function loadMore() {
  more ??= import(`./lang-${lang === 'qps' ? 'en' : lang}-more.js`).then((m) => { Object.assign(strings, m.default); });
  return more;
}

/** The language shown (`en`, `ja`; `qps` in the language test). */
export function language() { return lang; }

/** Whether Japanese is shown (names, coordinates and other choices that follow the language). */
export function isJapanese() { return lang === 'ja'; }

/** Keeps `code` as this browser's language and shows the page in it. */
export function setLanguage(code) {
  if (!codes.includes(code) && code !== 'qps') return;
  try { localStorage.setItem(STORED, code); } catch { /* private mode: this page only */ }
  const url = new URL(location.href);
  url.searchParams.delete('lang');
  if (url.href !== location.href) history.replaceState(null, '', url.href);
  location.reload();
}

/** Whether the catalogue has `key` (for texts that exist only for some presets or cases). */
export function has(key) { return key in strings; }

/** The text of `key` in the language shown, each `{name}` replaced by `params.name`. */
export function t(key, params) {
  let text = strings[key];
  if (text === undefined) {
    missing.add(key);
    text = key;
  }
  if (params) text = text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  return pseudo ? `⟦${text}⟧` : text;
}

/** The text of `key` for the count `n`: `KEY.one`, `KEY.other` … as the language's plural rules
 * say (`KEY.other` when the language has no form of its own), with `{n}` replaced. */
export function tn(key, n, params) {
  const form = `${key}.${plurals.select(n)}`;
  const chosenKey = form in strings ? form : `${key}.other`;
  return t(chosenKey, { n, ...params });
}

/** Translates the page's fixed markup: `data-i18n` (text), `data-i18n-label` (aria-label),
 * `data-i18n-title` (title) and `data-i18n-placeholder` hold catalogue keys. */
export function translateMarkup(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
}
