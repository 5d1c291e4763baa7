//! A game under the reference rules: loading, playing, judging and counting moves. The rules' parts
//! are in `board.rs` (geometry), `moves.rs` (A3, A4) and `judge.rs` (A5).

mod board;
mod judge;
mod moves;

use crate::notation::*;
use crate::rules::*;
use crate::variant::{parse_number, parse_variant};

/// A game of a Hasami family variant under the reference rules.
#[derive(Clone, Debug)]
pub struct RefGame {
    /// The rules of the variant.
    rules: Rules,
    /// The pieces, `board[rank][file]`.
    board: Board,
    /// The side to move.
    to_move: Side,
    /// Consecutive plies without a capture (D2).
    quiet_plies: u64,
    /// Full-move number, starting at 1, increased after White's move (A7).
    move_number: u64,
    /// Every position (pieces and side to move) since the game or loaded position began,
    /// including the current one (D1).
    history: Vec<(Board, Side)>,
    /// The result, judged after every move (A5).
    outcome: Outcome,
}

impl RefGame {
    /// Creates a game. `variant` is a variant text as RULES.md A6 (`PRESET[+option…]`);
    /// `position` is a position text as A7, or `None` for the variant's start position.
    ///
    /// A position loaded from text is judged by A5 as if the side not to move had just moved;
    /// it counts as the first occurrence for repetition (D1). Bad input gives `Err` with a message.
    pub fn new(variant: &str, position: Option<&str>) -> Result<RefGame, String> {
        let rules = parse_variant(variant)?;
        let n = rules.n;
        let mut game = RefGame {
            board: vec![vec![None; n]; n],
            to_move: Side::Black,
            quiet_plies: 0,
            move_number: 1,
            history: Vec::new(),
            outcome: Outcome::Running,
            rules,
        };
        match position {
            None => {
                // A2: Black fills its rows from rank 1, White mirrored from rank N.
                for &row in &game.rules.rows.clone() {
                    for file in 0..n {
                        game.board[row - 1][file] = Some(Side::Black);
                        game.board[n - row][file] = Some(Side::White);
                    }
                }
            }
            Some(text) => game.load_position(text)?,
        }
        game.history.push((game.board.clone(), game.to_move));
        game.outcome = game.judge();
        Ok(game)
    }

    /// Parses position text (A7) into `self`.
    fn load_position(&mut self, text: &str) -> Result<(), String> {
        let n = self.rules.n;
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 2 && fields.len() != 4 {
            return Err(format!(
                "bad position text '{text}': expected '<ranks> <side> [<quiet plies> <move number>]'"
            ));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != n {
            return Err(format!(
                "bad position text '{text}': {} ranks given, the board has {n}",
                ranks.len()
            ));
        }
        let mut board: Board = vec![vec![None; n]; n];
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = n - 1 - i;
            let mut file = 0usize;
            for c in rank_text.chars() {
                let (piece, run) = match c {
                    'b' => (Some(Side::Black), 1),
                    'w' => (Some(Side::White), 1),
                    '1'..='9' => (None, c as usize - '0' as usize),
                    _ => {
                        return Err(format!(
                            "bad position text '{text}': bad character '{c}' in rank {}",
                            rank + 1
                        ))
                    }
                };
                if file + run > n {
                    return Err(format!(
                        "bad position text '{text}': rank {} is too long (the board has {n} files)",
                        rank + 1
                    ));
                }
                for _ in 0..run {
                    board[rank][file] = piece;
                    file += 1;
                }
            }
            if file != n {
                return Err(format!(
                    "bad position text '{text}': rank {} is too short ({file} of {n} files)",
                    rank + 1
                ));
            }
        }
        let side = match fields[1] {
            "b" => Side::Black,
            "w" => Side::White,
            s => {
                return Err(format!(
                    "bad position text '{text}': side to move '{s}' must be 'b' or 'w'"
                ))
            }
        };
        let (quiet, number) = if fields.len() == 4 {
            let q = parse_number("quiet plies", fields[2])
                .map_err(|e| format!("bad position text '{text}': {e}"))?;
            let m = parse_number("move number", fields[3])
                .map_err(|e| format!("bad position text '{text}': {e}"))?;
            if m == 0 {
                return Err(format!(
                    "bad position text '{text}': the move number starts at 1"
                ));
            }
            (q, m)
        } else {
            (0, 1)
        };
        self.board = board;
        self.to_move = side;
        self.quiet_plies = quiet;
        self.move_number = number;
        Ok(())
    }

    /// Every legal move as lowercase text like `e1e5`, sorted ascending (string order);
    /// empty if the game is over.
    pub fn legal_moves(&self) -> Vec<String> {
        if self.outcome != Outcome::Running {
            return Vec::new();
        }
        let mut moves: Vec<String> = self
            .generate_moves()
            .into_iter()
            .map(|(f, t)| format!("{}{}", square_name(f), square_name(t)))
            .collect();
        moves.sort();
        moves.dedup();
        moves
    }

    /// Plays a move given as move text (A3.5: any case, `e1e5` or `e1-e5`) and returns the
    /// captured squares sorted (e.g. `["e6", "e7"]`). An illegal or malformed move, or a finished
    /// game, gives `Err` and leaves the game unchanged.
    pub fn play(&mut self, mv: &str) -> Result<Vec<String>, String> {
        if self.outcome != Outcome::Running {
            return Err(format!("cannot play '{mv}': the game is over"));
        }
        let (from, to) = parse_move(mv, self.rules.n)?;
        if !self.generate_moves().contains(&(from, to)) {
            return Err(format!(
                "illegal move '{mv}' ({}{} is not a legal move here)",
                square_name(from),
                square_name(to)
            ));
        }
        let captured = self.apply(from, to);
        let mut names: Vec<String> = captured.into_iter().map(square_name).collect();
        names.sort();
        Ok(names)
    }

    /// `"p1win"` (Black, the first player, wins), `"p2win"`, `"draw"`, or `"none"` while the game
    /// is running.
    pub fn result(&self) -> &'static str {
        match self.outcome {
            Outcome::Running => "none",
            Outcome::Win(Side::Black) => "p1win",
            Outcome::Win(Side::White) => "p2win",
            Outcome::Draw => "draw",
        }
    }

    /// Position text (A7) of the current position, e.g.
    /// `wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 1`.
    pub fn fen(&self) -> String {
        let n = self.rules.n;
        let mut rank_texts = Vec::new();
        for rank in (0..n).rev() {
            let mut s = String::new();
            let mut empty = 0;
            for file in 0..n {
                match self.board[rank][file] {
                    None => empty += 1,
                    Some(side) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(side.letter());
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            rank_texts.push(s);
        }
        format!(
            "{} {} {} {}",
            rank_texts.join("/"),
            self.to_move.letter(),
            self.quiet_plies,
            self.move_number
        )
    }

    /// Perft: the number of leaves of all legal move sequences of length `depth` (a finished
    /// game has no moves; depth 0 counts 1).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome != Outcome::Running {
            return 0;
        }
        let moves = self.generate_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for (from, to) in moves {
            let mut child = self.clone();
            child.apply(from, to);
            total += child.perft(depth - 1);
        }
        total
    }
}
