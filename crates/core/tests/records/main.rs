//! Game records (docs/records.md): round trips, canonical writing, lenient reading, every error with
//! its line and column, and the sample records of tests/data/records/. One test binary; a file per
//! part: writing and reading back (`writing.rs`), errors (`errors.rs`), the sample files
//! (`samples.rs`).

mod errors;
mod samples;
mod writing;

use hasami_core::LINE_WIDTH;
use hasami_core::{
    HasamiGame, HasamiPosition, HasamiRecord, HasamiRules, Move, Preset, RecordError,
    RecordErrorKind as K, RecordResult, ReplayError,
};

/// A small deterministic generator (xorshift64).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A game of random legal moves, to its end or `max_plies`.
fn random_game(variant: &str, seed: u64, max_plies: usize) -> HasamiGame {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut game = HasamiGame::new(HasamiRules::parse(variant).unwrap());
    while game.outcome().is_none() && game.played().len() < max_plies {
        let moves = game.legal_moves();
        game.play(moves[rng.below(moves.len())]).unwrap();
    }
    game
}

/// parse → write → parse gives an equal record, and write → parse → write the same text.
fn assert_round_trip(text: &str) -> HasamiRecord {
    let record = HasamiRecord::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let written = record.to_string();
    let again = HasamiRecord::parse(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(again, record, "{written}");
    assert_eq!(again.to_string(), written);
    record
}

fn parse_err(text: &str) -> RecordError {
    match HasamiRecord::parse(text) {
        Ok(r) => panic!("parsed, but should fail:\n{text}\nas\n{r}"),
        Err(e) => e,
    }
}

/// Checks the place of an error and that its message starts with it.
fn assert_at(e: &RecordError, line: usize, column: usize) {
    assert_eq!((e.line, e.column), (line, column), "{e}");
    assert!(
        e.to_string()
            .starts_with(&format!("line {line}, column {column}: ")),
        "{e}"
    );
}

/// The sample records of tests/data/records/.
fn data_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records")
}
