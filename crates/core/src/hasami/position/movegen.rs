//! Move generation: slides, steps, jumps and houses (A3), one piece at a time or counted in bulk.

use super::HasamiPosition;
use crate::hasami::rules::Movement;
use crate::types::bitboard::BitBoard;
use crate::types::mv::Move;
use crate::types::piece_moves::PieceMoves;
use crate::types::side::Side;
use crate::types::square::{Direction, Square, STRIDE};

/// How a set of landing squares was reached.
#[derive(Clone, Copy)]
enum Kind {
    Slide(Direction),
    Step(Direction),
    Jump(Direction),
}

impl HasamiPosition {
    /// Calls `f` on the landing squares reachable by `pieces` in each direction and kind of move
    /// (slide/step and jump), each with the squares they may land on (`targets`). Within one call every
    /// landing square belongs to exactly one piece, which is what bulk counting relies on.
    #[inline(always)]
    fn for_each_target_set(
        &self,
        pieces: BitBoard,
        targets: BitBoard,
        mut f: impl FnMut(BitBoard, Kind),
    ) {
        use Direction::{East, North, South, West};
        let o = &self.rules.options;
        let occ = self.occupied();
        let empty = self.rules.board & !occ;
        match o.movement {
            Movement::Slide => {
                f(
                    pieces.fill_by::<{ STRIDE as i32 }>(empty) & targets,
                    Kind::Slide(North),
                );
                f(
                    pieces.fill_by::<{ -(STRIDE as i32) }>(empty) & targets,
                    Kind::Slide(South),
                );
                // East is the direction of carries: `o ^ (o - 2r)` runs from each slider up to and
                // including the first non-empty square (the guard column stops every rank).
                let o = !empty.0;
                let east = (o ^ o.wrapping_sub(pieces.0 << 1)) & empty.0;
                f(BitBoard(east) & targets, Kind::Slide(East));
                f(pieces.fill_by::<-1>(empty) & targets, Kind::Slide(West));
            }
            Movement::Step => {
                for d in Direction::ORTHOGONAL {
                    f(pieces.shift(d) & empty & targets, Kind::Step(d));
                }
            }
        }
        if o.jump {
            for d in Direction::ORTHOGONAL {
                f(
                    (pieces.shift(d) & occ).shift(d) & empty & targets,
                    Kind::Jump(d),
                );
            }
        }
    }

    /// The `n`-th move (0-based) in the order that [`HasamiPosition::count_moves`] counts them. `None` when `n`
    /// is not below the move count.
    pub fn nth_move(&self, n: u64) -> Option<Move> {
        self.pick_move(|total| n.min(total))
    }

    /// Picks one move: `choose(count)` returns an index below `count` (e.g. a random one) and the move at
    /// that index in counting order is returned. Builds the landing sets once. `None` without moves.
    pub fn pick_move(&self, choose: impl FnOnce(u64) -> u64) -> Option<Move> {
        let mut sets = [(
            BitBoard::EMPTY,
            BitBoard::EMPTY,
            Kind::Step(Direction::North),
        ); 16];
        let mut len = 0;
        let mut total = 0u64;
        self.with_target_groups(self.side, self.pieces(self.side), |p, t| {
            self.for_each_target_set(p, t, |set, kind| {
                if !set.is_empty() {
                    sets[len] = (set, p, kind);
                    len += 1;
                    total += u64::from(set.len());
                }
            });
        });
        if total == 0 {
            return None;
        }
        let mut left = choose(total);
        for &(set, p, kind) in &sets[..len] {
            let n = u64::from(set.len());
            if left >= n {
                left -= n;
                continue;
            }
            let mut bits = set.0;
            for _ in 0..left {
                bits &= bits - 1;
            }
            let to = BitBoard(bits).first()?;
            return origin(p, to, kind).map(|from| Move::new(from, to));
        }
        None
    }

    /// Calls `g(pieces, targets)` for `side`'s `pieces` split by where they may land (A3.4).
    #[inline(always)]
    fn with_target_groups(
        &self,
        side: Side,
        pieces: BitBoard,
        mut g: impl FnMut(BitBoard, BitBoard),
    ) {
        if self.rules.options.house {
            let [(home, from_home), (away, from_away)] = self.house_groups(side);
            g(pieces & home, from_home);
            g(pieces & away, from_away);
        } else {
            // Every landing square is an empty square of the board already: no restriction to
            // apply (a constant, so the masking compiles away).
            g(pieces, BitBoard(u128::MAX));
        }
    }

    /// A3.4 for `side`'s pieces: (squares, where a piece there may land) for its home and for the rest
    /// of the board.
    #[inline(always)]
    fn house_groups(&self, side: Side) -> [(BitBoard, BitBoard); 2] {
        let rules = self.rules;
        let own_home = rules.home[side.index()];
        let their_home = rules.home[(!side).index()];
        [
            (own_home, rules.board & !their_home),
            (!own_home, rules.battlefield),
        ]
    }

    /// The number of moves `side` would have if it were to move, and every square they land on, in one
    /// pass (the evaluation's mobility and reach of both sides, without turning the position).
    #[inline(always)]
    pub fn mobility_of(&self, side: Side) -> (u32, BitBoard) {
        let mut n = 0;
        let mut any = BitBoard::EMPTY;
        let mut add = |set: BitBoard, _| {
            n += set.len();
            any |= set;
        };
        let pieces = self.pieces(side);
        if self.rules.options.house {
            let [(home, from_home), (away, from_away)] = self.house_groups(side);
            self.for_each_target_set(pieces & home, from_home, &mut add);
            self.for_each_target_set(pieces & away, from_away, &mut add);
        } else {
            // One call site, so that the counting inlines into the fills.
            self.for_each_target_set(pieces, BitBoard(u128::MAX), &mut add);
        }
        (n, any)
    }

    /// Every square where a piece of `side` on `from` could land if `side` were to move.
    #[inline]
    pub fn reach_of(&self, side: Side, from: BitBoard) -> BitBoard {
        let mut out = BitBoard::EMPTY;
        self.with_target_groups(side, self.pieces(side) & from, |p, t| {
            if !p.is_empty() {
                self.for_each_target_set(p, t, |set, _| out |= set);
            }
        });
        out
    }

    /// Where the piece on `from` may land (empty if there is no piece of the side to move there).
    pub fn destinations(&self, from: Square) -> BitBoard {
        self.destinations_of(BitBoard::from_square(from))
    }

    /// Every square where some piece of the side to move on `from` may land, found for all of them at
    /// once (squares of `from` without a piece of the side to move are left out).
    #[inline]
    pub fn destinations_of(&self, from: BitBoard) -> BitBoard {
        self.reach_of(self.side, from)
    }

    /// Whether `mv` is a move of the side to move: the same answer as [`HasamiPosition::check_move`] without
    /// the reason, found from the move's own squares instead of the piece's every destination (for
    /// checking remembered moves, e.g. a search's table move).
    #[inline]
    pub fn is_move(&self, mv: Move) -> bool {
        let rules = self.rules;
        let (from, to) = (mv.from, mv.to);
        let occ = self.occupied();
        if !self.pieces(self.side).has(from) || !(rules.board & !occ).has(to) {
            return false;
        }
        if rules.options.house {
            // A3.4: from the own home anywhere but the enemy's home; from outside it, the battlefield.
            let [(home, from_home), (_, from_away)] = self.house_groups(self.side);
            let allowed = if home.has(from) { from_home } else { from_away };
            if !allowed.has(to) {
                return false;
            }
        }
        let (ff, fr, tf, tr) = (from.file(), from.rank(), to.file(), to.rank());
        let (df, dr) = (ff.abs_diff(tf), fr.abs_diff(tr));
        if df != 0 && dr != 0 {
            return false; // every move is orthogonal (A3)
        }
        let d = df + dr;
        // The squares strictly between: the bits from lo + 1 to hi − 1, on the file for a vertical move.
        let (lo, hi) = (
            from.index().min(to.index()) as u32,
            from.index().max(to.index()) as u32,
        );
        let range = ((1u128 << hi) - 1) & !((1u128 << (lo + 1)) - 1);
        let between = BitBoard(if dr == 0 {
            range
        } else {
            range & (FILE_A << ff)
        });
        let walks = match rules.options.movement {
            Movement::Slide => (between & occ).is_empty(),
            Movement::Step => d == 1,
        };
        // A3.3: a jump over one adjacent piece of either side onto the empty square behind it.
        walks || (rules.options.jump && d == 2 && !(between & occ).is_empty())
    }

    /// Generates the moves of the side to move piece by piece; stops early and returns `true` when `f`
    /// does. Does not look at whether the game is over.
    pub fn generate_moves(&self, mut f: impl FnMut(PieceMoves) -> bool) -> bool {
        for from in self.pieces(self.side) {
            let to = self.destinations(from);
            if !to.is_empty() && f(PieceMoves { from, to }) {
                return true;
            }
        }
        false
    }

    /// Every move of the side to move, in board order (does not look at whether the game is over).
    pub fn moves(&self) -> Vec<Move> {
        <Self as crate::position::Position>::moves(self)
    }

    /// Number of moves of the side to move, counted in bulk without listing them.
    #[inline]
    pub fn count_moves(&self) -> u64 {
        let mut n = 0u64;
        self.with_target_groups(self.side, self.pieces(self.side), |p, t| {
            self.for_each_target_set(p, t, |set, _| n += u64::from(set.len()));
        });
        n
    }

    /// Calls `f` on every move of the side to move that lands in `mask`, found per direction for all
    /// pieces at once (fast when `mask` is small, e.g. capture squares).
    #[inline]
    pub fn for_each_move_into(&self, mask: BitBoard, mut f: impl FnMut(Move)) {
        if !self.rules.options.house && mask.len() <= FEW {
            self.moves_into_few(mask, f);
            return;
        }
        self.with_target_groups(self.side, self.pieces(self.side), |p, t| {
            self.for_each_target_set(p, t & mask, |set, kind| {
                for to in set {
                    if let Some(from) = origin(p, to, kind) {
                        f(Move::new(from, to));
                    }
                }
            });
        });
    }

    /// The number of moves of the side to move and every square they can land on, in one pass.
    #[inline]
    pub fn mobility(&self) -> (u32, BitBoard) {
        self.mobility_of(self.side)
    }

    /// Whether the side to move has any move.
    #[inline]
    pub fn has_moves(&self) -> bool {
        let mut any = BitBoard::EMPTY;
        self.with_target_groups(self.side, self.pieces(self.side), |p, t| {
            self.for_each_target_set(p, t, |set, _| any |= set);
        });
        !any.is_empty()
    }
}

/// Up to this many landing squares, [`HasamiPosition::for_each_move_into`] looks back from each of them
/// along rays instead of filling from every piece (measured with callgrind on the bench).
const FEW: u32 = 1;

impl HasamiPosition {
    /// [`HasamiPosition::for_each_move_into`] for a few landing squares outside the house variants: for each
    /// kind of move, [`origin`] of the occupied squares names the only square a mover can come from (for
    /// a slide the nearest occupied square behind, which nothing can pass); the move is there when that
    /// square holds one of ours (and, for a jump, the square between is occupied). The moves come in the
    /// same order as the fills give them (kind by kind, landing squares ascending).
    #[inline]
    fn moves_into_few(&self, mask: BitBoard, mut f: impl FnMut(Move)) {
        let rules = self.rules;
        let occ = self.occupied();
        let own = self.pieces(self.side);
        let targets = mask & rules.board & !occ;
        if targets.is_empty() {
            return;
        }
        let mut from_behind = |kind: Kind| {
            for to in targets {
                let Some(from) = origin(occ, to, kind) else {
                    continue;
                };
                let over = match kind {
                    Kind::Jump(d) => to.offset(d.opposite()).is_some_and(|s| occ.has(s)),
                    _ => true,
                };
                if over && own.has(from) {
                    f(Move::new(from, to));
                }
            }
        };
        for d in Direction::ORTHOGONAL {
            from_behind(match rules.options.movement {
                Movement::Slide => Kind::Slide(d),
                Movement::Step => Kind::Step(d),
            });
        }
        if rules.options.jump {
            for d in Direction::ORTHOGONAL {
                from_behind(Kind::Jump(d));
            }
        }
    }
}

/// Per direction (in [`Direction`] order) and square: the squares from it to the edge of the 9×9
/// layout in that direction, the square itself left out.
const RAYS: [[u128; 100]; 4] = {
    let mut t = [[0u128; 100]; 4];
    let dirs = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ];
    let mut k = 0;
    while k < 4 {
        let mut i = 0u8;
        while i < 100 {
            if let Some(sq) = Square::from_index(i) {
                let mut cur = sq.offset(dirs[k]);
                while let Some(n) = cur {
                    t[dirs[k] as usize][i as usize] |= 1u128 << n.index();
                    cur = n.offset(dirs[k]);
                }
            }
            i += 1;
        }
        k += 1;
    }
    t
};

/// The piece of `pieces` that reaches `to` by a move of `kind`.
#[inline]
fn origin(pieces: BitBoard, to: Square, kind: Kind) -> Option<Square> {
    match kind {
        Kind::Step(d) => to.offset(d.opposite()),
        Kind::Jump(d) => to.offset(d.opposite()).and_then(|s| s.offset(d.opposite())),
        Kind::Slide(d) => {
            // The squares between the piece and `to` are empty, so the piece is the nearest one behind
            // `to` on its ray: the highest bit below it (moving up) or the lowest above it (moving down).
            let behind = pieces.0 & RAYS[d.opposite() as usize][to.index()];
            let found = match d {
                Direction::North | Direction::East => highest(behind),
                _ => lowest(behind),
            };
            found.map(Square::from_index_unchecked)
        }
    }
}

/// The squares of file a (layout bits 0, 10, …, 80); shifted left by f for file f.
const FILE_A: u128 = {
    let mut bits = 0u128;
    let mut r = 0;
    while r < 9 {
        bits |= 1 << (r * STRIDE as u32);
        r += 1;
    }
    bits
};

#[inline]
fn highest(bits: u128) -> Option<u8> {
    (bits != 0).then(|| (127 - bits.leading_zeros()) as u8)
}

#[inline]
fn lowest(bits: u128) -> Option<u8> {
    (bits != 0).then(|| bits.trailing_zeros() as u8)
}
