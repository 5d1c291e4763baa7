//! # hasami-core
//!
//! The rules of the Hasami Shogi family and of Shogun, as `docs/RULES.md` states them (Part A, the
//! Hasami family; Part B, Shogun; rule ids such as `C1` or `S5` are cited throughout the code and the
//! tests): variants as data, positions on bitboards, move generation, captures, game ends, position
//! and move text, game records, perft and random playouts.
//!
//! ## Architecture
//!
//! ```text
//! types/      vocabulary with no rules: Square, BitBoard, Side, Move, PieceMoves
//! position    the Position trait both families implement
//! game        Game<P>: positions so far, repetition (D1), checked play, undo
//! record/     Record<P>: game records (docs/records.md), parsed and written once for both families
//! perft       perft<P>; playout: random whole games
//! puzzle      the puzzle files' format (suites/puzzles/, docs/learn.md)
//! variant     Variant: either family's rules from variant text
//! any         AnyGame: a game of either family behind one type (used by the UGI engine, the web
//!             server and terminal play)
//! hasami/     the Hasami family: rules (variant text A6 → HasamiRules) and HasamiPosition (setup
//!             text, move generation, captures C1–C5, the end of the game A5, Zobrist hashing)
//! shogun/     Shogun: rules (S9), the magnet board (S3), paths and moves (S4), Shogun safety (S5),
//!             the end of the game (S6), position text (S8)
//! ```
//!
//! Everything written once ([`Game`], [`Record`], [`perft()`], [`playout()`]) works on any
//! [`Position`]; each family keeps only what is really its own. Rules are data: a variant text parses
//! into an interned `&'static` rules value that a position carries, so positions stay small and `Copy`
//! (how many distinct ones a process keeps may be bounded: [`limit_rule_sets`]).
//! Checked play ([`Game::play`], [`Position::try_play`]) leaves everything unchanged on error;
//! [`Position::play_unchecked`] is the engine's fast path. The first player is [`Side::First`]:
//! Black in the Hasami family, White in Shogun ([`Position::side_name`]).
//!
//! ```
//! use hasami_core::{HasamiGame, HasamiRules};
//!
//! let rules = HasamiRules::parse("hasami+win=captures:5").unwrap();
//! let mut game = HasamiGame::new(rules);
//! game.play_text("e1e5").unwrap();
//! assert_eq!(game.position().to_string(), "wwwwwwwww/9/9/9/4b4/9/9/9/bbbb1bbbb w 1 1");
//! ```
//!
//! Either family from variant text:
//!
//! ```
//! use hasami_core::AnyGame;
//!
//! let mut game = AnyGame::new("shogun+seed=7", None).unwrap();
//! let mv = game.legal_moves()[0];
//! game.play(mv).unwrap();
//! assert_eq!(game.side_name(game.side()), "Red");
//! ```
#![deny(missing_docs)]

mod any;
mod game;
pub mod hasami;
mod interned;
mod outcome;
mod perft;
mod playout;
mod position;
pub mod puzzle;
mod record;
pub mod shogun;
pub mod suite;
mod types;
mod variant;

pub use any::{AnyGame, AnyGameError, AnyPlayed, AnyPosition};
pub use game::{repetitions, Game, HasamiGame, PlayError, Played, ShogunGame};
pub use hasami::position::{
    HasamiPosition, IllegalMoveError, ParseSetupError, PositionError, Setup, Unreachable,
};
pub use hasami::rules::{
    upgrade_stored_variant, Alias, Corner, HasamiRules, Movement, Preset, Rows, RuleOptions,
    VariantError, WinItem, WinList, ALIASES,
};
pub use interned::{limit_rule_sets, rule_sets, TooManyRuleSets};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use perft::{divide, divide_until, perft, perft_after};
pub use playout::{playout, random_game, PlayoutResult};
pub use position::Position;
pub use record::{
    AnyRecord, AnyReplayError, HasamiRecord, Record, RecordError, RecordErrorKind, RecordMove,
    RecordResult, Recordable, ReplayError, ShogunRecord, LINE_WIDTH, RESERVED_TAGS,
};
pub use shogun::movegen::ShogunMoveError;
pub use shogun::position::{ShogunPiece, ShogunPosition};
pub use shogun::rules::{ShogunOptions, ShogunRules, ShogunVariantError};
pub use shogun::text::{ShogunTextError, ShogunTextErrorKind};
pub use types::bitboard::BitBoard;
pub use types::mv::{Move, ParseMoveError};
pub use types::piece_moves::PieceMoves;
pub use types::rng::SplitMix64;
pub use types::side::Side;
pub use types::square::{Direction, ParseSquareError, Square, STRIDE};
pub use variant::{all_presets, ParseVariantError, Variant};
