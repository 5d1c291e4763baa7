//! Players' names: given at a new game, or changed later by each player for their own side.

use hasami_core::Side;
use serde::Deserialize;

use crate::db::Db;
use crate::live::error::GameError;
use crate::live::opponent::parse_side;
use crate::live::round::Round;
use crate::live::view::GameView;

/// Player names given at a new game.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NamesRequest {
    /// Black's (the first player's) name.
    #[serde(default)]
    pub(crate) black: Option<String>,
    /// White's (the second player's) name.
    #[serde(default)]
    pub(crate) white: Option<String>,
}

impl NamesRequest {
    /// The names given (Black's, White's), checked.
    pub(crate) fn checked(&self) -> Result<(Option<String>, Option<String>), GameError> {
        Ok((
            self.black.as_deref().map(check_name).transpose()?,
            self.white.as_deref().map(check_name).transpose()?,
        ))
    }
}

/// A player's name, trimmed: 1–40 characters, no control characters and none of the invisible or
/// text-direction characters that could make a name look like another or reverse the text after it.
/// Names that read as the engine's ("hasami level N", any case and spacing) are the server's to give.
pub(crate) fn check_name(name: &str) -> Result<String, GameError> {
    let name = name.trim();
    if name.is_empty()
        || name.chars().count() > 40
        || name.chars().any(|c| c.is_control() || hidden(c))
    {
        return Err(GameError::BadName);
    }
    let words: Vec<String> = name.split_whitespace().map(str::to_lowercase).collect();
    if words.len() >= 2 && words[0] == "hasami" && words[1] == "level" {
        return Err(GameError::ReservedName);
    }
    Ok(name.to_string())
}

/// Characters that change text direction or are invisible: zero-width spaces and joiners, direction
/// marks, embeddings, overrides and isolates, the word joiner and invisible operators, the byte-order
/// mark, the Arabic letter mark, the Mongolian vowel separator, the soft hyphen, the combining
/// grapheme joiner, the Hangul fillers (which draw as blank letters), the Khmer inherent vowels and
/// the tag characters (U+E0000 block).
pub(crate) fn hidden(c: char) -> bool {
    matches!(
        c,
        '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{FEFF}'
            | '\u{061C}'
            | '\u{180E}'
            | '\u{00AD}'
            | '\u{034F}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{3164}'
            | '\u{FFA0}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{E0000}'..='\u{E007F}'
    )
}

/// Names: built over the round of the server's games and the store they are written to.
pub(crate) struct Namer {
    round: Round,
    db: Db,
}

impl Namer {
    /// Over the `round` and the store `db`.
    pub(crate) fn new(round: Round, db: &Db) -> Namer {
        Namer {
            round,
            db: db.clone(),
        }
    }
}

impl Namer {
    /// Sets a player's name: the token's side (`side` is needed when the token plays both, in a
    /// hot-seat game). The engine's name cannot be changed.
    pub(crate) async fn set_name(
        &self,
        id: i64,
        token: Option<&str>,
        name: &str,
        side: Option<&str>,
    ) -> Result<GameView, GameError> {
        let live = self.round.game(id).await?;
        let mut g = live.lock().await;
        let sides = g.player_sides(token)?;
        let name = check_name(name)?;
        let side = match (side, sides.as_slice()) {
            (None, [only]) => *only,
            (None, _) => return Err(GameError::SideNeeded),
            (Some(text), _) => {
                let s = parse_side(text).ok_or_else(|| GameError::BadSide(text.to_string()))?;
                if !sides.contains(&s) {
                    return Err(GameError::NotYourSide(text.to_string()));
                }
                s
            }
        };
        if g.meta().users[side.index()].is_some() {
            return Err(GameError::AccountName);
        }
        let (mut black, mut white) = (g.meta().black_name.clone(), g.meta().white_name.clone());
        match side {
            Side::First => black = name,
            Side::Second => white = name,
        }
        let gid = g.meta().id;
        self.db.set_names(gid, black.clone(), white.clone()).await?;
        // Not a change of the game's course: an engine reply or clock timer in flight goes on.
        g.set_names(black, white);
        Ok(g.view(token))
    }
}
