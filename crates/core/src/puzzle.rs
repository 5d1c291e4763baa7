//! The puzzle file format (`suites/puzzles/PRESET.txt`, docs/learn.md): comment lines (`#`), the
//! `variant PRESET` line, then one puzzle per line, six fields separated by `;`:
//!
//! ```text
//! hasami-0001 ; 9/9/9/6w2/5b3/9/9/9/bw2b4 b 0 1 ; e5e3 d1d2 f3f5 ; capture,double,in2 ; 1240 ; 51234
//! ```
//!
//! id, position text (the side to move solves), the solution (solver first, then defender and solver
//! in turn, ending with the solver's move), themes, rating, and the proof's effort in positions.
//! `hasami-lab puzzles` writes and re-proves the files; the server serves them. This module checks
//! the form only: whether the position and moves are legal is the rules' business (the verifier and
//! the server's tests replay every line).
//!
//! - `attempt`: the check of a line played on a puzzle (shared by the server and the WebAssembly
//!   module).

pub mod attempt;

use std::fmt;

use thiserror::Error;

/// A puzzle's theme, a tag players filter by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The solver wins material (and not the game within the puzzle's moves).
    Capture,
    /// The solver wins the game.
    Win,
    /// One of the solver's moves takes two pieces or more.
    Double,
    /// One of the solver's moves takes a piece in a corner.
    Corner,
    /// The game is won by five in a row.
    Five,
    /// The Shogun is trapped: captured or checkmated.
    Shogun,
    /// The solver's first move takes nothing.
    Quiet,
    /// One solver move.
    In1,
    /// Two solver moves.
    In2,
    /// Three solver moves.
    In3,
}

impl Theme {
    /// Every theme, in the order files list them.
    pub const ALL: [Theme; 10] = [
        Theme::Capture,
        Theme::Win,
        Theme::Double,
        Theme::Corner,
        Theme::Five,
        Theme::Shogun,
        Theme::Quiet,
        Theme::In1,
        Theme::In2,
        Theme::In3,
    ];

    /// The theme's name in files and URLs.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Capture => "capture",
            Theme::Win => "win",
            Theme::Double => "double",
            Theme::Corner => "corner",
            Theme::Five => "five",
            Theme::Shogun => "shogun",
            Theme::Quiet => "quiet",
            Theme::In1 => "in1",
            Theme::In2 => "in2",
            Theme::In3 => "in3",
        }
    }

    /// The theme named `name`.
    pub fn named(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The length theme of a solution with `n` solver moves (1–3).
    pub fn of_length(n: usize) -> Option<Theme> {
        match n {
            1 => Some(Theme::In1),
            2 => Some(Theme::In2),
            3 => Some(Theme::In3),
            _ => None,
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One puzzle of a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// `PRESET-NNNN`, unique over every file.
    pub id: String,
    /// Position text; the side to move is the solver.
    pub position: String,
    /// Move texts: solver, defender, solver, …, an odd number, ending with the solver's move.
    pub solution: Vec<String>,
    /// Themes, in [`Theme::ALL`]'s order, one length theme among them.
    pub themes: Vec<Theme>,
    /// The starting difficulty rating.
    pub rating: u32,
    /// The proof's effort: positions visited.
    pub nodes: u64,
}

impl Puzzle {
    /// The puzzle's line in a file.
    pub fn line(&self) -> String {
        let themes: Vec<&str> = self.themes.iter().map(|t| t.name()).collect();
        format!(
            "{} ; {} ; {} ; {} ; {} ; {}",
            self.id,
            self.position,
            self.solution.join(" "),
            themes.join(","),
            self.rating,
            self.nodes
        )
    }

    /// The number of solver moves.
    pub fn solver_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }
}

/// A puzzle file: its variant and its puzzles in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleFile {
    /// The `variant` line's preset.
    pub variant: String,
    /// The puzzles.
    pub puzzles: Vec<Puzzle>,
}

/// Why a puzzle file is not one: the 1-based line and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {message}")]
pub struct PuzzleFileError {
    /// The line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// The longest solution a file may hold, in moves (three solver moves and two replies).
pub const MAX_SOLUTION: usize = 5;

/// The text of a puzzle file: a comment of `about` lines, the variant line, the puzzles.
pub fn puzzle_file_text(variant: &str, about: &[String], puzzles: &[Puzzle]) -> String {
    let mut text = format!("# Puzzles: {variant}\n");
    for line in about {
        text.push_str("# ");
        text.push_str(line);
        text.push('\n');
    }
    text.push_str(
        "# id ; position ; solution (solver, defender, solver, …) ; themes ; rating ; proof nodes\n",
    );
    text.push_str(&format!("variant {variant}\n"));
    for p in puzzles {
        text.push_str(&p.line());
        text.push('\n');
    }
    text
}

/// Reads a puzzle file's text (the form: fields, ids, move counts, themes; not legality).
pub fn parse_puzzle_file(text: &str) -> Result<PuzzleFile, PuzzleFileError> {
    let mut variant = None;
    let mut puzzles = Vec::new();
    let mut ids = std::collections::HashSet::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let fail = |message: String| PuzzleFileError {
            line: i + 1,
            message,
        };
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some(name) = &variant else {
            let name = line
                .strip_prefix("variant ")
                .map(str::trim)
                .filter(|n| !n.is_empty() && !n.contains(char::is_whitespace))
                .ok_or_else(|| fail("the first line must be `variant PRESET`".into()))?;
            variant = Some(name.to_string());
            continue;
        };
        let puzzle = parse_line(line, name).map_err(fail)?;
        if !ids.insert(puzzle.id.clone()) {
            return Err(fail(format!("id {} given twice", puzzle.id)));
        }
        puzzles.push(puzzle);
    }
    let variant = variant.ok_or(PuzzleFileError {
        line: 1,
        message: "no `variant PRESET` line".into(),
    })?;
    Ok(PuzzleFile { variant, puzzles })
}

fn parse_line(line: &str, variant: &str) -> Result<Puzzle, String> {
    let fields: Vec<&str> = line.split(';').map(str::trim).collect();
    let [id, position, solution, themes, rating, nodes] = fields[..] else {
        return Err(format!(
            "{} fields; a puzzle has 6, separated by ';'",
            fields.len()
        ));
    };
    let number = id
        .strip_prefix(variant)
        .and_then(|rest| rest.strip_prefix('-'))
        .ok_or_else(|| format!("id {id:?} is not {variant}-NUMBER"))?;
    if number.len() < 4 || !number.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "id {id:?} is not {variant}-NUMBER (4 digits or more)"
        ));
    }
    if position.is_empty() {
        return Err("no position".into());
    }
    let solution: Vec<String> = solution.split_whitespace().map(String::from).collect();
    if solution.len().is_multiple_of(2) || solution.len() > MAX_SOLUTION {
        return Err(format!(
            "{} moves; a solution has 1, 3 or 5 (it ends with the solver's move)",
            solution.len()
        ));
    }
    if let Some(m) = solution.iter().find(|m| m.len() > 8) {
        return Err(format!("{m:?} is not a move"));
    }
    let mut list = Vec::new();
    for name in themes.split(',').map(str::trim) {
        let theme = Theme::named(name).ok_or_else(|| format!("unknown theme {name:?}"))?;
        if list.contains(&theme) {
            return Err(format!("theme {name} given twice"));
        }
        list.push(theme);
    }
    list.sort();
    let length = Theme::of_length(solution.len().div_ceil(2));
    let lengths = list
        .iter()
        .filter(|t| matches!(t, Theme::In1 | Theme::In2 | Theme::In3))
        .count();
    if lengths != 1 || !list.contains(&length.expect("1, 3 or 5 moves")) {
        return Err("themes must name the solution's length: in1, in2 or in3".into());
    }
    if list.contains(&Theme::Capture) == list.contains(&Theme::Win) {
        return Err("a puzzle is `capture` or `win`".into());
    }
    let rating = rating
        .parse::<u32>()
        .ok()
        .filter(|r| (1..=4000).contains(r))
        .ok_or_else(|| format!("rating {rating:?} is not a number 1–4000"))?;
    let nodes = nodes
        .parse::<u64>()
        .map_err(|_| format!("nodes {nodes:?} is not a number"))?;
    Ok(Puzzle {
        id: id.to_string(),
        position: position.to_string(),
        solution,
        themes: list,
        rating,
        nodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "# Puzzles: hasami\nvariant hasami\n\
        hasami-0001 ; 9/9/9/9/9/9/9/9/9 b 0 1 ; e5e3 d1d2 f3f5 ; in2,capture,double ; 1240 ; 51234\n";

    #[test]
    fn a_file_reads_back_as_written() {
        let file = parse_puzzle_file(GOOD).unwrap();
        assert_eq!(file.variant, "hasami");
        let p = &file.puzzles[0];
        assert_eq!(p.themes, vec![Theme::Capture, Theme::Double, Theme::In2]);
        assert_eq!(p.solver_moves(), 2);
        let text = puzzle_file_text("hasami", &["about".into()], &file.puzzles);
        assert_eq!(parse_puzzle_file(&text).unwrap(), file);
    }

    #[test]
    fn bad_lines_are_refused_with_their_line() {
        let bad = [
            ("e5e3 d1d2", "1, 3 or 5"),
            ("e5e3 d1d2 f3f5 ; capture,in1", "length"),
            ("e5e3 d1d2 f3f5 ; capture,in2,fork", "unknown theme"),
            ("e5e3 d1d2 f3f5 ; in2", "`capture` or `win`"),
        ];
        for (fields, why) in bad {
            let line = if fields.contains(';') {
                format!("hasami-0001 ; 9/9/9/9/9/9/9/9/9 b 0 1 ; {fields} ; 1 ; 1")
            } else {
                format!("hasami-0001 ; 9/9/9/9/9/9/9/9/9 b 0 1 ; {fields} ; in1,capture ; 1 ; 1")
            };
            let err = parse_puzzle_file(&format!("variant hasami\n{line}\n")).unwrap_err();
            assert_eq!(err.line, 2);
            assert!(err.message.contains(why), "{why}: {}", err.message);
        }
        let twice = format!("{GOOD}{}", GOOD.lines().last().unwrap());
        assert!(parse_puzzle_file(&twice)
            .unwrap_err()
            .message
            .contains("twice"));
        assert!(parse_puzzle_file("hasami-0001 ; x").is_err());
        let other = GOOD.replace("hasami-0001", "agon-0001");
        assert!(parse_puzzle_file(&other)
            .unwrap_err()
            .message
            .contains("id"));
    }
}
