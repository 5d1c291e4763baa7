//! The table file: a 42-byte header plus the variant text, then one value byte per position in index
//! order (docs/tables.md). Reading checks everything before it allocates, so a damaged or hostile file
//! gives an error, never a panic, and takes no more memory than its own size.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use hasami_core::HasamiRules;

use super::{Indexer, Signature, Symmetry, Table, TableError};

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"HASAMITB";
/// The format version of a table indexed without symmetry (read and written).
pub const VERSION_PLAIN: u32 = 1;
/// The format version of a table indexed with the board's symmetries (read and written).
pub const VERSION_SYMMETRIC: u32 = 2;
/// The metric of the distances: plies to the next capture that keeps the result.
pub const METRIC_DTZ: u8 = 1;
/// The rules revision written in bytes 28–31: 1 since `mak-yek` has the corner capture and
/// `apit-sodok` is its other name. Files of revision 0 were built under the rules before; one whose
/// variant text meant another game then (`mak-yek`, built without corner capture) is refused.
pub const RULES_REVISION: u32 = 1;
/// Bytes before the variant text.
const FIXED: usize = 42;
/// Longest variant text a file may hold.
const MAX_VARIANT: usize = 200;
/// Largest table a file may hold (16 GiB).
const MAX_COUNT: u64 = 1 << 34;

/// The data's checksum in the file header: FNV-1a, 64 bits.
pub fn fnv(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The file name of a table: the variant text with characters other than letters, digits and `-`
/// made `_`, then `_AvB.hstb`.
pub fn file_name(rules: &HasamiRules, sig: Signature) -> String {
    let v: String = rules
        .to_string()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{v}_{sig}.hstb")
}

/// Writes `table` into `dir` under [`file_name`] (through a temporary file, renamed when complete);
/// returns the path.
pub fn write(table: &Table, dir: &Path) -> Result<PathBuf, TableError> {
    let path = dir.join(file_name(table.rules(), table.signature()));
    let tmp = path.with_extension("hstb.tmp");
    let io = |p: &Path| {
        let p = p.display().to_string();
        move |source| TableError::Io { path: p, source }
    };
    let variant = table.rules().to_string();
    let sig = table.signature();
    let mut head = Vec::with_capacity(FIXED + variant.len());
    head.extend_from_slice(MAGIC);
    let version = match table.indexer().symmetry() {
        Symmetry::Off => VERSION_PLAIN,
        Symmetry::Board => VERSION_SYMMETRIC,
    };
    head.extend_from_slice(&version.to_le_bytes());
    head.push(table.rules().size());
    head.push(sig.stm);
    head.push(sig.opp);
    head.push(METRIC_DTZ);
    head.extend_from_slice(&(table.bytes().len() as u64).to_le_bytes());
    head.extend_from_slice(&table.rules().options.quiet.to_le_bytes());
    head.extend_from_slice(&RULES_REVISION.to_le_bytes());
    head.extend_from_slice(&fnv(table.bytes()).to_le_bytes());
    head.extend_from_slice(&(variant.len() as u16).to_le_bytes());
    head.extend_from_slice(variant.as_bytes());
    let mut w = BufWriter::new(File::create(&tmp).map_err(io(&tmp))?);
    w.write_all(&head).map_err(io(&tmp))?;
    w.write_all(table.bytes()).map_err(io(&tmp))?;
    w.into_inner()
        .map_err(|e| e.into_error())
        .and_then(|f| f.sync_all())
        .map_err(io(&tmp))?;
    std::fs::rename(&tmp, &path).map_err(io(&path))?;
    Ok(path)
}

/// What a file's header says.
#[derive(Debug, Clone)]
pub struct Header {
    /// The variant.
    pub rules: &'static HasamiRules,
    /// The material.
    pub signature: Signature,
    /// Positions.
    pub count: u64,
    /// Whether the index uses the board's symmetries (format version 2).
    pub symmetry: Symmetry,
    checksum: u64,
    len: usize,
}

/// Reads and checks the header of the table file `path`. With `expect`, a table of other rules is
/// refused.
pub fn read_header(
    path: &Path,
    expect: Option<&'static HasamiRules>,
) -> Result<(Header, File), TableError> {
    let name = path.display().to_string();
    let bad = |reason: String| TableError::BadFile {
        path: name.clone(),
        reason,
    };
    let io = |source| TableError::Io {
        path: name.clone(),
        source,
    };
    let mut f = File::open(path).map_err(io)?;
    let file_len = f.metadata().map_err(io)?.len();
    let mut fixed = [0u8; FIXED];
    f.read_exact(&mut fixed)
        .map_err(|_| bad("too short for a table header".into()))?;
    if &fixed[..8] != MAGIC {
        return Err(bad("not an endgame table file".into()));
    }
    let u32_at = |i: usize| u32::from_le_bytes(fixed[i..i + 4].try_into().unwrap_or([0; 4]));
    let u64_at = |i: usize| u64::from_le_bytes(fixed[i..i + 8].try_into().unwrap_or([0; 8]));
    let version = u32_at(8);
    let symmetry = match version {
        VERSION_PLAIN => Symmetry::Off,
        VERSION_SYMMETRIC => Symmetry::Board,
        _ => {
            return Err(bad(format!(
                "table format version {version}, but this program reads versions \
                 {VERSION_PLAIN} and {VERSION_SYMMETRIC}"
            )))
        }
    };
    let (size, stm, opp, metric) = (fixed[12], fixed[13], fixed[14], fixed[15]);
    if metric != METRIC_DTZ {
        return Err(bad(format!("unknown distance metric {metric}")));
    }
    let count = u64_at(16);
    let checksum = u64_at(32);
    let vlen = u16::from_le_bytes([fixed[40], fixed[41]]) as usize;
    if vlen > MAX_VARIANT {
        return Err(bad(format!("variant text of {vlen} bytes")));
    }
    let mut vtext = vec![0u8; vlen];
    f.read_exact(&mut vtext)
        .map_err(|_| bad("the header ends early".into()))?;
    let text = String::from_utf8(vtext).map_err(|_| bad("variant text is not UTF-8".into()))?;
    if u32_at(28) < RULES_REVISION {
        if let Some(then) = hasami_core::upgrade_stored_variant(&text) {
            return Err(bad(format!(
                "built under the rules before Mak-yek had the corner capture, so it is a table of \
                 {then}, not of today's {text}; build it again (hasami tables build)"
            )));
        }
    }
    let rules = HasamiRules::parse(&text)
        .map_err(|e| bad(format!("variant '{text}' is not valid here: {e}")))?;
    if let Some(want) = expect {
        if !std::ptr::eq(rules, want) {
            return Err(bad(format!("a table of {rules}, not of {want}")));
        }
    }
    if size != rules.size() {
        return Err(bad(format!(
            "board {size} in the header, but {rules} is played on {}",
            rules.size()
        )));
    }
    // The count is checked before any index is made (a symmetric index's tables take memory).
    let want = Indexer::count_of(size, stm, opp, symmetry)
        .ok_or_else(|| bad(format!("material {stm}v{opp}")))?;
    if count != want || count > MAX_COUNT {
        return Err(bad(format!(
            "{count} positions, but {stm}v{opp} on {size}x{size} has {want}"
        )));
    }
    let len = FIXED + vlen;
    if file_len != len as u64 + count {
        return Err(bad(format!(
            "{file_len} bytes, but the header says {}",
            len as u64 + count
        )));
    }
    Ok((
        Header {
            rules,
            signature: Signature { stm, opp },
            count,
            symmetry,
            checksum,
            len,
        },
        f,
    ))
}

/// Reads the table file `path` (see [`read_header`]) and checks its data against the checksum.
pub fn read(path: &Path, expect: Option<&'static HasamiRules>) -> Result<Table, TableError> {
    let (h, mut f) = read_header(path, expect)?;
    let name = path.display().to_string();
    let mut values =
        crate::pages::with_capacity(h.count as usize).ok_or_else(|| TableError::BadFile {
            path: name.clone(),
            reason: format!("no memory for {} positions", h.count),
        })?;
    (&mut f)
        .take(h.count)
        .read_to_end(&mut values)
        .map_err(|source| TableError::Io {
            path: name.clone(),
            source,
        })?;
    let _ = h.len;
    if values.len() as u64 != h.count || fnv(&values) != h.checksum {
        return Err(TableError::BadFile {
            path: name,
            reason: "the data does not match its checksum (damaged file)".into(),
        });
    }
    Table::from_values(h.rules, h.signature, h.symmetry, values).ok_or_else(|| {
        TableError::BadFile {
            path: path.display().to_string(),
            reason: "wrong size".into(),
        }
    })
}
