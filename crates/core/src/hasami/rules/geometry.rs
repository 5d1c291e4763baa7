//! Derives board masks, home rows, five regions and corners from the options.

use super::{Corner, HasamiRules, Preset, RuleOptions, WinItem};
use crate::types::bitboard::BitBoard;
use crate::types::square::{Direction, Square};

const FORWARD_ORTHOGONAL: [Direction; 2] = [Direction::North, Direction::East];
const FORWARD_ALL: [Direction; 4] = [
    Direction::North,
    Direction::East,
    Direction::NorthEast,
    Direction::NorthWest,
];

/// Fills in everything [`HasamiRules`] derives from its options.
pub(super) fn derive(preset: Preset, o: RuleOptions) -> HasamiRules {
    let n = o.size;
    let board = BitBoard::board(n);
    let depth = o.rows.home_depth();
    let home = [
        BitBoard::ranks(n, 0, depth - 1),
        BitBoard::ranks(n, n - depth, n - 1),
    ];
    let battlefield = board & !(home[0] | home[1]);
    let five_region = if o.house {
        [battlefield, battlefield]
    } else {
        [board & !home[0], board & !home[1]]
    };
    let filled: &[u8] = match o.rows {
        super::Rows::One => &[0],
        super::Rows::OneTwo => &[0, 1],
        super::Rows::OneThree => &[0, 2],
    };
    let mut start = [BitBoard::EMPTY; 2];
    for &r in filled {
        start[0] |= BitBoard::ranks(n, r, r);
        start[1] |= BitBoard::ranks(n, n - 1 - r, n - 1 - r);
    }
    let start_pieces = start[0].len() as u8;

    let region = if o.house { battlefield } else { board };
    let mut corners = Vec::new();
    let mut corner_neighbours = BitBoard::EMPTY;
    if o.corner {
        let (lo, hi) = if o.house {
            (depth, n - 1 - depth)
        } else {
            (0, n - 1)
        };
        for (f, r) in [(0, lo), (n - 1, lo), (0, hi), (n - 1, hi)] {
            let sq = Square::new(f, r);
            let mut nb = Vec::new();
            for d in Direction::ORTHOGONAL {
                if let Some(x) = sq.offset(d) {
                    if region.has(x) {
                        nb.push(x);
                    }
                }
            }
            if let [a, b] = nb[..] {
                corner_neighbours = corner_neighbours.with(a).with(b);
                corners.push(Corner {
                    square: sq,
                    neighbours: [a, b],
                });
            }
        }
    }

    let mut pieces_left: Option<u8> = None;
    let mut lead = None;
    let mut five = false;
    let mut most_captures = false;
    for item in o.win.iter() {
        let k = match item {
            WinItem::PiecesLeft(k) => Some(k),
            WinItem::Captures(m) => Some(start_pieces.saturating_sub(m)),
            WinItem::Lead(d) => {
                lead = Some(lead.map_or(d, |l: u8| l.min(d)));
                None
            }
            WinItem::Five => {
                five = true;
                None
            }
            WinItem::MostCaptures => {
                most_captures = true;
                None
            }
        };
        if let Some(k) = k {
            pieces_left = Some(pieces_left.map_or(k, |p| p.max(k)));
        }
    }
    let corners_of = |r: BitBoard| {
        r & !(r.shift(Direction::East) & r.shift(Direction::West))
            & !(r.shift(Direction::North) & r.shift(Direction::South))
    };
    let corner_region = if o.house { battlefield } else { board };
    let inner = board.shift(Direction::East)
        & board.shift(Direction::West)
        & board.shift(Direction::North)
        & board.shift(Direction::South);
    let board_corners = corners_of(board);
    HasamiRules {
        preset,
        options: o,
        board,
        corner_region,
        region_corners: corners_of(corner_region),
        board_corners,
        board_edges: board & !inner & !board_corners,
        home,
        battlefield,
        five_region,
        corners,
        corner_neighbours,
        start,
        start_pieces,
        pieces_left,
        lead,
        five,
        most_captures,
        capture_dirs: if o.diagonal_capture {
            &Direction::ALL
        } else {
            &Direction::ORTHOGONAL
        },
        five_dirs: if o.five_all {
            &FORWARD_ALL
        } else {
            &FORWARD_ORTHOGONAL
        },
        run_limit: if o.max_run == 0 { u8::MAX } else { o.max_run },
    }
}
