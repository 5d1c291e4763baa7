//! The training data of `hasami-lab nnue`: positions with the game's result, the search's score and
//! the hand-written evaluation, 40 bytes each after a two-line text header (docs/eval.md, "Data").
//!
//! ```text
//! hasami-nnue-data 1
//! variant hasami
//! <records>
//! ```
//!
//! A record, little-endian: Black's pieces (u128, bit `rank × 10 + file` as `hasami_core::BitBoard`),
//! White's pieces (u128), the side to move (u8: 0 Black, 1 White), the result for the side to move
//! (u8: 0 lost, 1 drawn, 2 won), the plies since the last capture (u16), the search's score for the
//! side to move (i16, centi-pieces, clamped to ±32,000) and the hand-written evaluation for the side
//! to move (i16, likewise).

use std::io::{self, BufRead, Read, Write};

use hasami_core::{BitBoard, HasamiPosition, HasamiRules, Side};

/// Bytes per record.
pub const RECORD_BYTES: usize = 40;
/// The first line of a data file.
const MAGIC: &str = "hasami-nnue-data 1";
/// The most bytes a header line may have.
const MAX_HEADER: u64 = 1_000;

/// The game's end for the side to move of a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Result3 {
    /// The side to move lost.
    Lost,
    /// Drawn (by the rules or at the ply cap).
    Drawn,
    /// The side to move won.
    Won,
}

impl Result3 {
    /// 0, ½ or 1.
    pub fn points(self) -> f32 {
        match self {
            Result3::Lost => 0.0,
            Result3::Drawn => 0.5,
            Result3::Won => 1.0,
        }
    }
}

/// One position of the data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record {
    /// Black's and White's pieces.
    pub pieces: [BitBoard; 2],
    /// The side to move.
    pub side: Side,
    /// The result for the side to move.
    pub result: Result3,
    /// Plies since the last capture.
    pub quiet: u16,
    /// The search's score for the side to move.
    pub score: i16,
    /// The hand-written evaluation for the side to move.
    pub hand: i16,
}

fn clamp16(v: i32) -> i16 {
    v.clamp(-32_000, 32_000) as i16
}

impl Record {
    /// The record of `pos` with its result, score and hand-written evaluation.
    pub fn new(pos: &HasamiPosition, result: Result3, score: i32, hand: i32) -> Record {
        Record {
            pieces: [pos.pieces(Side::First), pos.pieces(Side::Second)],
            side: pos.side(),
            result,
            quiet: pos.quiet_plies().min(u32::from(u16::MAX)) as u16,
            score: clamp16(score),
            hand: clamp16(hand),
        }
    }

    /// The position again, in `rules`.
    pub fn position(&self, rules: &'static HasamiRules) -> HasamiPosition {
        HasamiPosition::from_pieces(rules, self.pieces, self.side, u32::from(self.quiet))
    }

    fn to_bytes(self) -> [u8; RECORD_BYTES] {
        let mut b = [0u8; RECORD_BYTES];
        b[0..16].copy_from_slice(&self.pieces[0].0.to_le_bytes());
        b[16..32].copy_from_slice(&self.pieces[1].0.to_le_bytes());
        b[32] = self.side.index() as u8;
        b[33] = match self.result {
            Result3::Lost => 0,
            Result3::Drawn => 1,
            Result3::Won => 2,
        };
        b[34..36].copy_from_slice(&self.quiet.to_le_bytes());
        b[36..38].copy_from_slice(&self.score.to_le_bytes());
        b[38..40].copy_from_slice(&self.hand.to_le_bytes());
        b
    }

    fn from_bytes(b: &[u8; RECORD_BYTES]) -> Result<Record, String> {
        let word = |at: usize| u128::from_le_bytes(b[at..at + 16].try_into().expect("16 bytes"));
        let side = match b[32] {
            0 => Side::First,
            1 => Side::Second,
            n => return Err(format!("side to move {n} (0 or 1)")),
        };
        let result = match b[33] {
            0 => Result3::Lost,
            1 => Result3::Drawn,
            2 => Result3::Won,
            n => return Err(format!("result {n} (0, 1 or 2)")),
        };
        let pieces = [BitBoard(word(0)), BitBoard(word(16))];
        if !(pieces[0] & pieces[1]).is_empty() {
            return Err("a square held by both sides".into());
        }
        let half = |at: usize| i16::from_le_bytes([b[at], b[at + 1]]);
        Ok(Record {
            pieces,
            side,
            result,
            quiet: u16::from_le_bytes([b[34], b[35]]),
            score: half(36),
            hand: half(38),
        })
    }
}

/// Writes the header of a data file for `variant`.
pub fn write_header(out: &mut impl Write, variant: &str) -> io::Result<()> {
    writeln!(out, "{MAGIC}\nvariant {variant}")
}

/// Writes one record.
pub fn write_record(out: &mut impl Write, r: &Record) -> io::Result<()> {
    out.write_all(&r.to_bytes())
}

fn header_line(input: &mut impl BufRead) -> Result<String, String> {
    let mut line = String::new();
    input
        .take(MAX_HEADER)
        .read_line(&mut line)
        .map_err(|e| e.to_string())?;
    if !line.ends_with('\n') {
        return Err("the header is cut short or too long".into());
    }
    Ok(line.trim_end().to_string())
}

/// Reads a data file: its variant and records, at most `max` records (a file with more is an
/// error). Every record is checked against the variant's board.
pub fn read(input: &mut impl BufRead, max: usize) -> Result<(String, Vec<Record>), String> {
    if header_line(input)? != MAGIC {
        return Err(format!("not a data file (the first line is not '{MAGIC}')"));
    }
    let variant = header_line(input)?
        .strip_prefix("variant ")
        .ok_or("the second line is not 'variant V'")?
        .to_string();
    let rules = HasamiRules::parse(&variant).map_err(|e| format!("variant '{variant}': {e}"))?;
    let mut records = Vec::new();
    let mut buf = [0u8; RECORD_BYTES];
    loop {
        match read_full(input, &mut buf) {
            Ok(false) => break,
            Ok(true) => {}
            Err(e) => return Err(format!("record {}: {e}", records.len() + 1)),
        }
        if records.len() == max {
            return Err(format!("more than {max} records"));
        }
        let r =
            Record::from_bytes(&buf).map_err(|e| format!("record {}: {e}", records.len() + 1))?;
        if !((r.pieces[0] | r.pieces[1]) & !rules.board).is_empty() {
            return Err(format!(
                "record {}: a piece off the board",
                records.len() + 1
            ));
        }
        records.push(r);
    }
    Ok((variant, records))
}

/// Fills `buf`: `Ok(false)` at a clean end of the input, an error for a record cut short.
fn read_full(input: &mut impl Read, buf: &mut [u8]) -> Result<bool, String> {
    let mut got = 0;
    while got < buf.len() {
        match input.read(&mut buf[got..]) {
            Ok(0) if got == 0 => return Ok(false),
            Ok(0) => return Err(format!("cut short after {got} of {} bytes", buf.len())),
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.to_string()),
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> (String, Vec<Record>) {
        let rules = HasamiRules::parse("hasami").unwrap();
        let pos = HasamiPosition::start(rules);
        let r = Record::new(&pos, Result3::Won, 123_456, -77);
        (
            String::from("hasami"),
            vec![
                r,
                Record {
                    side: Side::Second,
                    result: Result3::Drawn,
                    ..r
                },
            ],
        )
    }

    #[test]
    fn records_read_back_as_written_with_scores_clamped() {
        let (variant, records) = sample();
        let mut bytes = Vec::new();
        write_header(&mut bytes, &variant).unwrap();
        for r in &records {
            write_record(&mut bytes, r).unwrap();
        }
        let (v, back) = read(&mut &bytes[..], 10).unwrap();
        assert_eq!(v, "hasami");
        assert_eq!(back, records);
        assert_eq!(back[0].score, 32_000);
        assert_eq!(
            back[0]
                .position(HasamiRules::parse("hasami").unwrap())
                .pieces(Side::First)
                .len(),
            9
        );
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        let (variant, records) = sample();
        let mut bytes = Vec::new();
        write_header(&mut bytes, &variant).unwrap();
        write_record(&mut bytes, &records[0]).unwrap();
        let cut = &bytes[..bytes.len() - 3];
        assert!(read(&mut &cut[..], 10).unwrap_err().contains("cut short"));
        assert!(read(&mut &bytes[..], 0)
            .unwrap_err()
            .contains("more than 0"));
        let mut bad = bytes.clone();
        let at = bad.len() - RECORD_BYTES + 33;
        bad[at] = 7;
        assert!(read(&mut &bad[..], 10).unwrap_err().contains("result 7"));
        assert!(read(&mut &b"hello\n"[..], 10)
            .unwrap_err()
            .contains("not a data file"));
        assert!(read(&mut &b"hasami-nnue-data 1\nvariant nope\n"[..], 10).is_err());
        let mut both = bytes.clone();
        let at = both.len() - RECORD_BYTES;
        both[at + 16..at + 32].copy_from_slice(&records[0].pieces[0].0.to_le_bytes());
        assert!(read(&mut &both[..], 10).unwrap_err().contains("both sides"));
    }
}
