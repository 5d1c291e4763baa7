#!/usr/bin/env python3
"""Tests of scripts/import-cycles.py: small crates written to a scratch folder, and the core crate as it
was at commit 6572000, whose loop through a re-export (shogun/ → playout.rs for the random generator →
game.rs → shogun/) the checker must find. Run: python3 scripts/import-cycles-test.py
"""
import importlib.util
import os
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("import_cycles", os.path.join(HERE, "import-cycles.py"))
checker = importlib.util.module_from_spec(spec)
spec.loader.exec_module(checker)

# The core crate's loop before the random generator moved to types/rng.rs.
LOOP_COMMIT = "6572000"


def write(root, files):
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as f:
            f.write(text)


def cycles_of(files):
    with tempfile.TemporaryDirectory() as root:
        write(root, files)
        edges = checker.imports(root)
        return [sorted(os.path.relpath(f, root) for f in c) for c in checker.cycles(edges)]


class Checker(unittest.TestCase):
    def test_a_loop_through_a_root_re_export_is_found(self):
        found = cycles_of({
            "lib.rs": "mod game;\nmod playout;\npub mod shogun;\npub use playout::Rng;\npub use shogun::Pos;\n",
            "game.rs": "use crate::Pos;\npub type ShogunGame = Game<Pos>;\n",
            "playout.rs": "use crate::game::ShogunGame;\npub struct Rng(pub u64);\n",
            "shogun/mod.rs": "mod magnets;\npub use magnets::Pos;\n",
            "shogun/magnets.rs": "use crate::Rng;\npub struct Pos;\n",
        })
        self.assertEqual(found, [["game.rs", "playout.rs", "shogun/magnets.rs"]])

    def test_braces_aliases_and_bare_child_paths_are_followed(self):
        found = cycles_of({
            "lib.rs": "mod a;\nmod b;\n",
            "a/mod.rs": "mod c;\nuse c::{helper as h, self};\npub const LIMIT: u32 = 1;\n",
            "a/c.rs": "use super::{LIMIT};\npub fn helper() {}\n",
            "b.rs": "use crate::{a::LIMIT};\n",
        })
        self.assertEqual(found, [["a/c.rs", "a/mod.rs"]])

    def test_re_exports_and_unit_tests_are_not_imports(self):
        found = cycles_of({
            "lib.rs": "mod a;\nmod b;\npub use a::A;\n",
            "a.rs": "pub use crate::b::B;\npub struct A;\n",
            "b.rs": "pub struct B;\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::a::A;\n}\n",
        })
        self.assertEqual(found, [])

    def test_an_acyclic_crate_through_re_exports_passes(self):
        found = cycles_of({
            "lib.rs": "mod types;\nmod game;\npub use types::rng::Rng;\npub use game::Game;\n",
            "types/mod.rs": "pub mod rng;\n",
            "types/rng.rs": "pub struct Rng;\n// crate::game::Game in a comment is not an import\n",
            "game.rs": "use crate::Rng;\npub struct Game(Rng);\nconst S: &str = \"crate::types\";\n",
        })
        self.assertEqual(found, [])

    def test_the_core_loop_of_the_older_commit_is_found(self):
        repo = os.path.dirname(HERE)
        with tempfile.TemporaryDirectory() as scratch:
            archive = subprocess.run(
                ["git", "-C", repo, "archive", LOOP_COMMIT, "crates/core/src"],
                capture_output=True,
            )
            if archive.returncode != 0:
                self.skipTest(f"commit {LOOP_COMMIT} is not in this clone (a shallow clone)")
            subprocess.run(["tar", "-x", "-C", scratch], input=archive.stdout, check=True)
            root = os.path.join(scratch, "crates/core/src")
            edges = checker.imports(root)
            found = [sorted(os.path.relpath(f, root) for f in c) for c in checker.cycles(edges)]
        self.assertIn(
            ["game.rs", "playout.rs", "shogun/magnets.rs", "shogun/position.rs", "shogun/rules.rs"], found
        )


if __name__ == "__main__":
    unittest.main()
