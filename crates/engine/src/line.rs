//! Reading input line by line within a bound: terminal play, the UGI engine's commands and the
//! replies of engines that `hasami-lab match` runs. A line longer than the bound is read to its end a
//! bounded piece at a time and refused, so no input can make a reader hold more than the bound.

use std::io::{self, BufRead, Read};

/// The longest line of the engine protocol read (a `position … moves …` line of a 1,000-ply game
/// is about 5 KiB): UGI commands, and the replies of engines that `hasami-lab match` runs.
pub const PROTOCOL_LINE: u64 = 1 << 20;

/// Why a line of input was refused (it changes nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadLine {
    /// Bytes that are not UTF-8 text.
    NotText,
    /// More bytes than the bound, which this holds.
    TooLong(u64),
}

impl std::fmt::Display for BadLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadLine::NotText => f.write_str("that line is not UTF-8 text"),
            BadLine::TooLong(max) => write!(f, "that line is longer than {max} bytes"),
        }
    }
}

/// The next line of `input` without its line break (`\n` or `\r\n`), keeping at most `max` bytes:
/// `None` at the end of input, `Some(Err(_))` for a line that is not text or is too long (read to
/// its end and dropped).
pub fn read_line(
    input: &mut impl BufRead,
    max: u64,
) -> io::Result<Option<Result<String, BadLine>>> {
    let mut bytes = Vec::new();
    let n = (&mut *input).take(max + 1).read_until(b'\n', &mut bytes)?;
    if n == 0 {
        return Ok(None);
    }
    if bytes.last() != Some(&b'\n') && n as u64 > max {
        // Skip the rest of the long line, a bounded piece at a time.
        let mut rest = Vec::new();
        while (&mut *input).take(max).read_until(b'\n', &mut rest)? > 0
            && rest.last() != Some(&b'\n')
        {
            rest.clear();
        }
        return Ok(Some(Err(BadLine::TooLong(max))));
    }
    while matches!(bytes.last(), Some(b'\n' | b'\r')) {
        bytes.pop();
    }
    Ok(Some(String::from_utf8(bytes).map_err(|_| BadLine::NotText)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn lines_are_read_bounded_and_checked() {
        let mut long = vec![b'a'; 10_000];
        long.extend_from_slice(b"\nmoves\r\n\xff\nlast");
        let mut input = std::io::Cursor::new(long);
        let mut next = || read_line(&mut input, 4096).unwrap();
        assert_eq!(next(), Some(Err(BadLine::TooLong(4096))));
        assert_eq!(next(), Some(Ok("moves".to_string())));
        assert_eq!(next(), Some(Err(BadLine::NotText)));
        assert_eq!(next(), Some(Ok("last".to_string())));
        assert_eq!(next(), None);
    }

    #[test]
    fn a_line_of_exactly_the_bound_is_read() {
        let mut text = vec![b'x'; 8];
        text.extend_from_slice(b"\n123456789\n");
        let mut input = std::io::Cursor::new(text);
        assert_eq!(read_line(&mut input, 8).unwrap(), Some(Ok("x".repeat(8))));
        assert_eq!(
            read_line(&mut input, 8).unwrap(),
            Some(Err(BadLine::TooLong(8)))
        );
        assert_eq!(read_line(&mut input, 8).unwrap(), None);
    }

    proptest! {
        /// Any bytes: every line within the bound comes back as `split` on `\n` gives it (with
        /// trailing `\r` dropped), every longer one is refused, and nothing is left over.
        #[test]
        fn lines_are_the_input_split_at_line_breaks(
            bytes in proptest::collection::vec(
                prop_oneof![Just(b'\n'), Just(b'\r'), Just(0xffu8), 0x20u8..0x7f],
                0..400,
            ),
            max in 1u64..40,
        ) {
            let mut want = Vec::new();
            let mut parts: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
            if bytes.last() == Some(&b'\n') || bytes.is_empty() {
                parts.pop();
            }
            for part in parts {
                if part.len() as u64 > max {
                    want.push(Err(BadLine::TooLong(max)));
                    continue;
                }
                let mut line = part.to_vec();
                while line.last() == Some(&b'\r') {
                    line.pop();
                }
                want.push(String::from_utf8(line).map_err(|_| BadLine::NotText));
            }
            let mut input = std::io::Cursor::new(bytes.clone());
            let mut got = Vec::new();
            while let Some(line) = read_line(&mut input, max).unwrap() {
                got.push(line);
            }
            prop_assert_eq!(got, want);
        }
    }
}
