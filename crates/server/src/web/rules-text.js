// The rules pages' texts (rules-text-en.js and rules-text-LANG.js): part of the translation
// catalogue, loaded with import() when a rules page opens so the first screen stays light. `rt`
// reads them as `t` (i18n.js) reads the rest of the catalogue: the language's text, else the English
// one (the key is then listed in `hasamiI18n.missing`), `{name}` filled in, and inside ⟦ ⟧ in the
// pseudo-language `qps`.

import { language } from './i18n.js';

let texts = null;

/** Loads the rules texts of the language shown (once); resolves when `rt` can be used. */
export async function loadRulesText() {
  if (texts) return;
  const lang = language();
  const english = (await import('./rules-text-en.js')).default;
  const own = lang === 'en' || lang === 'qps' ? english : (await import(`./rules-text-${lang}.js`)).default;
  texts = { english, own };
}

/** Whether the rules texts have `key`. */
export function hasRulesText(key) { return !!texts && (key in texts.own || key in texts.english); }

/** The rules text of `key` in the language shown, each `{name}` replaced by `params.name`;
 * `fallback` (the server's English, say) when no language has the key. */
export function rt(key, params, fallback) {
  let text = texts && texts.own[key];
  if (text === undefined) {
    globalThis.hasamiI18n?.missing.add(key);
    text = (texts && texts.english[key]) ?? fallback ?? key;
  }
  if (params) text = text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  return language() === 'qps' ? `⟦${text}⟧` : text;
}

/** The text of `key` as strings and nodes: each `{name}` whose `nodes.name` is given becomes it. */
export function rtNodes(key, nodes, params) {
  return rt(key, params).split(/(\{\w+\})/).filter((s) => s !== '').map((s) => {
    const m = /^\{(\w+)\}$/.exec(s);
    return m && m[1] in nodes ? nodes[m[1]] : s;
  });
}
