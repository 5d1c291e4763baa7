//! The files `hasami-lab nnue` reads besides suites: data files (all of one variant) and network files.

use std::fs::File;
use std::path::{Path, PathBuf};

use hasami_core::HasamiRules;
use hasami_engine::hasami::net::Network;

use super::record::{self, Record};
use crate::CliError;

/// The most records read from one data file (800 MB).
const MAX_RECORDS: usize = 20_000_000;

/// The largest network file read (the shipped ones are about 20 KB).
const MAX_NETWORK: u64 = 1 << 20;

/// The records of data files in their order, and the variant they all share.
pub fn read_data(paths: &[PathBuf]) -> Result<(&'static HasamiRules, Vec<Record>), CliError> {
    let (rules, files) = read_data_files(paths)?;
    let mut records = Vec::with_capacity(files.iter().map(Vec::len).sum());
    for mut file in files {
        records.append(&mut file); // each file's memory is freed as it is moved
    }
    Ok((rules, records))
}

/// The records of each data file, file by file, and the variant they all share.
pub fn read_data_files(
    paths: &[PathBuf],
) -> Result<(&'static HasamiRules, Vec<Vec<Record>>), CliError> {
    let mut variant: Option<String> = None;
    let mut records = Vec::new();
    for path in paths {
        let file =
            File::open(path).map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
        let (v, r) = record::read(&mut std::io::BufReader::new(file), MAX_RECORDS)
            .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
        match &variant {
            Some(first) if *first != v => {
                return Err(CliError::Usage(format!(
                    "{}: variant {v}, the first file's is {first}",
                    path.display()
                )))
            }
            _ => variant = Some(v),
        }
        records.push(r);
    }
    let variant = variant.ok_or_else(|| CliError::Usage("no data file".into()))?;
    let rules = HasamiRules::parse(&variant).expect("checked when read");
    Ok((rules, records))
}

/// A network file for `rules`, kept for the rest of the run.
pub fn read_network(
    path: &Path,
    rules: &'static HasamiRules,
) -> Result<&'static Network, CliError> {
    let bytes = crate::text_file::read_bytes_file(path, MAX_NETWORK)
        .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
    let net =
        Network::read(&bytes).map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
    if HasamiRules::parse(net.variant()).ok() != Some(rules) {
        return Err(CliError::Usage(format!(
            "{}: a network for {}, not {rules}",
            path.display(),
            net.variant()
        )));
    }
    Ok(Box::leak(Box::new(net)))
}
