//! Where the games are stored: the `--db` a server is given, and the default file.

use std::path::PathBuf;

use super::postgres;

/// Where the games are stored: what `--db` names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// An SQLite file.
    File(PathBuf),
    /// A PostgreSQL database, `postgres://USER[:PASSWORD]@HOST[:PORT]/DB[?…]`.
    Postgres(String),
}

impl Target {
    /// Reads `--db`: a `postgres://` or `postgresql://` URL, else a file path.
    pub fn parse(text: &str) -> Target {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Target::Postgres(text.to_string())
        } else {
            Target::File(PathBuf::from(text))
        }
    }

    /// The store as it may be printed: the file's path, or the URL without its password.
    pub fn describe(&self) -> String {
        match self {
            Target::File(path) => path.display().to_string(),
            Target::Postgres(url) => postgres::without_password(url),
        }
    }
}

/// The default database file: `hasami/games.sqlite3` in the platform's data directory
/// (`~/.local/share` on Linux), or the current directory when there is none.
pub fn default_path() -> PathBuf {
    dirs::data_dir()
        .map(|d| d.join("hasami"))
        .unwrap_or_else(|| PathBuf::from("."))
        .join("games.sqlite3")
}
