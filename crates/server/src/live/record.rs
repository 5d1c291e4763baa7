//! Exporting a game as a record (docs/records.md).

use crate::live::create::UNNAMED_PLAYER;
use crate::live::error::GameError;
use crate::live::game::LiveGame;
use crate::live::round::Round;

impl LiveGame {
    /// The game record (docs/records.md): names in the Black/White tags (White/Red in Shogun); the
    /// name the server gives the player of an engine game who gave none ("You", which the page
    /// shows that player) is written `Anonymous`, as it is nobody's name in a record.
    pub(crate) fn record(&self) -> String {
        let named = |name: &str| {
            if name == UNNAMED_PLAYER {
                "Anonymous".to_string()
            } else {
                name.to_string()
            }
        };
        self.game().record(
            [
                named(&self.meta().black_name),
                named(&self.meta().white_name),
            ],
            Some(record_date(self.meta().created)),
            self.ended()
                .map(|end| (end.result.token(), end.reason.as_str())),
        )
    }
}

/// Recorder: built over the round of the server's games.
pub(crate) struct Recorder {
    round: Round,
}

impl Recorder {
    /// Over the `round`.
    pub(crate) fn new(round: Round) -> Recorder {
        Recorder { round }
    }
}

impl Recorder {
    /// The record of game `id`.
    pub(crate) async fn record(&self, id: i64) -> Result<String, GameError> {
        let live = self.round.game(id).await?;
        let text = live.lock().await.record();
        Ok(text)
    }
}

/// `YYYY.MM.DD` (UTC) of a Unix time in milliseconds.
fn record_date(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}
