//! One module per subcommand.

pub mod bench;
pub mod db;
pub mod perft;
pub mod serve;
pub mod static_site;
pub mod tables;
pub mod variants;

use thiserror::Error;

/// What a command can fail with.
#[derive(Debug, Error)]
pub enum CliError {
    /// Bad arguments: exit status 2.
    #[error("{0}")]
    Usage(String),
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// `hasami db check`: the store's schema is older than this hasami writes (exit status 1; the
    /// command has said so).
    #[error("the store needs hasami db migrate")]
    Outdated,
}

impl CliError {
    /// The process exit status.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Io(_) | CliError::Outdated => 1,
        }
    }
}
