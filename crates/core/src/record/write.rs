//! The record writer: canonical text (docs/records.md, "Writing").

use std::fmt::{self, Write as _};

use super::{tag_rank, Record, RecordMove, RecordResult, RESERVED_TAGS};
use crate::position::Position;
use crate::types::side::Side;

/// Lines of move text are broken before they would pass this many characters.
pub const LINE_WIDTH: usize = 80;

/// A tag value between quotes: `\` and `"` escaped, line breaks turned into spaces.
fn tag_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Joins units with spaces, breaking lines before [`LINE_WIDTH`].
struct Lines {
    out: String,
    column: usize,
}

impl Lines {
    fn push(&mut self, unit: &str) {
        let width = unit.chars().count();
        if self.column > 0 {
            if self.column + 1 + width > LINE_WIDTH {
                self.out.push('\n');
                self.column = 0;
            } else {
                self.out.push(' ');
                self.column += 1;
            }
        }
        self.out.push_str(unit);
        self.column += width;
    }

    /// Pushes a comment word by word (so it wraps like the moves), in braces, with `\\` and `}`
    /// escaped. Returns false (and pushes nothing) for an empty comment.
    fn comment(&mut self, text: &str) -> bool {
        let mut words = text.split_whitespace().peekable();
        let mut first = true;
        while let Some(word) = words.next() {
            let mut unit = String::with_capacity(word.len() + 2);
            if first {
                unit.push('{');
                first = false;
            }
            for c in word.chars() {
                if matches!(c, '\\' | '}') {
                    unit.push('\\');
                }
                unit.push(c);
            }
            if words.peek().is_none() {
                unit.push('}');
            }
            self.push(&unit);
        }
        !first
    }
}

/// What the writer needs of a record of either family.
struct Parts<'a> {
    /// Canonical variant text.
    pub variant: String,
    /// Other tags.
    pub tags: &'a [(String, String)],
    /// The family's names of the players (their tags go first).
    pub players: [&'static str; 2],
    /// Position text of a start that is not the variant's.
    pub position: Option<String>,
    /// The result.
    pub result: RecordResult,
    /// The game comment.
    pub comment: Option<&'a str>,
    /// The moves.
    pub moves: &'a [RecordMove],
    /// The side to move at the start.
    pub side: Side,
    /// The start's move number.
    pub number: u32,
}

/// The canonical text: the tags (Variant, players, Date, Position, Result, Termination, then the
/// others), a blank line, the numbered moves with capture annotations and comments wrapped at 80
/// columns (comments too, word by word), and the result on a line of its own.
fn write(f: &mut fmt::Formatter<'_>, p: Parts<'_>) -> fmt::Result {
    let write_tag = |f: &mut fmt::Formatter<'_>, name: &str, value: &str| {
        writeln!(f, "[{name} \"{}\"]", tag_value(value))
    };
    write_tag(f, "Variant", &p.variant)?;
    let mut tags: Vec<&(String, String)> = p
        .tags
        .iter()
        .filter(|(n, _)| !RESERVED_TAGS.contains(&n.as_str()))
        .collect();
    tags.sort_by_key(|(n, _)| tag_rank(p.players, n));
    for (name, value) in tags.iter().filter(|(n, _)| tag_rank(p.players, n) < 3) {
        write_tag(f, name, value)?;
    }
    if let Some(start) = &p.position {
        write_tag(f, "Position", start)?;
    }
    write_tag(f, "Result", p.result.token())?;
    for (name, value) in tags.iter().filter(|(n, _)| tag_rank(p.players, n) >= 3) {
        write_tag(f, name, value)?;
    }
    f.write_str("\n")?;

    let mut lines = Lines {
        out: String::new(),
        column: 0,
    };
    let mut numbered = false;
    if let Some(c) = p.comment {
        lines.comment(c);
    }
    let mut side = p.side;
    let mut number = p.number;
    for m in p.moves {
        let mut unit = String::new();
        if side == Side::First {
            let _ = write!(unit, "{number}. ");
        } else if !numbered {
            let _ = write!(unit, "{number}... ");
        }
        let _ = write!(unit, "{}", m.mv);
        for sq in m.captured {
            let _ = write!(unit, "x{sq}");
        }
        lines.push(&unit);
        numbered = true;
        if m.comment.as_deref().is_some_and(|c| lines.comment(c)) {
            numbered = false;
        }
        if side == Side::Second {
            number = number.saturating_add(1);
        }
        side = !side;
    }
    if !lines.out.is_empty() {
        writeln!(f, "{}", lines.out)?;
    }
    writeln!(f, "{}", p.result)
}

impl<P: Position> fmt::Display for Record<P> {
    /// The canonical text (`docs/records.md`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let start = self.start.unwrap_or_else(|| P::start(self.rules));
        write(
            f,
            Parts {
                variant: self.rules.to_string(),
                tags: &self.tags,
                players: P::SIDE_NAMES,
                position: self.start.map(|s| s.to_string()),
                result: self.result,
                comment: self.comment.as_deref(),
                moves: &self.moves,
                side: start.side(),
                number: start.fullmove(),
            },
        )
    }
}
