//! Importing a record (docs/records.md, either family) as a new game, to replay or play on.

use hasami_core::AnyRecord;
use hasami_core::RecordResult;
use serde::Deserialize;

use crate::db;
use crate::live::create::Creator;
use crate::live::create::{Created, NewOptions, SeatAccounts};
use crate::live::end::{ply_limit_end, End, MAX_PLIES};
use crate::live::error::GameError;
use crate::live::names::{check_name, hidden};
use crate::live::opponent::Opponent;
use hasami_core::AnyGame;

/// An imported record (POST /api/games/import).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Import {
    /// The record text (docs/records.md).
    pub(crate) record: String,
    /// How to continue it: `local` (default), `engine` or `online`.
    #[serde(default)]
    pub(crate) opponent: Option<Opponent>,
    /// Engine level.
    #[serde(default)]
    pub(crate) level: Option<u32>,
    /// The importer's side in engine and online games.
    #[serde(default)]
    pub(crate) side: Option<String>,
}

/// The longest record text imported, in bytes (a game of [`MAX_PLIES`] plies with comments fits).
pub(crate) const MAX_RECORD_BYTES: usize = 256 * 1024;

/// The longest `Termination` reason kept, in characters.
pub(crate) const MAX_REASON: usize = 200;

fn bad_record(e: impl std::fmt::Display) -> GameError {
    GameError::BadRecord(e.to_string())
}

/// Importer: built over the creator that stores the imported game as a new one.
pub(crate) struct Importer<'a> {
    creator: Creator<'a>,
}

impl<'a> Importer<'a> {
    /// Over the `creator` of new games.
    pub(crate) fn new(creator: Creator<'a>) -> Importer<'a> {
        Importer { creator }
    }
}

impl Importer<'_> {
    /// Imports a record (of either family) as a new game.
    pub(crate) async fn import(&self, req: Import) -> Result<Created, GameError> {
        if req.record.len() > MAX_RECORD_BYTES {
            return Err(GameError::RecordTooLarge {
                bytes: req.record.len(),
                max: MAX_RECORD_BYTES,
            });
        }
        let record = AnyRecord::parse(&req.record).map_err(bad_record)?;
        let plies = record.plies();
        if plies > MAX_PLIES {
            return Err(GameError::TooManyPlies {
                plies,
                max: MAX_PLIES,
            });
        }
        let game = AnyGame::from_record(&record).map_err(bad_record)?;
        let (result, termination) = (record.result(), record.tag("Termination"));
        if termination.is_some_and(|t| {
            t.chars().count() > MAX_REASON || t.chars().any(|c| c.is_control() || hidden(c))
        }) {
            return Err(GameError::BadTermination { max: MAX_REASON });
        }
        // The players' names pass the same check as names given to the API.
        let [first, second] = record.players();
        let names = (
            first.map(check_name).transpose()?,
            second.map(check_name).transpose()?,
        );
        let ended = match (game.outcome(), result) {
            (None, RecordResult::Unfinished) | (Some(_), _) => None,
            (None, result) => Some(End {
                result,
                reason: termination.map_or_else(
                    || format!("result {} given in the record", result.token()),
                    str::to_string,
                ),
            }),
        };
        // An unfinished record as long as a game may be ends there, drawn.
        let ended = ended.or_else(|| ply_limit_end(&game));
        let opponent = Some(req.opponent.unwrap_or(Opponent::Local));
        let times = vec![db::now_ms(); game.plies()];
        self.creator
            .store_new(
                game,
                times,
                ended,
                NewOptions {
                    opponent,
                    level: req.level,
                    side: req.side.as_deref(),
                    names,
                    omniscient: false,
                    page_engine: false,
                    clock: None,
                    open: false,
                    arrange: false,
                    accounts: SeatAccounts::None,
                    rated: false,
                },
            )
            .await
    }
}
