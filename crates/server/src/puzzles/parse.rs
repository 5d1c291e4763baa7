//! Reading a puzzle file (docs/web.md, "Puzzles"): comment lines (`#`) and blank lines are skipped,
//! the first other line is `variant PRESET`, then one puzzle per line, six fields separated by `;`:
//! id, position, solution, themes, rating, nodes. Every line is checked in full: the id's form, the
//! position legal for the preset, each solution move legal in turn (through `hasami_core`), an odd
//! number of moves, known themes agreeing with the solution's length. A line that fails is reported
//! with its number and is not a puzzle.

use hasami_core::AnyGame;

use super::puzzle::Puzzle;
use super::theme::Theme;

/// The most moves a solution has (three solver moves and two replies).
pub(crate) const MAX_SOLUTION: usize = 5;

/// A line of a puzzle file that is not a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LineError {
    /// The file's preset.
    pub(crate) preset: &'static str,
    /// The line's number, from 1.
    pub(crate) line: usize,
    /// What is wrong.
    pub(crate) why: String,
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "suites/puzzles/{}.txt line {}: {}",
            self.preset, self.line, self.why
        )
    }
}

/// The puzzles of the file of `preset`, and the lines that are not puzzles.
pub(crate) fn parse_file(preset: &'static str, text: &str) -> (Vec<Puzzle>, Vec<LineError>) {
    let mut puzzles = Vec::new();
    let mut errors = Vec::new();
    let mut seen_variant = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let error = |why: String| LineError {
            preset,
            line: i + 1,
            why,
        };
        if !seen_variant {
            seen_variant = true;
            match line.strip_prefix("variant ").map(str::trim) {
                Some(name) if name == preset => continue,
                _ => {
                    errors.push(error(format!("the first line must be 'variant {preset}'")));
                    continue;
                }
            }
        }
        match parse_line(preset, line) {
            Ok(puzzle) => puzzles.push(puzzle),
            Err(why) => errors.push(error(why)),
        }
    }
    (puzzles, errors)
}

/// One puzzle line of the file of `preset`.
fn parse_line(preset: &'static str, line: &str) -> Result<Puzzle, String> {
    let fields: Vec<&str> = line.split(';').map(str::trim).collect();
    let [id, position, solution, themes, rating, nodes] = fields[..] else {
        return Err(format!(
            "{} fields, expected 6: id ; position ; solution ; themes ; rating ; nodes",
            fields.len()
        ));
    };
    check_id(preset, id)?;
    let mut game =
        AnyGame::new(preset, Some(position)).map_err(|e| format!("{id}: position: {e}"))?;
    if game.outcome().is_some() {
        return Err(format!("{id}: the position's game is already over"));
    }
    let side = crate::db::side_text(game.side());
    let size = game.size();
    let texts: Vec<&str> = solution.split_whitespace().collect();
    if texts.len() % 2 == 0 || texts.len() > MAX_SOLUTION {
        return Err(format!(
            "{id}: {} solution moves, expected 1, 3 or 5",
            texts.len()
        ));
    }
    let mut moves = Vec::with_capacity(texts.len());
    for (ply, text) in texts.iter().enumerate() {
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
    let themes = parse_themes(id, themes, moves.len().div_ceil(2))?;
    let rating = rating
        .parse::<u32>()
        .ok()
        .filter(|r| (1..=4000).contains(r))
        .ok_or_else(|| format!("{id}: rating '{rating}' is not a number from 1 to 4000"))?;
    let nodes = nodes
        .parse::<u64>()
        .map_err(|_| format!("{id}: nodes '{nodes}' is not a number"))?;
    Ok(Puzzle {
        id: id.to_string(),
        preset,
        position: position.to_string(),
        side,
        size,
        solution: moves,
        themes,
        rating,
        nodes,
    })
}

/// Checks that `id` is `PRESET-NNNN`: the file's preset, a dash, four or more digits.
fn check_id(preset: &str, id: &str) -> Result<(), String> {
    let digits = id
        .strip_prefix(preset)
        .and_then(|rest| rest.strip_prefix('-'))
        .filter(|d| d.len() >= 4 && d.len() <= 12 && d.bytes().all(|b| b.is_ascii_digit()));
    match digits {
        Some(_) => Ok(()),
        None => Err(format!(
            "id '{id}' is not '{preset}-' and four or more digits"
        )),
    }
}

/// The themes of a line whose solution has `solver_moves` solver moves: known names, each once,
/// `capture` or `win`, and exactly one of `in1`/`in2`/`in3`, the one that matches.
fn parse_themes(id: &str, text: &str, solver_moves: usize) -> Result<Vec<Theme>, String> {
    let mut themes = Vec::new();
    for name in text.split(',').map(str::trim) {
        let theme = Theme::named(name).ok_or_else(|| format!("{id}: unknown theme '{name}'"))?;
        if themes.contains(&theme) {
            return Err(format!("{id}: theme '{name}' twice"));
        }
        themes.push(theme);
    }
    themes.sort();
    if !themes.contains(&Theme::Capture) && !themes.contains(&Theme::Win) {
        return Err(format!("{id}: neither 'capture' nor 'win'"));
    }
    let lengths: Vec<usize> = themes.iter().filter_map(|t| t.solver_moves()).collect();
    if lengths != [solver_moves] {
        return Err(format!(
            "{id}: the themes must say in{solver_moves} (once) for {solver_moves} solver moves"
        ));
    }
    Ok(themes)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// The first error of `GOOD` with its puzzle line replaced by `line`.
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
                format!("hasami-0001 ; 9/9 b ; a6e6 ; capture,in1 ; 900 ; 1"),
                "position",
            ),
            (
                format!("hasami-0001 ; {pos} ; a6b7 ; capture,in1 ; 900 ; 1"),
                "move 1",
            ),
            (
                format!("hasami-0001 ; {pos} ; a6e6 e5e4 ; capture,in1 ; 900 ; 1"),
                "solution moves",
            ),
            (
                format!("hasami-0001 ; {pos} ; a6e6 ; capture,in2 ; 900 ; 1"),
                "in1",
            ),
            (
                format!("hasami-0001 ; {pos} ; a6e6 ; in1 ; 900 ; 1"),
                "capture",
            ),
            (
                format!("hasami-0001 ; {pos} ; a6e6 ; capture,pin,in1 ; 900 ; 1"),
                "unknown theme",
            ),
            (
                format!("hasami-0001 ; {pos} ; a6e6 ; capture,capture,in1 ; 900 ; 1"),
                "twice",
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
    fn the_variant_line_comes_first() {
        let (puzzles, errors) = parse_file("agon", GOOD);
        assert!(puzzles.is_empty());
        assert_eq!(errors[0].line, 3);
        assert!(errors[0].why.contains("variant agon"));
    }
}
