//! Reading a puzzle file (docs/web.md, "Puzzles"): its form through `hasami_core::puzzle` (fields,
//! ids, move counts, themes), then every puzzle replayed: the position legal for the file's preset,
//! each solution move legal in turn, the game not over before the last. A file whose form is wrong
//! is refused whole; a puzzle that does not replay is reported with its id and left out.

use hasami_core::puzzle::{parse_puzzle_file, Puzzle as FilePuzzle};
use hasami_core::AnyGame;

use super::puzzle::Puzzle;

/// A part of a puzzle file that is not a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FileError {
    /// The file's preset.
    pub(crate) preset: &'static str,
    /// What is wrong (with its line or the puzzle's id).
    pub(crate) why: String,
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "suites/puzzles/{}.txt: {}", self.preset, self.why)
    }
}

/// The puzzles of the file of `preset`, and what in it is not a puzzle.
pub(crate) fn parse_file(preset: &'static str, text: &str) -> (Vec<Puzzle>, Vec<FileError>) {
    let error = |why: String| FileError { preset, why };
    let file = match parse_puzzle_file(text) {
        Ok(file) => file,
        Err(e) => return (Vec::new(), vec![error(e.to_string())]),
    };
    if file.variant != preset {
        let why = format!("the variant line must say {preset}, not {}", file.variant);
        return (Vec::new(), vec![error(why)]);
    }
    let mut puzzles = Vec::new();
    let mut errors = Vec::new();
    for puzzle in file.puzzles {
        match replay(preset, puzzle) {
            Ok(p) => puzzles.push(p),
            Err(why) => errors.push(error(why)),
        }
    }
    (puzzles, errors)
}

/// The puzzle of a file line, its position and solution replayed through the rules.
fn replay(preset: &'static str, p: FilePuzzle) -> Result<Puzzle, String> {
    let id = &p.id;
    let mut game =
        AnyGame::new(preset, Some(&p.position)).map_err(|e| format!("{id}: position: {e}"))?;
    if game.outcome().is_some() {
        return Err(format!("{id}: the position's game is already over"));
    }
    let side = crate::db::side_text(game.side());
    let size = game.size();
    let mut moves = Vec::with_capacity(p.solution.len());
    for (ply, text) in p.solution.iter().enumerate() {
        if game.outcome().is_some() {
            return Err(format!("{id}: the game is over before move {}", ply + 1));
        }
        let mv = game
            .parse_move(text)
            .map_err(|e| format!("{id}: move {} '{text}': {e}", ply + 1))?;
        game.play(mv)
            .map_err(|e| format!("{id}: move {} '{text}': {e}", ply + 1))?;
        moves.push(mv);
    }
    Ok(Puzzle {
        id: p.id,
        preset,
        position: p.position,
        side,
        size,
        solution: moves,
        themes: p.themes,
        rating: p.rating,
        nodes: p.nodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use hasami_core::puzzle::Theme;

    const GOOD: &str = "# a comment\n\nvariant hasami\n\
        hasami-0001 ; w7w/9/9/b8/4w4/4b4/9/9/b7b b 0 1 ; a6e6 ; capture,in1 ; 900 ; 12\n";

    #[test]
    fn reads_a_good_file() {
        let (puzzles, errors) = parse_file("hasami", GOOD);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(puzzles.len(), 1);
        let p = &puzzles[0];
        assert_eq!(p.id, "hasami-0001");
        assert_eq!(p.side, "black");
        assert_eq!(p.solution.len(), 1);
        assert_eq!(p.solution[0].to_string(), "a6e6");
        assert_eq!(p.themes, vec![Theme::Capture, Theme::In1]);
        assert_eq!((p.rating, p.nodes), (900, 12));
    }

    /// What is wrong with a hasami file of `line` alone.
    fn error_of(line: &str) -> String {
        let text = format!("variant hasami\n{line}\n");
        let (puzzles, errors) = parse_file("hasami", &text);
        assert!(puzzles.is_empty(), "{line} was read as a puzzle");
        errors[0].why.clone()
    }

    #[test]
    fn refuses_bad_lines() {
        let pos = "w7w/9/9/b8/4w4/4b4/9/9/b7b b 0 1";
        for (line, says) in [
            (
                format!("hasami-0001 ; {pos} ; a6e6 ; capture,in1 ; 900"),
                "fields",
            ),
            (
                format!("hasami-01 ; {pos} ; a6e6 ; capture,in1 ; 900 ; 1"),
                "id",
            ),
            (
                format!("agon-0001 ; {pos} ; a6e6 ; capture,in1 ; 900 ; 1"),
                "id",
            ),
            (
                "hasami-0001 ; 9/9 b ; a6e6 ; capture,in1 ; 900 ; 1".to_string(),
                "position",
            ),
            (
                format!("hasami-0001 ; {pos} ; a6b7 ; capture,in1 ; 900 ; 1"),
                "move 1",
            ),
            (
                format!("hasami-0001 ; {pos} ; a6e6 e5e4 ; capture,in1 ; 900 ; 1"),
                "1, 3 or 5",
            ),
            (
                format!("hasami-0001 ; {pos} ; a6e6 ; capture,in2 ; 900 ; 1"),
                "in1",
            ),
            (
                format!("hasami-0001 ; {pos} ; a6e6 ; capture,pin,in1 ; 900 ; 1"),
                "unknown theme",
            ),
            (
                format!("hasami-0001 ; {pos} ; a6e6 ; capture,in1 ; lots ; 1"),
                "rating",
            ),
            (
                format!("hasami-0001 ; {pos} ; a6e6 ; capture,in1 ; 900 ; -1"),
                "nodes",
            ),
        ] {
            let why = error_of(&line);
            assert!(why.contains(says), "{line}: {why}");
        }
    }

    #[test]
    fn the_variant_line_names_the_file() {
        let (puzzles, errors) = parse_file("agon", GOOD);
        assert!(puzzles.is_empty());
        assert!(errors[0].why.contains("agon"), "{errors:?}");
    }
}
