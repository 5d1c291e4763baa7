//! `hasami-lab nnue endings`: endings with a lead, taken from data files as a suite that `nnue gen
//! --suite` plays out (docs/eval.md, "Strength and speed").

use std::collections::HashSet;
use std::path::PathBuf;

use clap::Args;
use hasami_core::suite::suite_text;
use hasami_core::{BitBoard, SplitMix64};

use super::files;
use super::record::Record;
use crate::CliError;

/// The lead, in pieces, an ending must have (as the conversion suites count a lead).
const LEAD: u32 = 2;

/// Arguments of `nnue endings`.
#[derive(Args)]
pub struct EndingsArgs {
    /// Data files written by `nnue gen`, all of one variant.
    #[arg(long, num_args = 1.., required = true)]
    data: Vec<PathBuf>,
    /// The fewest pieces on the board (both sides).
    #[arg(long)]
    min_pieces: u32,
    /// The most pieces on the board (both sides).
    #[arg(long)]
    max_pieces: u32,
    /// Records of a file between two positions taken (so that one game gives few).
    #[arg(long, default_value_t = 150)]
    every: u64,
    /// Seed of the suite's order.
    #[arg(long, default_value_t = 5)]
    seed: u64,
    /// Output suite file.
    #[arg(long)]
    out: PathBuf,
}

/// What an ending must be: a lead of [`LEAD`] or more, `pieces` on the board, at least `every` records
/// after the last one taken from its file.
struct Filter {
    pieces: std::ops::RangeInclusive<u32>,
    every: u64,
}

impl Filter {
    /// The endings among `records` (one file's, in order) that are not in `seen`, each added to it.
    fn take(&self, records: &[Record], seen: &mut HashSet<[BitBoard; 2]>) -> Vec<Record> {
        let mut taken = Vec::new();
        let mut last: Option<u64> = None;
        for (i, r) in (0u64..).zip(records) {
            let (black, white) = (r.pieces[0].len(), r.pieces[1].len());
            if last.is_some_and(|l| i - l < self.every)
                || black.abs_diff(white) < LEAD
                || !self.pieces.contains(&(black + white))
                || !seen.insert(r.pieces)
            {
                continue;
            }
            last = Some(i);
            taken.push(*r);
        }
        taken
    }
}

/// Runs `hasami-lab nnue endings`.
pub fn run(a: &EndingsArgs) -> Result<(), CliError> {
    if a.min_pieces > a.max_pieces || a.every == 0 {
        return Err(CliError::Usage(
            "--min-pieces at most --max-pieces, --every at least 1".into(),
        ));
    }
    let filter = Filter {
        pieces: a.min_pieces..=a.max_pieces,
        every: a.every,
    };
    let (rules, files) = files::read_data_files(&a.data)?;
    let mut seen = HashSet::new();
    let mut lines = Vec::new();
    for records in &files {
        for e in filter.take(records, &mut seen) {
            let mut quiet_reset = e;
            quiet_reset.quiet = 0;
            lines.push(quiet_reset.position(rules).to_string());
        }
    }
    SplitMix64(a.seed).shuffle(&mut lines);
    let about = format!(
        "endings with a lead of {LEAD} or more and {} to {} pieces, one in {} records at most, from {}",
        a.min_pieces,
        a.max_pieces,
        a.every,
        a.data
            .iter()
            .map(|p| p.display().to_string().replace(['\n', '\r'], " "))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let variant = rules.to_string();
    std::fs::write(&a.out, suite_text(&variant, &about, &lines))?;
    println!("{}: {} positions", a.out.display(), lines.len());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::record::Result3;
    use hasami_core::{HasamiPosition, HasamiRules, Side};

    fn record(black: u32, white: u32, shift: u32) -> Record {
        let rules = HasamiRules::parse("hasami").expect("preset");
        let squares: Vec<_> = rules.board.iter().collect();
        let mut pieces = [BitBoard::EMPTY; 2];
        for i in 0..black {
            pieces[0] |= BitBoard::from_square(squares[(i + shift) as usize]);
        }
        for i in 0..white {
            pieces[1] |= BitBoard::from_square(squares[(40 + i + shift) as usize]);
        }
        let pos = HasamiPosition::from_pieces(rules, pieces, Side::First, 7);
        Record::new(&pos, Result3::Drawn, 0, 0)
    }

    #[test]
    fn an_ending_needs_a_lead_its_piece_count_spacing_and_to_be_new() {
        let filter = Filter {
            pieces: 6..=11,
            every: 3,
        };
        let records = [
            record(6, 4, 0), // taken
            record(7, 3, 1), // too soon after the last taken
            record(5, 4, 2), // a lead of one
            record(4, 6, 3), // taken: White leads
            record(9, 4, 4), // 13 pieces
            record(4, 2, 5), // too soon after record 3
            record(4, 2, 6), // taken
            record(6, 4, 0), // taken before
        ];
        let mut seen = HashSet::new();
        let taken = filter.take(&records, &mut seen);
        assert_eq!(taken, [records[0], records[3], records[6]]);
        assert!(filter.take(&records[..1], &mut seen).is_empty());
    }
}
