#!/usr/bin/env python3
"""Lists import cycles between the source files of each crate (no output and exit 0 when there are none).

A file imports another when it names an item under the other's module path (`crate::a::b`, `super::x`).
A cycle is a set of files that reach each other through such imports; a module's own `mod` lines do not
count. Usage: scripts/import-cycles.py [CRATE_SRC_DIR ...] (default: crates/*/src).
"""
import glob
import os
import re
import sys

PATH = re.compile(r"\b(crate|super)((?:::\w+)+)")


def module_file(root, parts):
    """The file of the module at `parts` below `root`, if there is one."""
    base = os.path.join(root, *parts)
    for candidate in (base + ".rs", os.path.join(base, "mod.rs")):
        if os.path.isfile(candidate):
            return candidate
    return None


def module_path(root, file):
    parts = os.path.relpath(file, root)[:-3].split(os.sep)
    if parts[-1] == "mod":
        parts = parts[:-1]
    return [] if parts in (["lib"], ["main"]) else parts


def imports(root):
    files = [f for f in glob.glob(os.path.join(root, "**", "*.rs"), recursive=True)]
    edges = {f: set() for f in files}
    for f in files:
        here = module_path(root, f)
        text = open(f, encoding="utf-8").read()
        for m in PATH.finditer(text):
            base = [] if m.group(1) == "crate" else here[:-1]
            segments = m.group(2).strip(":").split("::")
            target = None
            for i in range(len(segments), -1, -1):
                target = module_file(root, base + segments[:i])
                if target:
                    break
            if target and target != f:
                edges[f].add(target)
    return edges


def cycles(edges):
    """Strongly connected components of more than one file (Tarjan)."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(100_000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in edges:
        if v not in index:
            visit(v)
    return found


def main():
    roots = sys.argv[1:] or sorted(glob.glob("crates/*/src"))
    bad = 0
    for root in roots:
        edges = imports(root)
        for component in cycles(edges):
            bad += 1
            print(f"import cycle in {root}:")
            for a in component:
                for b in sorted(edges[a] & set(component)):
                    print(f"  {os.path.relpath(a, root)} -> {os.path.relpath(b, root)}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
