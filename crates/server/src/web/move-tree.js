// The analysis board's tree of moves: the main line and its variations, nested as deep as they go.
// A node is one move (its text, who made it, what it captured); its first child continues its
// line (the main line from the root), the others are variations. Drawing it is move-tree-view.js's.

/** The most moves a tree holds (the server replays at most 1000 moves of a line). */
export const MAX_NODES = 5000;

/** One move of the tree: `move` ("e1e5"), `side`, `captured` (squares); null on the root. */
class Node {
  constructor(id, parent, move, record) {
    this.id = id;
    this.parent = parent;
    this.move = move;
    this.side = record ? record.side : null;
    this.captured = record ? record.captured : [];
    this.children = [];
    this.ply = parent ? parent.ply + 1 : 0;
  }
}

/** The tree of a start position: moves added, promoted, deleted; nodes found by id. */
export class MoveTree {
  constructor() {
    this.nextId = 0;
    this.byId = new Map();
    this.root = this.make(null, null, null);
  }

  make(parent, move, record) {
    const node = new Node(this.nextId++, parent, move, record);
    this.byId.set(node.id, node);
    return node;
  }

  /** The node with id `id` (a number or its text), or null. */
  find(id) { return this.byId.get(Number(id)) || null; }

  /** How many moves the tree holds. */
  get size() { return this.byId.size - 1; }

  /** The child of `parent` that plays `move`: the one there, or a new one (the first child is its
   * line's continuation, a later one a variation). `record` ({side, captured}) describes the move. */
  add(parent, move, record) {
    const there = parent.children.find((c) => c.move === move);
    if (there) {
      if (record) { there.side = record.side; there.captured = record.captured; }
      return there;
    }
    if (this.size >= MAX_NODES) throw new Error('too many moves');
    const node = this.make(parent, move, record);
    parent.children.push(node);
    return node;
  }

  /** Adds `moves` after `from` (records[i] describing moves[i]); the node of the last. */
  addLine(from, moves, records = []) {
    let node = from;
    moves.forEach((m, i) => { node = this.add(node, m, records[i]); });
    return node;
  }

  /** The nodes from the root's first move to `node`. */
  path(node) {
    const out = [];
    for (let n = node; n && n.parent; n = n.parent) out.push(n);
    return out.reverse();
  }

  /** The moves from the start to `node`. */
  movesTo(node) { return this.path(node).map((n) => n.move); }

  /** The last node of `node`'s line: its first children followed to the end. */
  end(node) {
    let n = node;
    while (n.children.length) n = n.children[0];
    return n;
  }

  /** The line through `node`: the moves to it, then its continuation. */
  lineThrough(node) { return this.movesTo(this.end(node)); }

  /** Whether `node` is on the main line (every move on its way a first child). */
  onMainLine(node) {
    for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  /** Makes the line through `node` the main line: at every branch on its way it comes first. */
  promote(node) {
    for (let n = node; n.parent; n = n.parent) {
      const kids = n.parent.children, i = kids.indexOf(n);
      if (i > 0) { kids.splice(i, 1); kids.unshift(n); }
    }
  }

  /** Deletes `node` and every move after it; its parent (null for the root, which stays). */
  delete(node) {
    if (!node.parent) return null;
    const kids = node.parent.children;
    kids.splice(kids.indexOf(node), 1);
    const drop = [node];
    while (drop.length) { const n = drop.pop(); this.byId.delete(n.id); drop.push(...n.children); }
    return node.parent;
  }
}
