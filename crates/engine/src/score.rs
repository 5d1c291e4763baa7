//! The score scale: centi-pieces, with wins and losses at a distance from [`WIN`].

/// Score of a won game at the root; a win in n plies scores `WIN - n`.
pub const WIN: i32 = 30_000;
/// Scores beyond this are wins or losses.
pub const WIN_BOUND: i32 = WIN - 1000;
