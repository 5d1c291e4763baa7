#!/usr/bin/env python3
"""Lists import cycles between the source files of each crate (no output and exit 0 when there are none).

A file imports another when it names an item defined there: in a `use` line (braces expanded) or in a
path in code (`crate::a::b`, `super::x`, `self::y`). A name is followed through the modules it passes and
through every `use` that brings it into a module, re-exports included: `use crate::Thing` where lib.rs
says `pub use shogun::magnets::Thing` is an import of shogun/magnets.rs, not of lib.rs. Inline modules
(`mod tests { use super::*; }`) are their own modules, and what unit tests (`#[cfg(test)] mod`)
import does not count. A cycle is a set of files that reach each other
through such imports; a module's own `mod` lines and its re-exports (`pub use`) do not count.

Usage: scripts/import-cycles.py [--graph] [CRATE_SRC_DIR ...] (default: crates/*/src).
  --graph  prints every file's imports (`a -> b`) instead of checking for cycles.
"""
import glob
import os
import re
import sys

INLINE_PATH = re.compile(r"\b(crate|super|self)((?:::\w+)+)")
USE = re.compile(r"(\bpub(?:\([^)]*\))?\s+)?\buse\s+([^;]+);")
INLINE_MOD = re.compile(r"\bmod\s+(\w+)\s*\{")
NAME = re.compile(r"^\w+$")
# Comments, string and character literals: blanked before reading, keeping every offset.
NOISE = re.compile(
    r"//[^\n]*|/\*.*?\*/|r(#*)\".*?\"\1|b?\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^\\'\n])'",
    re.S,
)


def blank(text):
    return NOISE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def module_file(root, parts):
    """The file of the module at `parts` below `root`, if it is a file of its own."""
    if not parts:
        for name in ("lib.rs", "main.rs"):
            if os.path.isfile(os.path.join(root, name)):
                return os.path.join(root, name)
        return None
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


def expand(tree):
    """`a::{b, c::{d as e, self}}` → [(["a","b"], "b"), (["a","c","d"], "e"), (["a","c"], "c")]."""
    tree = re.sub(r"\s+", "", re.sub(r"\s+as\s+", "@", tree))
    out = []

    def walk(prefix, text):
        depth, start, items = 0, 0, []
        for i, ch in enumerate(text):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                items.append(text[start:i])
                start = i + 1
        items.append(text[start:])
        for item in filter(None, items):
            if "{" in item:
                head, rest = item.split("{", 1)
                walk(prefix + [s for s in head.split("::") if s], rest[: rest.rfind("}")])
                continue
            path, _, alias = item.partition("@")
            segments = prefix + [s for s in path.split("::") if s]
            if segments and segments[-1] == "self":
                segments = segments[:-1]
            if segments:
                out.append((segments, alias or segments[-1]))

    walk([], tree)
    return out


class Crate:
    """The modules of one crate's source folder: their files, inline modules and `use` bindings."""

    def __init__(self, root):
        self.root = root
        self.files = sorted(glob.glob(os.path.join(root, "**", "*.rs"), recursive=True))
        self.text = {f: blank(read(f)) for f in self.files}
        # Module path (tuple) → (file, [(start, end) spans of the file that are that module]).
        self.inline = {}
        # Module path → {name: absolute path (list) of what `use` binds there}, and glob sources.
        self.bindings, self.globs = {}, {}
        self.uses = []  # (file, module path, absolute path) of every `use` and path in code
        for f in self.files:
            self.tests = []  # spans of this file's `#[cfg(test)] mod … { … }`
            self._read(f)

    def _module_at(self, f, offset):
        here = list(module_path(self.root, f))
        best = None
        for path, (file, spans) in self.inline.items():
            if file == f and any(s <= offset < e for s, e in spans):
                if best is None or len(path) > len(best):
                    best = path
        return list(best) if best else here

    def _read(self, f):
        text = self.text[f]
        here = module_path(self.root, f)
        for m in INLINE_MOD.finditer(text):
            depth, end = 0, len(text)
            for i in range(m.end() - 1, len(text)):
                if text[i] == "{":
                    depth += 1
                elif text[i] == "}":
                    depth -= 1
                    if depth == 0:
                        end = i
                        break
            outer = self._module_at(f, m.start())
            self.inline[tuple(outer + [m.group(1)])] = (f, [(m.end(), end)])
            if re.search(r"#\[cfg\(test\)\]\s*$", text[: m.start()]):
                self.tests.append((m.end(), end))
        for m in USE.finditer(text):
            module = self._module_at(f, m.start())
            for segments, alias in expand(m.group(2)):
                absolute = self.absolute(module, segments)
                if absolute is None:
                    continue
                if alias == "*":
                    self.globs.setdefault(tuple(module), []).append(absolute[:-1])
                else:
                    self.bindings.setdefault(tuple(module), {})[alias] = absolute
                if not m.group(1) and not self._in_tests(m.start()):
                    # a re-export is passed through, not an import of its own
                    self.uses.append((f, module, absolute))
        for m in INLINE_PATH.finditer(text):
            if re.search(r"\buse\s+[^;]*$", text[: m.start()].rsplit(";", 1)[-1]):
                continue  # part of a `use` line, read above
            if self._in_tests(m.start()):
                continue
            module = self._module_at(f, m.start())
            absolute = self.absolute(module, [m.group(1)] + m.group(2).strip(":").split("::"))
            if absolute is not None:
                self.uses.append((f, module, absolute))

    def _in_tests(self, offset):
        return any(s <= offset < e for s, e in self.tests)

    def is_module(self, parts):
        return tuple(parts) in self.inline or module_file(self.root, parts) is not None

    def absolute(self, module, segments):
        """The path from the crate root that `segments`, written in `module`, names; None outside."""
        segments = list(segments)
        if segments[0] == "crate":
            return segments[1:]
        if segments[0] in ("self", "super"):
            base = list(module)
            while segments and segments[0] in ("self", "super"):
                if segments.pop(0) == "super":
                    base = base[:-1]
            return base + segments
        if self.is_module(list(module) + segments[:1]):
            return list(module) + segments
        if segments[0] in self.bindings.get(tuple(module), {}):
            return self.bindings[tuple(module)][segments[0]] + segments[1:]
        return None  # another crate or the standard library

    def file_of_module(self, parts):
        while True:
            if tuple(parts) in self.inline:
                return self.inline[tuple(parts)][0]
            found = module_file(self.root, parts)
            if found or not parts:
                return found
            parts = parts[:-1]

    def target(self, absolute, depth=0):
        """The file where the item at `absolute` (a path from the crate root) is defined."""
        module = []
        for i, segment in enumerate(absolute):
            if segment == "*":
                break
            if self.is_module(module + [segment]):
                module = module + [segment]
                continue
            if depth < 16:
                bound = self.bindings.get(tuple(module), {}).get(segment)
                if bound is not None and bound != module + [segment]:
                    return self.target(bound + absolute[i + 1 :], depth + 1)
                for source in self.globs.get(tuple(module), []):
                    if source != module and self._defines(source, segment):
                        return self.target(source + absolute[i:], depth + 1)
            break
        return self.file_of_module(module)

    def _defines(self, module, name):
        if self.is_module(module + [name]) or name in self.bindings.get(tuple(module), {}):
            return True
        file = self.file_of_module(module)
        return file is not None and re.search(
            r"\b(fn|struct|enum|trait|type|const|static|union|macro_rules!)\s+" + re.escape(name) + r"\b",
            self.text[file],
        ) is not None

    def edges(self):
        edges = {f: set() for f in self.files}
        for f, _, absolute in self.uses:
            target = self.target(absolute)
            if target and target != f:
                edges[f].add(target)
        return edges


def imports(root):
    return Crate(root).edges()


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


def report(root, edges):
    """The lines that describe the import cycles of one crate (none when it has none)."""
    lines = []
    for component in cycles(edges):
        lines.append(f"import cycle in {root}:")
        for a in component:
            for b in sorted(edges[a] & set(component)):
                lines.append(f"  {os.path.relpath(a, root)} -> {os.path.relpath(b, root)}")
    return lines


def main():
    args = sys.argv[1:]
    graph = "--graph" in args
    roots = [a for a in args if a != "--graph"] or sorted(glob.glob("crates/*/src"))
    bad = 0
    for root in roots:
        edges = imports(root)
        if graph:
            for a in sorted(edges):
                for b in sorted(edges[a]):
                    print(f"{os.path.relpath(a, root)} -> {os.path.relpath(b, root)}")
            continue
        lines = report(root, edges)
        bad += bool(lines)
        for line in lines:
            print(line)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
