//! The board, squares and move texts (A1.1, A3.5).

use crate::rules::Side;

/// board[rank][file], both 0-based; rank 0 is rank 1 (Black's edge).
pub(crate) type Board = Vec<Vec<Option<Side>>>;

pub(crate) const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub(crate) const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// A square as (file, rank), both 0-based.
pub(crate) type Sq = (usize, usize);

pub(crate) fn square_name(sq: Sq) -> String {
    format!("{}{}", (b'a' + sq.0 as u8) as char, sq.1 + 1)
}

/// Parses a square like `e5` or `E5` (A1.1).
pub(crate) fn parse_square(text: &str, n: usize) -> Result<Sq, String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() < 2 || !chars[0].is_ascii_alphabetic() {
        return Err(format!("bad square '{text}'"));
    }
    let file_char = chars[0].to_ascii_lowercase();
    let rank_text: String = chars[1..].iter().collect();
    if !rank_text.chars().all(|c| c.is_ascii_digit()) || rank_text.len() > 3 {
        return Err(format!("bad square '{text}'"));
    }
    let rank: usize = rank_text
        .parse()
        .map_err(|_| format!("bad square '{text}'"))?;
    let file = (file_char as u8 - b'a') as usize;
    if file >= n || rank < 1 || rank > n {
        return Err(format!("square '{text}' is off the {n}x{n} board"));
    }
    Ok((file, rank - 1))
}

/// Parses a move text `e1e5` / `e1-e5`, any case (A3.5).
pub(crate) fn parse_move(text: &str, n: usize) -> Result<(Sq, Sq), String> {
    let t = text.trim();
    let chars: Vec<char> = t.chars().collect();
    // The from-square is a letter followed by digits.
    let mut i = 1;
    while i < chars.len() && chars[i].is_ascii_digit() {
        i += 1;
    }
    if chars.is_empty() || i == 1 {
        return Err(format!("bad move '{text}': expected e.g. e1e5 or e1-e5"));
    }
    let from_text: String = chars[..i].iter().collect();
    let mut j = i;
    if j < chars.len() && chars[j] == '-' {
        j += 1;
    }
    let to_text: String = chars[j..].iter().collect();
    let from = parse_square(&from_text, n).map_err(|e| format!("bad move '{text}': {e}"))?;
    let to = parse_square(&to_text, n).map_err(|e| format!("bad move '{text}': {e}"))?;
    Ok((from, to))
}
