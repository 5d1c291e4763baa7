//! A set of loaded tables, looked up by the search: the position's variant and material pick the table,
//! and the value is taken with the quiet-ply rule (D2) applied (see [`super::Value::with_quiet`]).

use std::path::Path;
use std::sync::{Arc, RwLock};

use hasami_core::HasamiPosition;

use super::{file, Signature, Table, TableError, Value};

/// Tables of any variants and materials.
#[derive(Debug, Default)]
pub struct Tables {
    tables: Vec<Table>,
    most_pieces: u32,
}

impl Tables {
    /// No tables.
    pub fn new() -> Tables {
        Tables::default()
    }

    /// Adds a table (replacing one of the same variant and material).
    pub fn add(&mut self, table: Table) {
        self.tables.retain(|t| {
            !(std::ptr::eq(t.rules(), table.rules()) && t.signature() == table.signature())
        });
        let sig = table.signature();
        self.most_pieces = self.most_pieces.max(u32::from(sig.stm + sig.opp));
        self.tables.push(table);
    }

    /// Every table file (`*.hstb`) in `dir`. A file that cannot be read is an error naming it.
    pub fn load_dir(dir: &Path) -> Result<Tables, TableError> {
        let io = |source| TableError::Io {
            path: dir.display().to_string(),
            source,
        };
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .map_err(io)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "hstb"))
            .collect();
        paths.sort();
        let mut tables = Tables::new();
        for p in paths {
            tables.add(file::read(&p, None)?);
        }
        Ok(tables)
    }

    /// The tables held.
    pub fn tables(&self) -> &[Table] {
        &self.tables
    }

    /// Whether no table is held.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// The table of `pos`'s variant and material, if held.
    #[inline]
    pub fn table_for(&self, pos: &HasamiPosition) -> Option<&Table> {
        if pos.occupied().len() > self.most_pieces {
            return None;
        }
        let sig = Signature::of(pos);
        self.tables
            .iter()
            .find(|t| t.signature() == sig && std::ptr::eq(t.rules(), pos.rules()))
    }

    /// The value of `pos` for its side to move, with D2 applied to its quiet-ply count, if a table
    /// holds it. Repetition (D1) is not part of it: the search judges that before asking.
    #[inline]
    pub fn probe(&self, pos: &HasamiPosition) -> Option<Value> {
        let t = self.table_for(pos)?;
        let v = t.value_of(pos)?;
        Some(v.with_quiet(pos.quiet_plies(), pos.rules().options.quiet))
    }
}

/// The tables every new [`crate::Searcher`] starts with (none unless set).
static DEFAULT: RwLock<Option<Arc<Tables>>> = RwLock::new(None);

/// Makes `tables` the ones every [`crate::Searcher`] created from now on looks positions up in (the
/// web server's replies and hints use this through `hasami serve --tables DIR`); `None` for none.
pub fn set_default(tables: Option<Arc<Tables>>) {
    *DEFAULT.write().unwrap_or_else(|e| e.into_inner()) = tables;
}

/// The tables of [`set_default`].
pub(crate) fn default_tables() -> Option<Arc<Tables>> {
    DEFAULT.read().unwrap_or_else(|e| e.into_inner()).clone()
}
