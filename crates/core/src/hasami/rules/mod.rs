//! Variant rules as data (RULES.md A6): presets, options, the parsed [`HasamiRules`] and its derived geometry.

mod alias;
mod describe;
mod effect;
mod geometry;
mod legacy;
mod parse;

use std::fmt;

use crate::interned::{Interned, TooManyRuleSets};
use crate::types::bitboard::BitBoard;
use crate::types::side::Side;
use crate::types::square::{Direction, Square};

pub use alias::{Alias, ALIASES};
pub use legacy::upgrade_stored_variant;
pub use parse::{VariantError, OPTION_HELP};

/// The named starting points of A6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// Hasami Shogi: 9×9, one row each, win when the opponent has one piece left.
    Hasami,
    /// Hasami Chess: the same on 8×8.
    HasamiChess,
    /// Dai Hasami Shogi: 18 pieces, jumps, five in a row.
    DaiHasami,
    /// Dai Hasami Shogi decided by captures.
    DaiHasamiCaptures,
    /// The AGON/Ludos game: houses, battlefield, five in a row with diagonals or 4 pieces left.
    Agon,
    /// Mak-yek: 8×8, rows 1 and 3, intervention and corner captures (also called Apit-sodok, see
    /// [`ALIASES`]).
    MakYek,
}

impl Preset {
    /// Every preset, in the order of A6.
    pub const ALL: [Preset; 6] = [
        Preset::Hasami,
        Preset::HasamiChess,
        Preset::DaiHasami,
        Preset::DaiHasamiCaptures,
        Preset::Agon,
        Preset::MakYek,
    ];

    /// The preset's name in variant text.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Hasami => "hasami",
            Preset::HasamiChess => "hasami-chess",
            Preset::DaiHasami => "dai-hasami",
            Preset::DaiHasamiCaptures => "dai-hasami-captures",
            Preset::Agon => "agon",
            Preset::MakYek => "mak-yek",
        }
    }

    /// One line for `hasami variants`.
    pub const fn about(self) -> &'static str {
        match self {
            Preset::Hasami => "Hasami Shogi: 9x9, 9 pieces each, rook moves, sandwich and corner captures; win when the opponent has 1 piece left",
            Preset::HasamiChess => "Hasami Chess: the same on 8x8 with 8 pieces each",
            Preset::DaiHasami => "Dai Hasami Shogi: 9x9, 18 pieces each, jumps; five in a row (orthogonal) outside your home rows wins",
            Preset::DaiHasamiCaptures => "Dai Hasami Shogi by captures: 18 pieces each, no jumps; most captures wins",
            Preset::Agon => "AGON/Ludos: 18 pieces, jumps, houses and battlefield; five in a row (with diagonals) in the battlefield or 14 captures wins",
            Preset::MakYek => "Mak-yek: 8x8, rows 1 and 3, line, intervention and corner captures; capture all to win",
        }
    }

    /// The preset's rules before options.
    pub const fn base(self) -> RuleOptions {
        let hasami = RuleOptions {
            size: 9,
            rows: Rows::One,
            movement: Movement::Slide,
            jump: false,
            house: false,
            corner: true,
            diagonal_capture: false,
            intervention: false,
            max_run: 0,
            win: WinList::one(WinItem::PiecesLeft(1)),
            five_all: false,
            misere: false,
            repetition: 3,
            quiet: 100,
        };
        match self {
            Preset::Hasami => hasami,
            Preset::HasamiChess => RuleOptions { size: 8, ..hasami },
            Preset::DaiHasami => RuleOptions {
                rows: Rows::OneTwo,
                jump: true,
                win: WinList::one(WinItem::Five),
                ..hasami
            },
            Preset::DaiHasamiCaptures => RuleOptions {
                rows: Rows::OneTwo,
                win: WinList::one(WinItem::MostCaptures),
                ..hasami
            },
            Preset::Agon => RuleOptions {
                rows: Rows::OneTwo,
                jump: true,
                house: true,
                win: WinList::two(WinItem::Five, WinItem::PiecesLeft(4)),
                five_all: true,
                ..hasami
            },
            Preset::MakYek => RuleOptions {
                size: 8,
                rows: Rows::OneThree,
                intervention: true,
                win: WinList::one(WinItem::PiecesLeft(0)),
                ..hasami
            },
        }
    }
}

/// Which ranks each side fills at the start (A2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rows {
    /// `rows=1`.
    One,
    /// `rows=1,2`.
    OneTwo,
    /// `rows=1,3` (Mak-yek).
    OneThree,
}

impl Rows {
    /// Option text.
    pub const fn text(self) -> &'static str {
        match self {
            Rows::One => "1",
            Rows::OneTwo => "1,2",
            Rows::OneThree => "1,3",
        }
    }
    /// Number of ranks of home rows (A1.3): up to the farthest filled rank.
    pub const fn home_depth(self) -> u8 {
        match self {
            Rows::One => 1,
            Rows::OneTwo => 2,
            Rows::OneThree => 3,
        }
    }
    /// Number of filled ranks.
    pub const fn filled(self) -> u8 {
        match self {
            Rows::One => 1,
            _ => 2,
        }
    }
}

/// How pieces move (A3.1, A3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Movement {
    /// Like a rook.
    Slide,
    /// One square orthogonally.
    Step,
}

/// One item of a `win=` list (A5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinItem {
    /// W1: the opponent has K or fewer pieces.
    PiecesLeft(u8),
    /// W1 written as a capture count M.
    Captures(u8),
    /// W2: lead by D pieces.
    Lead(u8),
    /// W3: five in a row.
    Five,
    /// W5: most captures.
    MostCaptures,
}

impl fmt::Display for WinItem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WinItem::PiecesLeft(k) => write!(f, "pieces-left:{k}"),
            WinItem::Captures(m) => write!(f, "captures:{m}"),
            WinItem::Lead(d) => write!(f, "lead:{d}"),
            WinItem::Five => f.write_str("five"),
            WinItem::MostCaptures => f.write_str("most-captures"),
        }
    }
}

/// A `win=` list: up to five items, in the order given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WinList {
    items: [Option<WinItem>; 5],
}

impl WinList {
    const fn one(a: WinItem) -> WinList {
        WinList {
            items: [Some(a), None, None, None, None],
        }
    }
    const fn two(a: WinItem, b: WinItem) -> WinList {
        WinList {
            items: [Some(a), Some(b), None, None, None],
        }
    }
    /// The items.
    pub fn iter(&self) -> impl Iterator<Item = WinItem> + '_ {
        self.items.iter().flatten().copied()
    }
}

impl fmt::Display for WinList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, item) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{item}")?;
        }
        Ok(())
    }
}

/// The options of A6 as given (before the derived data of [`HasamiRules`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RuleOptions {
    /// Board side, 8 or 9.
    pub size: u8,
    /// Setup rows.
    pub rows: Rows,
    /// Slide or step.
    pub movement: Movement,
    /// A3.3 jumps.
    pub jump: bool,
    /// A3.4 houses.
    pub house: bool,
    /// C2 corner capture.
    pub corner: bool,
    /// C1 also along diagonals.
    pub diagonal_capture: bool,
    /// C4 intervention.
    pub intervention: bool,
    /// C1 longest capturable run; 0 = unlimited.
    pub max_run: u8,
    /// The `win=` list.
    pub win: WinList,
    /// W3 also along diagonals (`five=all`).
    pub five_all: bool,
    /// W1 inverted.
    pub misere: bool,
    /// D1 count, 0 = off.
    pub repetition: u32,
    /// D2 plies, 0 = off.
    pub quiet: u32,
}

/// A corner square of the corner region and its two orthogonal neighbours inside the region (C2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Corner {
    /// The corner square.
    pub square: Square,
    /// Its two neighbours in the region.
    pub neighbours: [Square; 2],
}

/// The rules of one variant: options plus everything derived from them. Obtained with [`HasamiRules::parse`],
/// which hands out one shared `&'static` value per distinct variant so that positions can point at it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HasamiRules {
    /// The preset the text started from.
    pub preset: Preset,
    /// The options in force.
    pub options: RuleOptions,
    /// The squares of the board.
    pub board: BitBoard,
    /// Home rows of Black and White (A1.3).
    pub home: [BitBoard; 2],
    /// Squares outside both home rows (the battlefield).
    pub battlefield: BitBoard,
    /// Where each side may make its five (W3).
    pub five_region: [BitBoard; 2],
    /// Corners for C2 (empty when `corner=off`).
    pub corners: Vec<Corner>,
    /// Squares next to a C2 corner (for a quick test).
    pub corner_neighbours: BitBoard,
    /// The region whose corners are C2 corners (the board, or the battlefield with houses).
    pub corner_region: BitBoard,
    /// The corner squares of `corner_region` (whether or not C2 is on).
    pub region_corners: BitBoard,
    /// The four corner squares of the board.
    pub board_corners: BitBoard,
    /// The board's edge squares other than its corners.
    pub board_edges: BitBoard,
    /// Starting pieces of Black and White.
    pub start: [BitBoard; 2],
    /// Starting pieces per side.
    pub start_pieces: u8,
    /// W1 threshold after resolving `captures:M` (the largest K wins first).
    pub pieces_left: Option<u8>,
    /// W2 lead.
    pub lead: Option<u8>,
    /// W3 in force.
    pub five: bool,
    /// W5 in force.
    pub most_captures: bool,
    /// C1/C4 directions.
    pub capture_dirs: &'static [Direction],
    /// W3 directions (only the four "forward" ones are needed).
    pub five_dirs: &'static [Direction],
    /// C1 run limit (255 when unlimited).
    pub run_limit: u8,
}

/// One shared value per distinct variant, within the process's limit (`crate::interned`).
static INTERNED: Interned<(Preset, RuleOptions), HasamiRules> = Interned::new();

impl HasamiRules {
    /// Parses variant text (`PRESET[+option[=value]…]`, A6) and returns the shared rules for it.
    pub fn parse(text: &str) -> Result<&'static HasamiRules, VariantError> {
        let opts = parse::parse_variant(text)?;
        HasamiRules::intern(opts.0, opts.1).map_err(VariantError::TooMany)
    }

    /// The rules of a preset with no options.
    pub fn preset(preset: Preset) -> &'static HasamiRules {
        match INTERNED.get((preset, preset.base()), false, || {
            geometry::derive(preset, preset.base())
        }) {
            Ok(rules) => rules,
            Err(_) => unreachable!("presets are never counted against the limit"),
        }
    }

    /// Builds (or finds) the shared rules for already validated options; a variant not seen before
    /// is refused beyond the process's limit ([`crate::limit_rule_sets`]).
    pub fn intern(
        preset: Preset,
        options: RuleOptions,
    ) -> Result<&'static HasamiRules, TooManyRuleSets> {
        let counted = options != preset.base();
        INTERNED.get((preset, options), counted, || {
            geometry::derive(preset, options)
        })
    }

    /// Board side.
    #[inline]
    pub fn size(&self) -> u8 {
        self.options.size
    }

    /// The side that has this square in its home rows, if any.
    pub fn home_of(&self, sq: Square) -> Option<Side> {
        Side::ALL.into_iter().find(|s| self.home[s.index()].has(sq))
    }
}

impl fmt::Display for HasamiRules {
    /// Canonical variant text: the preset, then every option that differs from it, in a fixed order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = &self.options;
        let b = self.preset.base();
        f.write_str(self.preset.name())?;
        let onoff = |v: bool| if v { "on" } else { "off" };
        if o.size != b.size {
            write!(f, "+board={}", o.size)?;
        }
        if o.rows != b.rows {
            write!(f, "+rows={}", o.rows.text())?;
        }
        if o.movement != b.movement {
            let m = match o.movement {
                Movement::Slide => "slide",
                Movement::Step => "step",
            };
            write!(f, "+movement={m}")?;
        }
        for (name, v, bv) in [
            ("jump", o.jump, b.jump),
            ("house", o.house, b.house),
            ("corner", o.corner, b.corner),
            ("diagonal-capture", o.diagonal_capture, b.diagonal_capture),
            ("intervention", o.intervention, b.intervention),
        ] {
            if v != bv {
                write!(f, "+{name}={}", onoff(v))?;
            }
        }
        if o.max_run != b.max_run {
            write!(f, "+max-run={}", o.max_run)?;
        }
        if o.win != b.win {
            write!(f, "+win={}", o.win)?;
        }
        if o.five_all != b.five_all {
            write!(f, "+five={}", if o.five_all { "all" } else { "orthogonal" })?;
        }
        if o.misere != b.misere {
            write!(f, "+misere={}", onoff(o.misere))?;
        }
        if o.repetition != b.repetition {
            write!(f, "+repetition={}", o.repetition)?;
        }
        if o.quiet != b.quiet {
            write!(f, "+quiet={}", o.quiet)?;
        }
        Ok(())
    }
}
