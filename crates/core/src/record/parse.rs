//! The record reader: tags, then move text, replayed with the rules as it is read.

use std::collections::HashSet;

use super::error::{RecordError, RecordErrorKind as K};
use super::family::Recordable;
use super::{sort_tags, squares_text, AnyRecord, Record, RecordMove, RecordResult, RESERVED_TAGS};
use crate::game::Game;
use crate::hasami::{HasamiPosition, HasamiRules};
use crate::shogun::ShogunPosition;
use crate::types::bitboard::BitBoard;
use crate::types::mv::Move;
use crate::types::square::Square;
use crate::variant::{ParseVariantError, Variant};

/// A place in the text: line and column (characters), both from 1.
#[derive(Debug, Clone, Copy)]
struct Loc {
    line: usize,
    column: usize,
}

impl Loc {
    fn err(self, kind: K) -> RecordError {
        RecordError {
            line: self.line,
            column: self.column,
            kind,
        }
    }

    /// The place `n` characters further on the same line.
    fn right(self, n: usize) -> Loc {
        Loc {
            line: self.line,
            column: self.column + n,
        }
    }
}

struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    column: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Cursor<'a> {
        let mut c = Cursor {
            text,
            pos: 0,
            line: 1,
            column: 1,
        };
        if c.peek() == Some('\u{feff}') {
            c.pos += '\u{feff}'.len_utf8();
        }
        c
    }

    fn loc(&self) -> Loc {
        Loc {
            line: self.line,
            column: self.column,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text.get(self.pos..)?.chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// Skips spaces and tabs (not line breaks).
    fn skip_blanks(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.bump();
        }
    }

    /// A run of characters up to white space or one of `{}[]`.
    fn word(&mut self) -> &'a str {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| !c.is_whitespace() && !matches!(c, '{' | '}' | '[' | ']'))
        {
            self.bump();
        }
        self.text.get(start..self.pos).unwrap_or_default()
    }
}

struct Tag {
    name: String,
    value: String,
    at: Loc,
    value_at: Loc,
}

/// Reads `[Name "value"]`; the cursor is on the `[`.
fn tag(cur: &mut Cursor) -> Result<Tag, RecordError> {
    let at = cur.loc();
    cur.bump();
    cur.skip_blanks();
    let name_at = cur.loc();
    let mut name = String::new();
    while let Some(c) = cur
        .peek()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
    {
        name.push(c);
        cur.bump();
    }
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return Err(name_at.err(K::BadTag(
            "expected a tag name (letters, digits and '_', starting with a letter) after '['"
                .into(),
        )));
    }
    cur.skip_blanks();
    let value_at = cur.loc();
    if cur.peek() != Some('"') {
        return Err(value_at.err(K::BadTag(format!(
            "expected a value in double quotes after the tag name {name}"
        ))));
    }
    cur.bump();
    let mut value = String::new();
    loop {
        let here = cur.loc();
        match cur.peek() {
            None | Some('\n' | '\r') => {
                return Err(value_at.err(K::BadTag(format!(
                    "the value of tag {name} has no closing '\"' on its line"
                ))))
            }
            Some('"') => {
                cur.bump();
                break;
            }
            Some('\\') => {
                cur.bump();
                match cur.peek() {
                    Some(c @ ('"' | '\\')) => {
                        value.push(c);
                        cur.bump();
                    }
                    _ => {
                        return Err(here.err(K::BadTag(format!(
                            "bad escape in the value of tag {name} (only \\\" and \\\\ are allowed)"
                        ))))
                    }
                }
            }
            Some(c) => {
                value.push(c);
                cur.bump();
            }
        }
    }
    cur.skip_blanks();
    if cur.peek() != Some(']') {
        return Err(cur.loc().err(K::BadTag(format!(
            "expected ']' after the value of tag {name}"
        ))));
    }
    cur.bump();
    Ok(Tag {
        name,
        value,
        at,
        value_at,
    })
}

/// Reads a comment; the cursor is on the `{`. Returns its words (escapes resolved) joined by single
/// spaces.
fn comment(cur: &mut Cursor) -> Result<String, RecordError> {
    let at = cur.loc();
    cur.bump();
    let mut text = String::new();
    loop {
        match cur.bump() {
            None => return Err(at.err(K::UnterminatedComment)),
            Some('}') => break,
            Some('\\') => match cur.peek() {
                Some(c @ ('}' | '\\')) => {
                    text.push(c);
                    cur.bump();
                }
                _ => text.push('\\'),
            },
            Some(c) => text.push(c),
        }
    }
    Ok(text.split_whitespace().collect::<Vec<_>>().join(" "))
}

fn add_comment(slot: &mut Option<String>, text: String) {
    if text.is_empty() {
        return;
    }
    match slot {
        Some(s) => {
            s.push(' ');
            s.push_str(&text);
        }
        None => *slot = Some(text),
    }
}

fn bad(at: Loc, text: &str, reason: impl Into<String>) -> RecordError {
    at.err(K::BadMoveText {
        text: text.to_string(),
        reason: reason.into(),
    })
}

/// Reads a move with an optional capture annotation (`e1e5`, `e1-e5xe6xe7`).
fn move_token(
    text: &str,
    at: Loc,
    size: u8,
) -> Result<(Move, Option<(BitBoard, Loc)>), RecordError> {
    let mut parts = text.split(['x', 'X']);
    let head = parts.next().unwrap_or_default();
    let mv = Move::parse(head, size).map_err(|e| bad(at, text, e.to_string()))?;
    let mut offset = head.chars().count();
    let mut annotation: Option<(BitBoard, Loc)> = None;
    for part in parts {
        let x_at = at.right(offset);
        offset += 1 + part.chars().count();
        if part.is_empty() {
            return Err(bad(
                x_at,
                text,
                "a capture annotation is 'x' followed by a square, like e1e5xe6",
            ));
        }
        let sq = Square::parse(part, size).map_err(|e| {
            bad(
                x_at,
                text,
                format!("bad square in the capture annotation: {e}"),
            )
        })?;
        let (set, _) = annotation.get_or_insert((BitBoard::EMPTY, x_at));
        if set.has(sq) {
            return Err(bad(
                x_at,
                text,
                format!("{sq} appears twice in the capture annotation"),
            ));
        }
        *set = set.with(sq);
    }
    Ok((mv, annotation))
}

/// If `word` starts with a move number (`12.` or `12...`), returns the number, and the rest of the
/// word after the dots.
fn move_number(word: &str, at: Loc) -> Result<(u32, &str), RecordError> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let (num, rest) = word.split_at(digits);
    let dots = rest.bytes().take_while(|&b| b == b'.').count();
    let hint = "expected a move number (12. or 12...), a move or a result";
    if dots != 1 && dots != 3 {
        return Err(bad(at, word, hint));
    }
    let n: u32 = num
        .parse()
        .map_err(|_| bad(at, word, "the move number is too large"))?;
    Ok((n, &rest[dots..]))
}

/// Reads the tags at the start of a record (duplicates are an error).
fn read_tags(cur: &mut Cursor) -> Result<Vec<Tag>, RecordError> {
    let mut tags: Vec<Tag> = Vec::new();
    let mut names = HashSet::new();
    loop {
        cur.skip_ws();
        if cur.peek() != Some('[') {
            break;
        }
        let t = tag(cur)?;
        if !names.insert(t.name.clone()) {
            return Err(t.at.err(K::DuplicateTag(t.name)));
        }
        tags.push(t);
    }
    Ok(tags)
}

/// The `Result` tag, if any.
fn result_tag(tags: &[Tag]) -> Result<Option<RecordResult>, RecordError> {
    match tags.iter().find(|t| t.name == "Result") {
        None => Ok(None),
        Some(t) => Ok(Some(
            RecordResult::from_token(t.value.trim())
                .ok_or_else(|| t.value_at.err(K::BadResultTag(t.value.clone())))?,
        )),
    }
}

/// The tags kept in a record's `tags` field, in canonical order for the family's `players`.
fn other_tags(tags: &[Tag], players: [&str; 2]) -> Vec<(String, String)> {
    let mut other: Vec<_> = tags
        .iter()
        .filter(|t| !RESERVED_TAGS.contains(&t.name.as_str()))
        .map(|t| (t.name.clone(), t.value.clone()))
        .collect();
    sort_tags(&mut other, players);
    other
}

/// The game as the move text is replayed.
trait Replay {
    /// Board side, for move text.
    fn size(&self) -> u8;
    /// The number of the next move.
    fn fullmove(&self) -> u32;
    /// When the game ended by rule with another result than `token`: the error to report.
    fn disagrees(&self, token: RecordResult) -> Option<K>;
    /// Plays a move; returns the squares it captured, or the error (illegal, after the end).
    fn play(&mut self, mv: Move) -> Result<BitBoard, K>;
}

impl<P: Recordable> Replay for Game<P> {
    fn size(&self) -> u8 {
        self.position().size()
    }

    fn fullmove(&self) -> u32 {
        self.position().fullmove()
    }

    fn disagrees(&self, token: RecordResult) -> Option<K> {
        let outcome = self.outcome()?;
        (RecordResult::of(Some(outcome)) != token).then(|| P::result_mismatch(token, outcome))
    }

    fn play(&mut self, mv: Move) -> Result<BitBoard, K> {
        match (Game::play(self, mv), self.outcome()) {
            (Ok(p), _) => Ok(P::captured_squares(p.captured)),
            (Err(e), Some(outcome)) if e == P::game_over() => Err(P::move_after_end(mv, outcome)),
            (Err(error), _) => Err(P::illegal_move(mv, error)),
        }
    }
}

/// What the move text gives a record: the comment before the first move, the moves, the result.
type MoveText = (Option<String>, Vec<RecordMove>, RecordResult);

/// Reads the move text up to and including the result, replaying it on `game`. Comments go to the
/// record's comment (before the first move) or to their move.
fn read_moves(
    cur: &mut Cursor,
    mut game: impl Replay,
    tag_result: Option<RecordResult>,
) -> Result<MoveText, RecordError> {
    let mut comment = None;
    let mut moves: Vec<RecordMove> = Vec::new();
    let size = game.size();
    loop {
        cur.skip_ws();
        let at = cur.loc();
        match cur.peek() {
            None => return Err(at.err(K::MissingResult)),
            Some('{') => {
                let text = self::comment(cur)?;
                let slot = match moves.last_mut() {
                    Some(m) => &mut m.comment,
                    None => &mut comment,
                };
                add_comment(slot, text);
                continue;
            }
            Some('[') => {
                return Err(at.err(K::Unexpected {
                    found: '[',
                    hint: "tags go before the first move",
                }))
            }
            Some(c @ ('}' | ']')) => {
                return Err(at.err(K::Unexpected {
                    found: c,
                    hint: "it closes nothing",
                }))
            }
            Some(_) => {}
        }
        let word = cur.word();
        if let Some(token) = RecordResult::from_token(word) {
            if let Some(tag) = tag_result.filter(|&t| t != token) {
                return Err(at.err(K::ResultTagMismatch { token, tag }));
            }
            if let Some(kind) = game.disagrees(token) {
                return Err(at.err(kind));
            }
            cur.skip_ws();
            if cur.peek().is_some() {
                let after = cur.loc();
                let mut rest = cur.word().to_string();
                if rest.is_empty() {
                    rest.extend(cur.peek());
                }
                return Err(after.err(K::TextAfterResult(rest)));
            }
            return Ok((comment, moves, token));
        }
        let mut move_text = word;
        let mut move_at = at;
        if word.starts_with(|c: char| c.is_ascii_digit()) {
            let (n, rest) = move_number(word, at)?;
            let expected = game.fullmove();
            if n != expected {
                return Err(at.err(K::MoveNumber { found: n, expected }));
            }
            if rest.is_empty() {
                continue;
            }
            move_at = at.right(word.len() - rest.len());
            move_text = rest;
        }
        let (mv, annotation) = move_token(move_text, move_at, size)?;
        let captured = game.play(mv).map_err(|kind| move_at.err(kind))?;
        if let Some((set, x_at)) = annotation {
            if set != captured {
                return Err(x_at.err(K::CaptureMismatch {
                    mv,
                    annotated: squares_text(set),
                    actual: squares_text(captured),
                }));
            }
        }
        moves.push(RecordMove {
            mv,
            captured,
            comment: None,
        });
    }
}

/// Reads a record of the family `P`.
pub(super) fn parse<P: Recordable>(text: &str) -> Result<Record<P>, RecordError> {
    let mut cur = Cursor::new(text);
    let tags = read_tags(&mut cur)?;
    let Some(variant) = tags.iter().find(|t| t.name == "Variant") else {
        return Err(cur.loc().err(K::MissingVariant));
    };
    let rules = P::parse_rules(&variant.value).map_err(|kind| variant.value_at.err(kind))?;
    family(&mut cur, &tags, rules)
}

/// The rest of a record of the family `P` after its tags.
fn family<P: Recordable>(
    cur: &mut Cursor,
    tags: &[Tag],
    rules: &'static P::Rules,
) -> Result<Record<P>, RecordError> {
    let start = match tags.iter().find(|t| t.name == "Position") {
        None => None,
        Some(t) => {
            Some(P::from_text(&t.value, rules).map_err(|e| t.value_at.err(P::bad_position(e)))?)
        }
    };
    let tag_result = result_tag(tags)?;
    // In Shogun the Position's seed and rotation choose the magnet board (docs/shogun.md).
    let mut record = Record::new(start.map_or(rules, |p| p.rules()));
    record.start = start.filter(|p| *p != P::start(p.rules()));
    record.tags = other_tags(tags, P::SIDE_NAMES);
    let game = Game::from_position(record.start_position());
    (record.comment, record.moves, record.result) = read_moves(cur, game, tag_result)?;
    Ok(record)
}

/// Reads a record of either family, by its `Variant` tag.
pub(super) fn parse_any(text: &str) -> Result<AnyRecord, RecordError> {
    let mut cur = Cursor::new(text);
    let tags = read_tags(&mut cur)?;
    let Some(variant) = tags.iter().find(|t| t.name == "Variant") else {
        return Err(cur.loc().err(K::MissingVariant));
    };
    match Variant::parse(&variant.value) {
        Ok(Variant::Hasami(rules)) => Ok(AnyRecord::Hasami(family::<HasamiPosition>(
            &mut cur, &tags, rules,
        )?)),
        Ok(Variant::Shogun(rules)) => Ok(AnyRecord::Shogun(family::<ShogunPosition>(
            &mut cur, &tags, rules,
        )?)),
        Err(ParseVariantError::Shogun(e)) => Err(variant.value_at.err(K::BadShogunVariant(e))),
        Err(_) => {
            // The Hasami parser's message, as `HasamiRecord::parse` gives it.
            let e = HasamiRules::parse(&variant.value)
                .err()
                .unwrap_or(crate::hasami::VariantError::Empty);
            Err(variant.value_at.err(K::BadVariant(e)))
        }
    }
}
