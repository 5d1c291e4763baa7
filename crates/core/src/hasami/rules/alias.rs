//! Other names of presets (RULES.md A6): a name that reads as its preset in variant text, with a line
//! saying what it is. Variant text written with an alias is the preset's game; its canonical text uses
//! the preset's own name.

use super::Preset;

/// Another name of a preset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alias {
    /// The name in variant text.
    pub name: &'static str,
    /// The preset it names.
    pub preset: Preset,
    /// What the name is, for `hasami variants` and the rules page.
    pub about: &'static str,
}

/// Every alias, in the order `hasami variants` lists them.
pub const ALIASES: &[Alias] = &[Alias {
    name: "apit-sodok",
    preset: Preset::MakYek,
    about: "the Malay name of Mak-yek",
}];

impl Preset {
    /// The preset named `name`, by its own name or an alias (already lower case).
    pub fn named(name: &str) -> Option<Preset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .or_else(|| ALIASES.iter().find(|a| a.name == name).map(|a| a.preset))
    }
}
