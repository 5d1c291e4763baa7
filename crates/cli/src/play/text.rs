//! Text fitted to an 80-column terminal: what `hasami play` says is wrapped at word boundaries, so no
//! line is wider than [`WIDTH`] columns (wide characters count 2, colour codes nothing).

use std::io::Write;

use unicode_width::UnicodeWidthChar;

/// The widest line `hasami play` prints, in terminal columns.
pub const WIDTH: usize = 80;

/// The continuation lines of a wrapped message start with this.
const INDENT: &str = "  ";

/// The columns `text` takes on a terminal: wide characters count 2, ANSI colour sequences
/// (`ESC [ … letter`) and other control characters nothing.
pub fn width(text: &str) -> usize {
    let mut columns = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // A CSI sequence ends with its first letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            columns += c.width().unwrap_or(0);
        }
    }
    columns
}

/// `text` (no colour codes) wrapped to [`WIDTH`] columns: each of its lines is broken at spaces,
/// continuation lines indented; a word wider than a line is cut. The result ends without a newline.
pub fn wrap(text: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        let mut used = 0;
        for word in paragraph.split(' ').filter(|w| !w.is_empty()) {
            let w = width(word);
            if used > 0 && used + 1 + w > WIDTH {
                lines.push(std::mem::take(&mut line));
                line.push_str(INDENT);
                used = INDENT.len();
            } else if used > 0 {
                line.push(' ');
                used += 1;
            }
            for c in word.chars() {
                let cw = c.width().unwrap_or(0);
                if used + cw > WIDTH {
                    lines.push(std::mem::take(&mut line));
                    line.push_str(INDENT);
                    used = INDENT.len();
                }
                line.push(c);
                used += cw;
            }
        }
        lines.push(line);
    }
    lines.join("\n")
}

/// Writes `text` wrapped to [`WIDTH`] columns, then a newline.
pub fn say(out: &mut impl Write, text: impl AsRef<str>) -> std::io::Result<()> {
    writeln!(out, "{}", wrap(text.as_ref()))
}

/// At most `max` characters of text a person typed, with `…` when it was longer (for messages that
/// quote it).
pub fn quote(typed: &str, max: usize) -> String {
    if typed.chars().count() <= max {
        return typed.to_string();
    }
    let mut short: String = typed.chars().take(max.saturating_sub(1)).collect();
    short.push('…');
    short
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_count_wide_characters_twice_and_colour_codes_not_at_all() {
        assert_eq!(width("e1e5"), 4);
        assert_eq!(width("はさみ将棋"), 10);
        assert_eq!(width("\x1b[1;97mW2\x1b[0m"), 2);
        assert_eq!(width("♔1 ●○"), 5);
    }

    #[test]
    fn long_text_is_wrapped_at_spaces_and_long_words_are_cut() {
        let words = "word ".repeat(40);
        let wrapped = wrap(&words);
        assert!(wrapped.lines().count() > 2);
        assert!(wrapped.lines().all(|l| width(l) <= WIDTH), "{wrapped}");
        assert!(wrapped.lines().skip(1).all(|l| l.starts_with("  word")));
        let wide = "将".repeat(100);
        let wrapped = wrap(&format!("error: '{wide}' is not a move"));
        assert!(wrapped.lines().all(|l| width(l) <= WIDTH), "{wrapped}");
        assert_eq!(wrapped.matches('将').count(), 100, "nothing is lost");
        assert_eq!(wrap("short\nlines"), "short\nlines");
        assert_eq!(quote("abcdef", 4), "abc…");
        assert_eq!(quote("abc", 4), "abc");
    }
}
