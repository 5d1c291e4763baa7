//! Pressing a lead in the capture games ([`crate::SearchGame::press`]): when one side has more pieces
//! and wins by capturing (W1, W2; not most captures, misère or five in a row), it gains for every
//! landing square the defender lacks where its piece would be safe from a sandwich next move. A lead
//! alone is not a win: two or three rook-moving pieces keep out of sandwiches on an open board, and
//! without this the side ahead shuffles until the quiet limit (D2) draws. Hemming the defender in
//! brings captures within the search's reach (docs/conversion.md).

use hasami_core::{BitBoard, Direction, HasamiPosition};

/// The bonus for the side to move in `pos` (negative when it is the side behind) at the weight `w`,
/// centi-pieces per piece of lead for each safe landing square per defending piece the defender lacks
/// against a rook's most on an open board (the family's weight, `Goal::press_weight` of the
/// evaluation); 0 when material is level or the rules have no such goal.
pub(crate) fn press(pos: &HasamiPosition, w: i32) -> i32 {
    if !applies(pos) {
        return 0;
    }
    let us = pos.side();
    press_with(pos, w, pos.mobility_of(us).1, pos.mobility_of(!us).1)
}

/// Whether [`press`] can be other than 0: a lead in a game won by capturing.
#[inline]
pub(crate) fn applies(pos: &HasamiPosition) -> bool {
    won_by_capturing(pos) && pos.pieces(pos.side()).len() != pos.pieces(!pos.side()).len()
}

/// Whether the rules of `pos` are won by capturing the other side's pieces (W1, W2), where a lead
/// in pieces is what the side ahead presses: not most captures, misère or five in a row.
#[inline]
pub(crate) fn won_by_capturing(pos: &HasamiPosition) -> bool {
    let rules = pos.rules();
    !(rules.most_captures || rules.options.misere || rules.five)
}

/// [`press`] with the weight `w`, given where each side's pieces can land (`ours` for the side
/// to move, `theirs` for the other), which the evaluation has already worked out; call only when
/// [`applies`].
#[inline]
pub(crate) fn press_with(pos: &HasamiPosition, w: i32, ours: BitBoard, theirs: BitBoard) -> i32 {
    let us = pos.side();
    let (mine, others) = (pos.pieces(us).len() as i32, pos.pieces(!us).len() as i32);
    let (leader, lead, pieces, attack, defence) = if mine > others {
        (us, mine - others, others, ours, theirs)
    } else {
        (!us, others - mine, mine, theirs, ours)
    };
    let pieces = pieces.max(1);
    let bonus = w * lead * hemmed(pos, leader, attack, defence, pieces) / pieces;
    if leader == us {
        bonus
    } else {
        -bonus
    }
}

/// How far short of a rook's most on an open board (2 × (size − 1) per piece, `pieces` defending
/// pieces) the defender's safe landing squares (among `landing`) fall. A square is unsafe when a
/// piece of `leader` stands next to it and the leader can move to the square opposite (C1,
/// orthogonal; `reach`: where the leader can land).
fn hemmed(
    pos: &HasamiPosition,
    leader: hasami_core::Side,
    reach: BitBoard,
    landing: BitBoard,
    pieces: i32,
) -> i32 {
    let rules = pos.rules();
    let attackers = pos.pieces(leader);
    let mut danger = BitBoard::EMPTY;
    for (a, b) in [
        (Direction::East, Direction::West),
        (Direction::West, Direction::East),
        (Direction::North, Direction::South),
        (Direction::South, Direction::North),
    ] {
        danger |= attackers.shift(a) & reach.shift(b);
    }
    let safe = (landing & !danger & rules.board).len() as i32;
    let most = 2 * (i32::from(rules.size()) - 1);
    (most * pieces - safe).max(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hasami_core::HasamiRules;

    fn pos(variant: &str, text: &str) -> HasamiPosition {
        HasamiPosition::from_text(text, HasamiRules::parse(variant).unwrap()).unwrap()
    }

    #[test]
    fn the_side_ahead_gains_and_the_side_behind_loses_the_same() {
        // Black four pieces against White's two.
        let black_to_move = pos("hasami", "8w/9/9/9/4w4/9/9/9/b1b3b1b b 0 1");
        let white_to_move = pos("hasami", "8w/9/9/9/4w4/9/9/9/b1b3b1b w 0 1");
        let b = press(&black_to_move, 12);
        assert!(b > 0, "{b}");
        assert!(press(&white_to_move, 12) < 0);
    }

    #[test]
    fn nothing_when_level_or_when_the_count_or_a_five_decides() {
        assert_eq!(press(&pos("hasami", "8w/9/9/9/4w4/9/9/9/b7b b 0 1"), 12), 0);
        for variant in [
            "hasami-chess+rows=1,2+win=most-captures",
            "dai-hasami-captures",
            "dai-hasami",
            "hasami+misere",
        ] {
            // The start with one of White's pieces taken away: a lead, but not in a game this term
            // is for.
            let text = HasamiPosition::start(HasamiRules::parse(variant).unwrap()).to_string();
            let board = text.split_whitespace().next().unwrap();
            let fewer = board.replacen('w', "1", 1);
            let q = pos(variant, &text.replacen(board, &fewer, 1));
            assert_ne!(q.pieces(!q.side()).len(), q.pieces(q.side()).len());
            assert_eq!(press(&q, 12), 0, "{variant}");
        }
    }

    #[test]
    fn taking_a_defenders_safe_squares_raises_it() {
        // White's e5 piece: in the open, then with Black pieces on d4 and f6 next to its lines.
        let open = pos("hasami", "9/9/9/9/4w4/9/9/9/bbb3bbw b 0 1");
        let hemmed_in = pos("hasami", "9/9/9/5b3/4w4/3b5/9/9/b1b3bbw b 0 1");
        assert!(
            press(&hemmed_in, 12) > press(&open, 12),
            "{} vs {}",
            press(&hemmed_in, 12),
            press(&open, 12)
        );
    }
}
