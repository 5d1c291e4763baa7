//! Variant text: `PRESET[+option[=value]…]` (RULES.md A6).

use thiserror::Error;

use super::{effect, Movement, Preset, Rows, RuleOptions, WinItem, WinList};

/// Names of all options, for error messages and `hasami variants`.
pub const OPTION_NAMES: &str = "board, rows, movement, jump, house, corner, intervention, \
diagonal-capture, misere, max-run, win, five, repetition, quiet";

/// Every option with its allowed values and what it does, for `hasami variants`.
pub const OPTION_HELP: &[(&str, &str)] = &[
    ("board=8|9", "board size"),
    (
        "rows=1|1,2|1,3",
        "ranks each side fills at the start, counted from its own edge",
    ),
    (
        "movement=slide|step",
        "slide like a rook (default) or step one square orthogonally",
    ),
    (
        "jump[=on|off]",
        "a piece may jump over one adjacent piece of either colour",
    ),
    (
        "house[=on|off]",
        "pieces may not land in the opponent's home rows, nor return home once out (AGON)",
    ),
    (
        "corner[=on|off]",
        "corner capture: a corner piece is taken by two pieces on its neighbours",
    ),
    (
        "intervention[=on|off]",
        "landing between two enemy pieces captures both (Mak-yek)",
    ),
    (
        "diagonal-capture[=on|off]",
        "sandwich captures along diagonals too",
    ),
    (
        "misere[=on|off]",
        "the side reduced to the pieces-left limit wins instead of losing",
    ),
    (
        "max-run=1..8",
        "longest line of enemy pieces one sandwich captures (default unlimited)",
    ),
    (
        "win=ITEM[,ITEM…]",
        "goals, all in force: pieces-left:K, captures:M, lead:D, five, most-captures",
    ),
    ("five=orthogonal|all", "directions of a five in a row"),
    (
        "repetition=R",
        "draw when a position appears the R-th time (R >= 2, default 3; 0 = off)",
    ),
    (
        "quiet=P",
        "the game ends after P plies without a capture (default 100; 0 = off)",
    ),
];

/// Why variant text was rejected. Every message names the bad part and what is allowed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VariantError {
    /// Nothing given.
    #[error("empty variant; allowed presets: {}", preset_names())]
    Empty,
    /// The first part is not a preset.
    #[error("unknown preset '{0}'; allowed presets: {names}", names = preset_names())]
    UnknownPreset(String),
    /// An option name is unknown.
    #[error("unknown option '{0}'; allowed options: {OPTION_NAMES}")]
    UnknownOption(String),
    /// `++` or a trailing `+`.
    #[error("empty option in '{0}' (options are separated by single '+')")]
    EmptyOption(String),
    /// An option needs a value.
    #[error("option '{option}' needs a value; allowed: {allowed}")]
    MissingValue {
        /// The option.
        option: String,
        /// What may follow `=`.
        allowed: &'static str,
    },
    /// A variant not seen before, beyond the process's limit on distinct rules
    /// ([`crate::limit_rule_sets`]).
    #[error(transparent)]
    TooMany(crate::TooManyRuleSets),
    /// An option that cannot change the game under the other rules (A6); restating a preset's own
    /// value is not one.
    #[error("{option} changes nothing: {reason}")]
    NoEffect {
        /// The option as written (`misere`, `five=all`, `max-run=7`, `win item 'lead:9'`).
        option: String,
        /// Why it cannot matter.
        reason: String,
    },
    /// An option's value is not allowed.
    #[error("bad value '{value}' for option '{option}'; allowed: {allowed}")]
    BadValue {
        /// The option.
        option: String,
        /// The value given.
        value: String,
        /// What is allowed.
        allowed: String,
    },
}

fn preset_names() -> String {
    let mut names: Vec<&str> = Preset::ALL.map(Preset::name).to_vec();
    names.extend(super::ALIASES.iter().map(|a| a.name));
    names.join(", ")
}

fn bad(option: &str, value: &str, allowed: impl Into<String>) -> VariantError {
    VariantError::BadValue {
        option: option.to_string(),
        value: value.to_string(),
        allowed: allowed.into(),
    }
}

fn on_off(option: &str, value: Option<&str>) -> Result<bool, VariantError> {
    match value {
        None | Some("on") => Ok(true),
        Some("off") => Ok(false),
        Some(v) => Err(bad(option, v, "on, off (or the bare name for on)")),
    }
}

fn number(option: &str, value: &str, lo: u32, hi: u32, allowed: &str) -> Result<u32, VariantError> {
    match value.parse::<u32>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(bad(option, value, allowed)),
    }
}

/// Parses variant text into its preset and validated options, refusing options that change nothing
/// (effect.rs).
pub(super) fn parse_variant(text: &str) -> Result<(Preset, RuleOptions), VariantError> {
    let (preset, o) = parse_with(text, |name| Preset::named(name).map(|p| (p, p.base())))?;
    let base = preset.base();
    if let Some(e) = effect::review(&base, &o).0.into_iter().next() {
        return Err(VariantError::NoEffect {
            option: e.option,
            reason: e.reason,
        });
    }
    Ok((preset, o))
}

/// Parses variant text whose head `presets` turns into a preset and its options before the rest of
/// the text; options that change nothing are left in.
pub(super) fn parse_with(
    text: &str,
    presets: impl Fn(&str) -> Option<(Preset, RuleOptions)>,
) -> Result<(Preset, RuleOptions), VariantError> {
    let text = text.trim().to_ascii_lowercase();
    if text.is_empty() {
        return Err(VariantError::Empty);
    }
    let mut parts = text.split('+');
    let head = parts.next().unwrap_or_default();
    let (preset, mut o) =
        presets(head).ok_or_else(|| VariantError::UnknownPreset(head.to_string()))?;
    let mut win_items: Option<(Vec<WinItem>, String)> = None;
    for part in parts {
        if part.is_empty() {
            return Err(VariantError::EmptyOption(text.clone()));
        }
        let (name, value) = match part.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (part, None),
        };
        let need = |allowed: &'static str| {
            value.ok_or(VariantError::MissingValue {
                option: name.to_string(),
                allowed,
            })
        };
        match name {
            "board" => {
                let v = need("8, 9")?;
                o.size = number(name, v, 8, 9, "8, 9")? as u8;
            }
            "rows" => {
                o.rows = match need("1, 1,2, 1,3")? {
                    "1" => Rows::One,
                    "1,2" => Rows::OneTwo,
                    "1,3" => Rows::OneThree,
                    v => return Err(bad(name, v, "1, 1,2, 1,3")),
                }
            }
            "movement" => {
                o.movement = match need("slide, step")? {
                    "slide" => Movement::Slide,
                    "step" => Movement::Step,
                    v => return Err(bad(name, v, "slide, step")),
                }
            }
            "jump" => o.jump = on_off(name, value)?,
            "house" => o.house = on_off(name, value)?,
            "corner" => o.corner = on_off(name, value)?,
            "intervention" => o.intervention = on_off(name, value)?,
            "diagonal-capture" => o.diagonal_capture = on_off(name, value)?,
            "misere" => o.misere = on_off(name, value)?,
            "max-run" => {
                o.max_run = number(name, need("1 to 8")?, 1, 8, "1 to 8")? as u8;
            }
            "five" => {
                o.five_all = match need("orthogonal, all")? {
                    "orthogonal" => false,
                    "all" => true,
                    v => return Err(bad(name, v, "orthogonal, all")),
                }
            }
            "repetition" => {
                let v = need("0 (off) or a count from 2")?;
                let r = number(name, v, 0, 1_000_000, "0 (off) or a count from 2")?;
                if r == 1 {
                    return Err(bad(name, v, "0 (off) or a count from 2"));
                }
                o.repetition = r;
            }
            "quiet" => {
                let v = need("0 (off) or a number of plies")?;
                o.quiet = number(
                    name,
                    v,
                    0,
                    1_000_000,
                    "0 (off) or a number of plies up to 1000000",
                )?;
            }
            "win" => {
                let v = need(WIN_ALLOWED)?;
                win_items = Some((parse_win(v)?, v.to_string()));
            }
            _ => return Err(VariantError::UnknownOption(name.to_string())),
        }
    }
    // The board and rows decide the starting pieces, so win items are checked last.
    let start = u32::from(o.size) * u32::from(o.rows.filled());
    if let Some((items, text)) = win_items {
        if items.len() > 5 {
            return Err(bad("win", &text, format!("at most 5 items; {WIN_ALLOWED}")));
        }
        let mut list = [None; 5];
        for (slot, item) in list.iter_mut().zip(&items) {
            match *item {
                WinItem::PiecesLeft(k) if u32::from(k) >= start => {
                    return Err(bad(
                        "win",
                        &item.to_string(),
                        format!("pieces-left:K with K from 0 to {}", start - 1),
                    ));
                }
                WinItem::Captures(m) if m == 0 || u32::from(m) > start => {
                    return Err(bad(
                        "win",
                        &item.to_string(),
                        format!("captures:M with M from 1 to {start}"),
                    ));
                }
                WinItem::Lead(d) if d == 0 || u32::from(d) > start => {
                    return Err(bad(
                        "win",
                        &item.to_string(),
                        format!("lead:D with D from 1 to {start}"),
                    ));
                }
                _ => {}
            }
            *slot = Some(*item);
        }
        o.win = WinList { items: list };
    } else {
        // A preset's own list may not fit a changed board or rows.
        for item in o.win.iter() {
            if let WinItem::PiecesLeft(k) = item {
                if u32::from(k) >= start {
                    return Err(bad(
                        "win",
                        &o.win.to_string(),
                        format!("pieces-left:K with K from 0 to {}", start - 1),
                    ));
                }
            }
        }
    }
    Ok((preset, o))
}

const WIN_ALLOWED: &str = "a comma list of pieces-left:K, captures:M, lead:D, five, most-captures";

fn parse_win(v: &str) -> Result<Vec<WinItem>, VariantError> {
    if v.is_empty() {
        return Err(bad("win", v, WIN_ALLOWED));
    }
    v.split(',')
        .map(|item| {
            let (name, arg) = match item.split_once(':') {
                Some((n, a)) => (n, Some(a)),
                None => (item, None),
            };
            let num = |what: &str| -> Result<u8, VariantError> {
                arg.and_then(|a| a.parse::<u8>().ok())
                    .ok_or_else(|| bad("win", item, format!("{name}:{what} with a number")))
            };
            Ok(match (name, arg) {
                ("pieces-left", _) => WinItem::PiecesLeft(num("K")?),
                ("captures", _) => WinItem::Captures(num("M")?),
                ("lead", _) => WinItem::Lead(num("D")?),
                ("five", None) => WinItem::Five,
                ("most-captures", None) => WinItem::MostCaptures,
                _ => return Err(bad("win", item, WIN_ALLOWED)),
            })
        })
        .collect()
}
