//! Training positions labelled by the endgame tables (docs/eval.md, "Data"): random placements of
//! each table of a variant, with the table's result and the score a search gives the position when
//! the tables hold it — a win or a loss at its distance, a draw 0 — in place of a search's guess.

use hasami_core::{HasamiPosition, HasamiRules, SplitMix64};
use hasami_engine::tables::{Table, Tables, Value};
use hasami_engine::{SearchGame, WIN};

use super::record::{Record, Result3};

/// What `table_records` drew from one table.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Drawn {
    /// The table's material signature, e.g. `3v2`.
    pub table: String,
    /// Records written (placements that are not over and have a move).
    pub records: u64,
    /// Of them, won for the side to move.
    pub won: u64,
    /// Of them, lost for the side to move.
    pub lost: u64,
}

/// `count` random placements of `table`, uniformly among its placements, with the table's value; those
/// already over or without a move are left out. What `nnue label` writes and `nnue tables` checks.
pub fn placements<'a>(
    table: &'a Table,
    count: u64,
    rng: &'a mut SplitMix64,
) -> impl Iterator<Item = (HasamiPosition, Option<Value>)> + 'a {
    let size = table.indexer().count().max(1);
    (0..count)
        .map(move |_| table.position(rng.below(size)))
        .filter(|pos| pos.status().is_none() && pos.has_moves())
        .map(|pos| (pos, table.value_of(&pos)))
}

/// `count` random placements of every table of `tables` for `rules` (uniformly among each table's
/// placements, as `nnue tables` draws them), each a record with the table's result and score;
/// placements already over or without a move are skipped, and drawn ones after the first `drawn`
/// of a table (most placements are drawn). With what was drawn from each table.
pub fn table_records(
    tables: &Tables,
    rules: &'static HasamiRules,
    count: u64,
    drawn: u64,
    seed: u64,
) -> Result<(Vec<Record>, Vec<Drawn>), String> {
    let mut rng = SplitMix64(seed);
    let (mut records, mut summary) = (Vec::new(), Vec::new());
    for table in tables.tables().iter().filter(|t| t.rules() == rules) {
        let mut d = Drawn {
            table: table.signature().to_string(),
            ..Drawn::default()
        };
        for (pos, value) in placements(table, count, &mut rng) {
            let (result, score) = match value {
                Some(Value::Win(n)) => (Result3::Won, WIN - i32::from(n)),
                Some(Value::Loss(n)) => (Result3::Lost, -WIN + i32::from(n)),
                Some(Value::Draw) => (Result3::Drawn, 0),
                None => continue,
            };
            if result == Result3::Drawn && d.records - d.won - d.lost >= drawn {
                continue;
            }
            d.records += 1;
            d.won += u64::from(result == Result3::Won);
            d.lost += u64::from(result == Result3::Lost);
            records.push(Record::new(&pos, result, score, SearchGame::evaluate(&pos)));
        }
        summary.push(d);
    }
    if summary.is_empty() {
        return Err(format!("no table of {rules}"));
    }
    Ok((records, summary))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hasami_engine::tables::build;
    use hasami_engine::tables::symmetry::Symmetry;

    #[test]
    fn every_record_carries_its_tables_result_and_a_search_score_of_the_same_sign() {
        let rules = HasamiRules::parse("hasami-chess").unwrap();
        let sig = "2v2".parse().unwrap();
        let mut tables = Tables::new();
        for t in build::build_all(rules, sig, 2, Symmetry::Board, |_, _| {}).unwrap() {
            tables.add(t);
        }
        let (records, summary) = table_records(&tables, rules, 2_000, 300, 7).unwrap();
        assert!(!summary.is_empty());
        assert_eq!(
            records.len() as u64,
            summary.iter().map(|d| d.records).sum::<u64>()
        );
        let decided: u64 = summary.iter().map(|d| d.won + d.lost).sum();
        assert!(decided > 0 && decided < records.len() as u64);
        assert!(summary.iter().all(|d| d.records - d.won - d.lost <= 300));
        for r in &records {
            let pos = r.position(rules);
            let table = tables.tables().iter().find(|t| t.value_of(&pos).is_some());
            let want = match table.unwrap().value_of(&pos).unwrap() {
                Value::Win(_) => Result3::Won,
                Value::Loss(_) => Result3::Lost,
                Value::Draw => Result3::Drawn,
            };
            assert_eq!(r.result, want);
            let sign = match want {
                Result3::Won => 1,
                Result3::Lost => -1,
                Result3::Drawn => 0,
            };
            assert_eq!(i32::from(r.score).signum(), sign);
        }
        let other = HasamiRules::parse("mak-yek").unwrap();
        assert!(table_records(&tables, other, 10, 10, 1).is_err());
    }
}
