//! The suite file: a comment, the `variant` line and one position text per line.

use std::fs;
use std::io::Write;
use std::path::Path;

use super::{ahead, new_game, CliError};
use crate::text_file::{read_text_file, MAX_TEXT_FILE};
use hasami_core::suite::suite_text;

/// Writes a suite in the format [`read_suite`] reads: a comment (`# Conversion suite: VARIANT, ABOUT`,
/// ABOUT may run on over `#` lines), the `variant` line and one position text per line; to `out`, or
/// to standard output.
pub(super) fn write_suite(
    variant: &str,
    about: &str,
    lines: &[String],
    out: Option<&Path>,
) -> Result<(), CliError> {
    let text = suite_text(variant, about, lines);
    match out {
        Some(path) => fs::write(path, text)?,
        None => std::io::stdout().write_all(text.as_bytes())?,
    }
    Ok(())
}

/// A suite read from its file: the variant and the position texts.
pub(crate) struct Suite {
    /// The variant text.
    pub(crate) variant: String,
    /// The position texts, in order.
    pub(crate) positions: Vec<String>,
}

pub(crate) fn read_suite(path: &Path) -> Result<Suite, CliError> {
    let text = read_text_file(path, MAX_TEXT_FILE)
        .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
    let mut variant = None;
    let mut positions = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(v) = line.strip_prefix("variant ") {
            new_game(v.trim(), None)
                .map_err(|e| CliError::Usage(format!("{}:{}: {e}", path.display(), n + 1)))?;
            variant = Some(v.trim().to_string());
            continue;
        }
        let Some(v) = &variant else {
            return Err(CliError::Usage(format!(
                "{}:{}: a position before the 'variant' line",
                path.display(),
                n + 1
            )));
        };
        let game = new_game(v, Some(line))
            .map_err(|e| CliError::Usage(format!("{}:{}: {e}", path.display(), n + 1)))?;
        if game.outcome().is_some() || ahead(&game.position(), 1).is_none() {
            return Err(CliError::Usage(format!(
                "{}:{}: the game is over or nobody leads",
                path.display(),
                n + 1
            )));
        }
        positions.push(line.to_string());
    }
    let Some(variant) = variant else {
        return Err(CliError::Usage(format!(
            "{}: no 'variant' line",
            path.display()
        )));
    };
    Ok(Suite { variant, positions })
}
