// A catalogue sentence with page elements in it (a link, a name in bold): the text of the key is
// translated whole, and each `{name}` in it is replaced by the node given for it, so that no
// sentence is built from translated fragments.

import { t } from './i18n.js';

/** The text of `key` as a list of strings and nodes: `{name}` becomes `nodes.name` (a node or
 * text). Ready for `h(tag, attrs, ...tNodes(key, nodes))`. */
export function tNodes(key, nodes) {
  return t(key).split(/(\{\w+\})/).filter((s) => s !== '').map((s) => {
    const m = /^\{(\w+)\}$/.exec(s);
    return m && m[1] in nodes ? nodes[m[1]] : s;
  });
}
