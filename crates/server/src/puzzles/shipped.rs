//! The shipped puzzle files, checked in full: every line a puzzle (ids unique, positions legal for
//! their preset, each solution move legal in turn through `hasami_core`, an odd number of moves,
//! known themes that agree with the solution), so that a malformed line fails the tests rather than
//! reaching a server.

use hasami_core::AnyGame;

use super::files::FILES;
use super::set::PuzzleSet;
use super::PRESETS;

#[test]
fn every_shipped_line_is_a_puzzle() {
    let (set, errors) = PuzzleSet::read(FILES);
    let said: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert!(said.is_empty(), "{}", said.join("\n"));
    let lines: usize = FILES
        .iter()
        .flat_map(|(_, text)| text.lines())
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with("variant "))
        .count();
    assert_eq!(set.len(), lines, "every puzzle line is in the set");
    for (name, _) in FILES {
        assert!(PRESETS.contains(name), "{name}");
    }
}

#[test]
fn every_shipped_solution_replays() {
    let (set, _) = PuzzleSet::read(FILES);
    for puzzle in set.iter() {
        assert_eq!(puzzle.solution.len() % 2, 1, "{}", puzzle.id);
        let mut game = AnyGame::new(puzzle.preset, Some(&puzzle.position)).unwrap();
        for mv in &puzzle.solution {
            game.play_text(&mv.to_string())
                .unwrap_or_else(|e| panic!("{}: {mv}: {e}", puzzle.id));
        }
        assert!(set.get(&puzzle.id).is_some());
    }
}
