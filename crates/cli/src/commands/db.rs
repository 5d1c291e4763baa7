//! `hasami db migrate|check`: the store's schema, for operators upgrading hasami. `hasami serve`
//! migrates a store when it starts; `migrate` does it beforehand (e.g. once, before several
//! servers of a new version start on one PostgreSQL), `check` only says where a store stands.

use clap::{Args, Subcommand};
use hasami_server::{Db, Target};

use super::CliError;

/// The flags of `hasami db`.
#[derive(Args, Debug, Clone)]
pub struct DbArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: DbAction,
}

/// The `hasami db` actions.
#[derive(Subcommand, Debug, Clone)]
pub enum DbAction {
    /// Bring the store's schema up to this version of hasami (creates an SQLite file if missing).
    Migrate {
        /// The store: an SQLite file or postgres://USER[:PASSWORD]@HOST[:PORT]/DB (default: the
        /// file `hasami serve` uses).
        #[arg(long, value_name = "FILE|URL")]
        db: Option<String>,
    },
    /// Say the store's schema version and whether this hasami can use it, changing nothing. Exit
    /// status 0: current; 1: older (run `hasami db migrate`); 2: newer than this hasami, or
    /// unusable.
    Check {
        /// The store, as for `migrate`.
        #[arg(long, value_name = "FILE|URL")]
        db: Option<String>,
    },
}

fn target(db: &Option<String>) -> Target {
    db.as_deref()
        .map(Target::parse)
        .unwrap_or_else(|| Target::File(hasami_server::default_path()))
}

/// Runs `hasami db …`.
pub fn run(args: &DbArgs) -> Result<(), CliError> {
    match &args.action {
        DbAction::Migrate { db } => {
            let target = target(db);
            let before = Db::inspect(&target).ok().map(|(found, _)| found);
            Db::open_target(&target).map_err(|e| CliError::Usage(e.to_string()))?;
            let (now, _) = Db::inspect(&target).map_err(|e| CliError::Usage(e.to_string()))?;
            match before {
                Some(found) if found == now => {
                    println!("{}: schema version {now}, nothing to do", target.describe())
                }
                Some(found) => println!(
                    "{}: schema version {now} (migrated from {found})",
                    target.describe()
                ),
                None => println!("{}: created at schema version {now}", target.describe()),
            }
            Ok(())
        }
        DbAction::Check { db } => {
            let target = target(db);
            let (found, known) =
                Db::inspect(&target).map_err(|e| CliError::Usage(e.to_string()))?;
            let store = target.describe();
            if found == known {
                println!("{store}: schema version {found}, current");
                Ok(())
            } else if found < known {
                println!(
                    "{store}: schema version {found}, this hasami writes {known}: run hasami db migrate"
                );
                Err(CliError::Outdated)
            } else {
                Err(CliError::Usage(format!(
                    "{store}: schema version {found} is newer than this hasami knows ({known}); use a newer hasami"
                )))
            }
        }
    }
}
