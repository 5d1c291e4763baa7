//! A deliberately simple, independent reference implementation of the Hasami family rules
//! (`RULES.md` Part A).
//!
//! It is written for clarity, not speed: a plain 2-D board of `Option<Side>`, plain loops, and a
//! full history of positions for the repetition rule. It exists only so that tests can check the
//! project's fast implementation against it, move by move and perft count by perft count.
//!
//! Rule numbers in the comments (`A3.4`, `C1`, `W5`, …) refer to `RULES.md`.

/// One of the two sides. Black is the first player (A1.2).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Side {
    Black,
    White,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    fn letter(self) -> char {
        match self {
            Side::Black => 'b',
            Side::White => 'w',
        }
    }
}

/// One item of the `win=` list (A5, A6).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum WinItem {
    /// W1: the opponent of the mover has K or fewer pieces.
    PiecesLeft(usize),
    /// W1 written as a number of captures M (K = starting pieces − M).
    Captures(usize),
    /// W2: the mover leads by at least D pieces.
    Lead(usize),
    /// W3: five in a row.
    Five,
    /// W5: most captures.
    MostCaptures,
}

/// State of the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    Running,
    Win(Side),
    Draw,
}

/// The rules selected by a variant text (A6).
#[derive(Clone, Debug)]
struct Rules {
    /// Board size N (8 or 9).
    n: usize,
    /// Ranks filled by each side, counted from its own edge, 1-based (A2).
    rows: Vec<usize>,
    /// `movement=step` (A3.2) instead of slide (A3.1).
    step: bool,
    /// `jump` (A3.3).
    jump: bool,
    /// `house` (A3.4).
    house: bool,
    /// `corner` (C2).
    corner: bool,
    /// `intervention` (C4).
    intervention: bool,
    /// `diagonal-capture` (C1).
    diagonal: bool,
    /// `misere` (W1).
    misere: bool,
    /// `max-run` (C1); `None` = unlimited.
    max_run: Option<usize>,
    /// `win=` list (A5).
    win: Vec<WinItem>,
    /// `five=all` (W3) instead of orthogonal only.
    five_all: bool,
    /// `repetition=R` (D1); 0 = off.
    repetition: u64,
    /// `quiet=P` (D2); 0 = off.
    quiet: u64,
}

impl Rules {
    /// Pieces each side starts with (A2).
    fn starting_pieces(&self) -> usize {
        self.n * self.rows.len()
    }

    /// Number of home rows of each side (A1.3): up to the farthest rank of its setup.
    fn home_depth(&self) -> usize {
        self.rows.iter().copied().max().unwrap_or(1)
    }
}

const PRESETS: &str =
    "hasami, hasami-chess, dai-hasami, dai-hasami-captures, agon, mak-yek, apit-sodok";

const OPTIONS: &str = "board=8|9, rows=1|1,2|1,3, movement=slide|step, jump, house, corner, \
    intervention, diagonal-capture, misere (on/off options: bare name, =on or =off), max-run=1..8, \
    win=<list of pieces-left:K, captures:M, lead:D, five, most-captures>, five=orthogonal|all, \
    repetition=R (0 or >= 2), quiet=P (0 = off)";

/// The rules of a preset (table A6).
fn preset(name: &str) -> Result<Rules, String> {
    let mut r = Rules {
        n: 9,
        rows: vec![1],
        step: false,
        jump: false,
        house: false,
        corner: true,
        intervention: false,
        diagonal: false,
        misere: false,
        max_run: None,
        win: vec![WinItem::PiecesLeft(1)],
        five_all: false,
        repetition: 3,
        quiet: 100,
    };
    match name {
        "hasami" => {}
        "hasami-chess" => {
            r.n = 8;
        }
        "dai-hasami" => {
            r.rows = vec![1, 2];
            r.jump = true;
            r.win = vec![WinItem::Five];
        }
        "dai-hasami-captures" => {
            r.rows = vec![1, 2];
            r.win = vec![WinItem::MostCaptures];
        }
        "agon" => {
            r.rows = vec![1, 2];
            r.jump = true;
            r.house = true;
            r.win = vec![WinItem::Five, WinItem::PiecesLeft(4)];
            r.five_all = true;
        }
        "mak-yek" => {
            r.n = 8;
            r.rows = vec![1, 3];
            r.intervention = true;
            r.corner = false;
            r.win = vec![WinItem::PiecesLeft(0)];
        }
        "apit-sodok" => {
            r.n = 8;
            r.rows = vec![1, 2];
            r.win = vec![WinItem::MostCaptures];
        }
        _ => {
            return Err(format!(
                "unknown preset '{name}'; allowed presets: {PRESETS}"
            ))
        }
    }
    Ok(r)
}

fn parse_on_off(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value {
        None | Some("on") => Ok(true),
        Some("off") => Ok(false),
        Some(v) => Err(format!(
            "bad value '{v}' for option '{name}'; allowed: {name}, {name}=on, {name}=off"
        )),
    }
}

fn parse_number(name: &str, text: &str) -> Result<u64, String> {
    if text.is_empty() || !text.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("bad number '{text}' for '{name}'"));
    }
    text.parse::<u64>()
        .map_err(|_| format!("bad number '{text}' for '{name}'"))
}

fn parse_win_list(text: &str) -> Result<Vec<WinItem>, String> {
    let allowed = "allowed items: pieces-left:K, captures:M, lead:D, five, most-captures";
    let mut items = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        let parsed = if item == "five" {
            WinItem::Five
        } else if item == "most-captures" {
            WinItem::MostCaptures
        } else if let Some(k) = item.strip_prefix("pieces-left:") {
            WinItem::PiecesLeft(parse_number("pieces-left", k)? as usize)
        } else if let Some(m) = item.strip_prefix("captures:") {
            WinItem::Captures(parse_number("captures", m)? as usize)
        } else if let Some(d) = item.strip_prefix("lead:") {
            WinItem::Lead(parse_number("lead", d)? as usize)
        } else {
            return Err(format!("unknown win item '{item}'; {allowed}"));
        };
        items.push(parsed);
    }
    if items.is_empty() {
        return Err(format!("win= needs at least one item; {allowed}"));
    }
    Ok(items)
}

/// Parses a variant text `PRESET[+OPTION…]` (A6).
fn parse_variant(text: &str) -> Result<Rules, String> {
    let text = text.trim().to_ascii_lowercase();
    let mut parts = text.split('+');
    let name = parts.next().unwrap_or("").trim();
    let mut rules = preset(name)?;
    for opt in parts {
        let opt = opt.trim();
        let (key, value) = match opt.split_once('=') {
            Some((k, v)) => (k.trim(), Some(v.trim())),
            None => (opt, None),
        };
        let need_value = |v: Option<&str>| -> Result<String, String> {
            v.map(|s| s.to_string())
                .ok_or_else(|| format!("option '{key}' needs a value; options: {OPTIONS}"))
        };
        match key {
            "board" => {
                rules.n = match need_value(value)?.as_str() {
                    "8" => 8,
                    "9" => 9,
                    v => return Err(format!("bad board size '{v}'; allowed: board=8, board=9")),
                }
            }
            "rows" => {
                rules.rows = match need_value(value)?.as_str() {
                    "1" => vec![1],
                    "1,2" => vec![1, 2],
                    "1,3" => vec![1, 3],
                    v => {
                        return Err(format!(
                            "bad rows '{v}'; allowed: rows=1, rows=1,2, rows=1,3"
                        ))
                    }
                }
            }
            "movement" => {
                rules.step = match need_value(value)?.as_str() {
                    "slide" => false,
                    "step" => true,
                    v => {
                        return Err(format!(
                            "bad movement '{v}'; allowed: movement=slide, movement=step"
                        ))
                    }
                }
            }
            "jump" => rules.jump = parse_on_off(key, value)?,
            "house" => rules.house = parse_on_off(key, value)?,
            "corner" => rules.corner = parse_on_off(key, value)?,
            "intervention" => rules.intervention = parse_on_off(key, value)?,
            "diagonal-capture" => rules.diagonal = parse_on_off(key, value)?,
            "misere" => rules.misere = parse_on_off(key, value)?,
            "max-run" => {
                let v = parse_number("max-run", &need_value(value)?)?;
                if !(1..=8).contains(&v) {
                    return Err(format!("bad max-run '{v}'; allowed: 1 to 8"));
                }
                rules.max_run = Some(v as usize);
            }
            "win" => rules.win = parse_win_list(&need_value(value)?)?,
            "five" => {
                rules.five_all = match need_value(value)?.as_str() {
                    "orthogonal" => false,
                    "all" => true,
                    v => {
                        return Err(format!(
                            "bad five '{v}'; allowed: five=orthogonal, five=all"
                        ))
                    }
                }
            }
            "repetition" => {
                let v = parse_number("repetition", &need_value(value)?)?;
                if v == 1 {
                    return Err("bad repetition '1'; allowed: 0 (off) or 2 and more".to_string());
                }
                rules.repetition = v;
            }
            "quiet" => rules.quiet = parse_number("quiet", &need_value(value)?)?,
            _ => return Err(format!("unknown option '{opt}'; options: {OPTIONS}")),
        }
    }
    // Starting pieces depend on board and rows: validate the win list only now.
    let start = rules.starting_pieces();
    for item in &rules.win {
        match *item {
            WinItem::PiecesLeft(k) if k >= start => {
                return Err(format!(
                    "pieces-left:{k} needs 0 <= K < {start} (starting pieces)"
                ))
            }
            WinItem::Captures(m) if m < 1 || m > start => {
                return Err(format!(
                    "captures:{m} needs 1 <= M <= {start} (starting pieces)"
                ))
            }
            WinItem::Lead(0) => return Err("lead:0 needs D >= 1".to_string()),
            _ => {}
        }
    }
    Ok(rules)
}

/// board[rank][file], both 0-based; rank 0 is rank 1 (Black's edge).
type Board = Vec<Vec<Option<Side>>>;

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// A square as (file, rank), both 0-based.
type Sq = (usize, usize);

fn square_name(sq: Sq) -> String {
    format!("{}{}", (b'a' + sq.0 as u8) as char, sq.1 + 1)
}

/// Parses a square like `e5` or `E5` (A1.1).
fn parse_square(text: &str, n: usize) -> Result<Sq, String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() < 2 || !chars[0].is_ascii_alphabetic() {
        return Err(format!("bad square '{text}'"));
    }
    let file_char = chars[0].to_ascii_lowercase();
    let rank_text: String = chars[1..].iter().collect();
    if !rank_text.chars().all(|c| c.is_ascii_digit()) || rank_text.len() > 3 {
        return Err(format!("bad square '{text}'"));
    }
    let rank: usize = rank_text
        .parse()
        .map_err(|_| format!("bad square '{text}'"))?;
    let file = (file_char as u8 - b'a') as usize;
    if file >= n || rank < 1 || rank > n {
        return Err(format!("square '{text}' is off the {n}x{n} board"));
    }
    Ok((file, rank - 1))
}

/// Parses a move text `e1e5` / `e1-e5`, any case (A3.5).
fn parse_move(text: &str, n: usize) -> Result<(Sq, Sq), String> {
    let t = text.trim();
    let chars: Vec<char> = t.chars().collect();
    // The from-square is a letter followed by digits.
    let mut i = 1;
    while i < chars.len() && chars[i].is_ascii_digit() {
        i += 1;
    }
    if chars.is_empty() || i == 1 {
        return Err(format!("bad move '{text}': expected e.g. e1e5 or e1-e5"));
    }
    let from_text: String = chars[..i].iter().collect();
    let mut j = i;
    if j < chars.len() && chars[j] == '-' {
        j += 1;
    }
    let to_text: String = chars[j..].iter().collect();
    let from = parse_square(&from_text, n).map_err(|e| format!("bad move '{text}': {e}"))?;
    let to = parse_square(&to_text, n).map_err(|e| format!("bad move '{text}': {e}"))?;
    Ok((from, to))
}

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

    // ----------------------------------------------------------------------------------------
    // Geometry helpers.

    fn at(&self, sq: Sq) -> Option<Side> {
        self.board[sq.1][sq.0]
    }

    /// The square `sq + k·d`, if it is on the board.
    fn step_from(&self, sq: Sq, d: (i32, i32), k: i32) -> Option<Sq> {
        let f = sq.0 as i32 + d.0 * k;
        let r = sq.1 as i32 + d.1 * k;
        let n = self.rules.n as i32;
        if f >= 0 && f < n && r >= 0 && r < n {
            Some((f as usize, r as usize))
        } else {
            None
        }
    }

    /// Whether `sq` is in `side`'s home rows (A1.3).
    fn in_home(&self, side: Side, sq: Sq) -> bool {
        let depth = self.rules.home_depth();
        match side {
            Side::Black => sq.1 < depth,
            Side::White => sq.1 >= self.rules.n - depth,
        }
    }

    /// Whether `sq` is in the battlefield: in neither side's home rows (A3.4).
    fn in_battlefield(&self, sq: Sq) -> bool {
        !self.in_home(Side::Black, sq) && !self.in_home(Side::White, sq)
    }

    /// Whether `sq` is in the corner region of C2.
    fn in_corner_region(&self, sq: Sq) -> bool {
        !self.rules.house || self.in_battlefield(sq)
    }

    /// The four corners of the C2 corner region.
    fn corner_squares(&self) -> Vec<Sq> {
        let n = self.rules.n;
        let (low, high) = if self.rules.house {
            let depth = self.rules.home_depth();
            (depth, n - 1 - depth)
        } else {
            (0, n - 1)
        };
        vec![(0, low), (n - 1, low), (0, high), (n - 1, high)]
    }

    /// Whether `sq` is in `side`'s five-region (W3).
    fn in_five_region(&self, side: Side, sq: Sq) -> bool {
        if self.rules.house {
            self.in_battlefield(sq)
        } else {
            !self.in_home(side, sq)
        }
    }

    fn count(&self, side: Side) -> usize {
        self.board
            .iter()
            .map(|row| row.iter().filter(|&&c| c == Some(side)).count())
            .sum()
    }

    // ----------------------------------------------------------------------------------------
    // Moves (A3).

    /// All legal moves of the side to move as (from, to), ignoring whether the game is over.
    fn generate_moves(&self) -> Vec<(Sq, Sq)> {
        let n = self.rules.n;
        let me = self.to_move;
        let mut moves = Vec::new();
        for rank in 0..n {
            for file in 0..n {
                let from = (file, rank);
                if self.at(from) != Some(me) {
                    continue;
                }
                let mut targets = Vec::new();
                for d in ORTHOGONAL {
                    // A3.1 slide / A3.2 step.
                    let mut k = 1;
                    while let Some(t) = self.step_from(from, d, k) {
                        if self.at(t).is_some() {
                            break;
                        }
                        targets.push(t);
                        if self.rules.step {
                            break;
                        }
                        k += 1;
                    }
                    // A3.3 jump over one adjacent piece of either colour.
                    if self.rules.jump {
                        if let (Some(over), Some(t)) =
                            (self.step_from(from, d, 1), self.step_from(from, d, 2))
                        {
                            if self.at(over).is_some() && self.at(t).is_none() {
                                targets.push(t);
                            }
                        }
                    }
                }
                for t in targets {
                    if self.rules.house {
                        // A3.4: never into the opponent's home rows; from outside one's own
                        // home rows never back into them.
                        if self.in_home(me.other(), t) {
                            continue;
                        }
                        if self.in_home(me, t) && !self.in_home(me, from) {
                            continue;
                        }
                    }
                    if !moves.contains(&(from, t)) {
                        moves.push((from, t));
                    }
                }
            }
        }
        moves
    }

    // ----------------------------------------------------------------------------------------
    // Captures (A4).

    /// The enemy pieces captured by the piece of `mover` that has just landed on `t`
    /// (the board already shows it there). Sorted, without duplicates.
    fn find_captures(&self, t: Sq, mover: Side) -> Vec<Sq> {
        let enemy = mover.other();
        let mut dirs: Vec<(i32, i32)> = ORTHOGONAL.to_vec();
        if self.rules.diagonal {
            dirs.extend_from_slice(&DIAGONAL);
        }
        let mut caught: Vec<Sq> = Vec::new();
        for &d in &dirs {
            // C1 line capture: walk over enemy pieces, then a piece of the mover must follow.
            let mut run = Vec::new();
            let mut k = 1;
            let mut end = None;
            while let Some(sq) = self.step_from(t, d, k) {
                if self.at(sq) == Some(enemy) {
                    run.push(sq);
                    k += 1;
                } else {
                    end = Some(sq);
                    break;
                }
            }
            let run_ok = match self.rules.max_run {
                Some(max) => run.len() <= max,
                None => true,
            };
            if !run.is_empty() && run_ok {
                if let Some(e) = end {
                    if self.at(e) == Some(mover) {
                        caught.extend(run.iter().copied());
                    }
                }
            }
            // C4 intervention: enemy pieces on both sides of t along this axis.
            if self.rules.intervention {
                let a = self.step_from(t, d, 1);
                let b = self.step_from(t, d, -1);
                if let (Some(a), Some(b)) = (a, b) {
                    if self.at(a) == Some(enemy) && self.at(b) == Some(enemy) {
                        caught.push(a);
                        caught.push(b);
                    }
                }
            }
        }
        // C2 corner capture.
        if self.rules.corner {
            for c in self.corner_squares() {
                if self.at(c) != Some(enemy) {
                    continue;
                }
                let neighbours: Vec<Sq> = ORTHOGONAL
                    .iter()
                    .filter_map(|&d| self.step_from(c, d, 1))
                    .filter(|&sq| self.in_corner_region(sq))
                    .collect();
                if neighbours.contains(&t)
                    && neighbours.iter().all(|&sq| self.at(sq) == Some(mover))
                {
                    caught.push(c);
                }
            }
        }
        caught.sort();
        caught.dedup();
        caught
    }

    /// Plays a move known to be legal: moves the piece, removes captures, updates counters,
    /// history and the result. Returns the captured squares.
    fn apply(&mut self, from: Sq, to: Sq) -> Vec<Sq> {
        let mover = self.to_move;
        self.board[from.1][from.0] = None;
        self.board[to.1][to.0] = Some(mover);
        let captured = self.find_captures(to, mover);
        for &sq in &captured {
            self.board[sq.1][sq.0] = None;
        }
        if captured.is_empty() {
            self.quiet_plies = self.quiet_plies.saturating_add(1);
        } else {
            self.quiet_plies = 0;
        }
        if mover == Side::White {
            self.move_number = self.move_number.saturating_add(1);
        }
        self.to_move = mover.other();
        self.history.push((self.board.clone(), self.to_move));
        self.outcome = self.judge();
        captured
    }

    // ----------------------------------------------------------------------------------------
    // End of the game (A5).

    /// Whether `side` has five in a row inside its five-region (W3).
    fn has_five(&self, side: Side) -> bool {
        let n = self.rules.n;
        let mut dirs: Vec<(i32, i32)> = vec![(1, 0), (0, 1)];
        if self.rules.five_all {
            dirs.push((1, 1));
            dirs.push((1, -1));
        }
        for rank in 0..n {
            for file in 0..n {
                for &d in &dirs {
                    let mut all = true;
                    for k in 0..5 {
                        match self.step_from((file, rank), d, k) {
                            Some(sq)
                                if self.at(sq) == Some(side) && self.in_five_region(side, sq) => {}
                            _ => {
                                all = false;
                                break;
                            }
                        }
                    }
                    if all {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// W5 counting: more pieces wins, equal is a draw.
    fn by_count(&self) -> Outcome {
        let b = self.count(Side::Black);
        let w = self.count(Side::White);
        if b > w {
            Outcome::Win(Side::Black)
        } else if w > b {
            Outcome::Win(Side::White)
        } else {
            Outcome::Draw
        }
    }

    /// Judges the current position as if the side not to move had just moved (A5).
    fn judge(&self) -> Outcome {
        let mover = self.to_move.other();
        let opponent = self.to_move;
        let mine = self.count(mover);
        let theirs = self.count(opponent);
        let win = &self.rules.win;
        let start = self.rules.starting_pieces();

        // W1 pieces left / captures.
        for item in win {
            let k = match *item {
                WinItem::PiecesLeft(k) => k,
                WinItem::Captures(m) => start.saturating_sub(m),
                _ => continue,
            };
            if theirs <= k {
                return if self.rules.misere {
                    Outcome::Win(opponent)
                } else {
                    Outcome::Win(mover)
                };
            }
        }
        // W2 lead.
        for item in win {
            if let WinItem::Lead(d) = *item {
                if mine >= theirs + d {
                    return Outcome::Win(mover);
                }
            }
        }
        // W3 five in a row.
        if win.contains(&WinItem::Five) && self.has_five(mover) {
            return Outcome::Win(mover);
        }
        // W5 most captures.
        // A side with no pieces loses; with at most one each, the count decides.
        if win.contains(&WinItem::MostCaptures)
            && (mine == 0 || theirs == 0 || (mine <= 1 && theirs <= 1))
        {
            return self.by_count();
        }
        // W4 both too weak for five.
        let has_w1 = win
            .iter()
            .any(|i| matches!(i, WinItem::PiecesLeft(_) | WinItem::Captures(_)));
        if win.contains(&WinItem::Five) && !has_w1 && mine < 5 && theirs < 5 {
            return Outcome::Draw;
        }
        // D1 repetition.
        if self.rules.repetition > 0 {
            let current = (self.board.clone(), self.to_move);
            let seen = self.history.iter().filter(|p| **p == current).count() as u64;
            if seen >= self.rules.repetition {
                return Outcome::Draw;
            }
        }
        // D2 quiet limit.
        if self.rules.quiet > 0 && self.quiet_plies >= self.rules.quiet {
            return if win.contains(&WinItem::MostCaptures) {
                self.by_count()
            } else {
                Outcome::Draw
            };
        }
        // W6 no move for the side to move.
        if self.generate_moves().is_empty() {
            return Outcome::Win(mover);
        }
        Outcome::Running
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(variant: &str, pos: &str) -> RefGame {
        RefGame::new(variant, Some(pos)).expect("valid test position")
    }

    #[test]
    fn start_position_text() {
        let g = RefGame::new("hasami", None).unwrap();
        assert_eq!(g.fen(), "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 1");
        let g = RefGame::new("mak-yek", None).unwrap();
        assert_eq!(g.fen(), "wwwwwwww/8/wwwwwwww/8/8/bbbbbbbb/8/bbbbbbbb b 0 1");
        let g = RefGame::new("hasami+board=8+rows=1,2", None).unwrap();
        assert_eq!(g.fen(), "wwwwwwww/wwwwwwww/8/8/8/8/bbbbbbbb/bbbbbbbb b 0 1");
        assert_eq!(g.result(), "none");
    }

    #[test]
    fn line_capture_single_and_run() {
        // White e5, e6; Black e4; Black a7 slides to e7 and takes e5 and e6.
        let mut g = game("hasami", "w7w/9/b8/4w4/4w4/4b4/9/9/b7b b 0 1");
        assert_eq!(g.play("a7e7").unwrap(), vec!["e5", "e6"]);
        assert_eq!(g.fen(), "w7w/9/4b4/9/9/4b4/9/9/b7b w 0 1");
        // With max-run=1 the two-piece run is not taken.
        let mut g = game("hasami+max-run=1", "w7w/9/b8/4w4/4w4/4b4/9/9/b7b b 0 1");
        assert_eq!(g.play("A7-E7").unwrap(), Vec::<String>::new());
        assert_eq!(g.fen(), "w7w/9/4b4/4w4/4w4/4b4/9/9/b7b w 1 1");
    }

    #[test]
    fn safe_landing_and_edge_is_not_capturing() {
        // Black lands between two White pieces: not captured (C3).
        let mut g = game("hasami", "w7w/9/9/3w1w3/9/9/9/9/b3b3b b 0 1");
        assert_eq!(g.play("e1e6").unwrap(), Vec::<String>::new());
        assert_eq!(g.fen(), "w7w/9/9/3wbw3/9/9/9/9/b7b w 1 1");
        // The board edge does not capture: White on a5 against the edge, Black lands on b5.
        let mut g = game("hasami+corner=off", "8w/9/9/9/w8/9/9/9/1b6b b 0 1");
        assert_eq!(g.play("b1b5").unwrap(), Vec::<String>::new());
    }

    #[test]
    fn corner_capture() {
        // White a1, Black b1; Black c2 -> a2... slides to a2 and takes the corner a1 (C2).
        let pos = "8w/9/9/9/9/9/9/2b5w/wb7 b 0 1";
        let mut g = game("hasami", pos);
        assert_eq!(g.play("c2a2").unwrap(), vec!["a1"]);
        let mut g = game("hasami+corner=off", pos);
        assert_eq!(g.play("c2a2").unwrap(), Vec::<String>::new());
    }

    #[test]
    fn corner_capture_battlefield_with_house() {
        // agon: corner region is the battlefield, corners a3 i3 a7 i7.
        // White on a3, Black on b3; Black moves a5 -> a4 and takes a3.
        let pos = "wwwwwwwww/wwwwwwwww/9/9/b8/9/wb7/bb7/bbbbbbbbb b 0 1";
        let mut g = game("agon", pos);
        assert_eq!(g.play("a5a4").unwrap(), vec!["a3"]);
    }

    #[test]
    fn intervention_and_diagonal() {
        // mak-yek: Black lands between two White pieces and takes both (C4).
        let mut g = game("mak-yek", "w6w/8/8/8/2w1w3/8/8/b2b3b b 0 1");
        assert_eq!(g.play("d1d4").unwrap(), vec!["c4", "e4"]);
        // Diagonal capture: Black lands on c3 with White d4 and Black e5.
        let mut g = game(
            "hasami+diagonal-capture",
            "w7w/9/9/9/4b4/3w5/9/9/2b5b b 0 1",
        );
        assert_eq!(g.play("c1c3").unwrap(), vec!["d4"]);
        let mut g = game("hasami", "w7w/9/9/9/4b4/3w5/9/9/2b5b b 0 1");
        assert_eq!(g.play("c1c3").unwrap(), Vec::<String>::new());
    }

    #[test]
    fn loaded_position_is_judged() {
        // hasami, Black to move with one Black piece left: already a White win.
        let g = game("hasami", "w7w/9/9/9/9/9/9/9/4b4 b 0 1");
        assert_eq!(g.result(), "p2win");
        assert!(g.legal_moves().is_empty());
        assert_eq!(g.perft(2), 0);
        // The quiet limit reached in the text ends the game.
        let g = game("hasami", "ww7/9/9/9/9/9/9/9/bb7 b 100 60");
        assert_eq!(g.result(), "draw");
        let g = game("apit-sodok", "ww6/8/8/8/8/8/8/bbb5 w 100 60");
        assert_eq!(g.result(), "p1win");
    }

    #[test]
    fn end_conditions() {
        // W3: five on rank 5 (outside Black's home rows) wins.
        let mut g = game("dai-hasami", "wwwww4/9/9/9/bbbb5/9/9/9/4b4 b 0 1");
        g.play("e1e5").unwrap();
        assert_eq!(g.result(), "p1win");
        // A five inside the own home rows does not count.
        let mut g = game("dai-hasami", "wwwww4/9/9/9/9/9/9/bbbb5/4b4 b 0 1");
        g.play("e1e2").unwrap();
        assert_eq!(g.result(), "none");
        // W4: both sides below five pieces with win=five only.
        let g = game("dai-hasami", "wwww5/9/9/9/9/9/9/9/bbbb5 b 0 1");
        assert_eq!(g.result(), "draw");
        let g = game("agon", "wwww5/9/9/9/9/9/9/9/bbbbb4 b 0 1");
        assert_eq!(g.result(), "none");
        // Misère W1: Black takes White's second-last piece, White (left with one) wins.
        let mut g = game("hasami+misere", "w7w/9/9/9/9/9/9/w8/1b6b b 0 1");
        assert_eq!(g.play("b1b2").unwrap(), Vec::<String>::new());
        let mut g = game("hasami+misere", "8w/9/9/9/9/9/b8/w8/1b6b b 0 1");
        assert_eq!(g.play("b1a1").unwrap(), vec!["a2"]);
        assert_eq!(g.result(), "p2win");
        // W2 lead.
        let mut g = game("hasami+win=lead:2", "ww7/9/9/9/9/9/b8/w8/1b5bb b 0 1");
        g.play("b1a1").unwrap();
        assert_eq!(g.result(), "p1win");
        // W6: White cannot move.
        let g = game("hasami+win=pieces-left:0", "wb5bw/b7b/9/9/9/9/9/9/9 w 0 1");
        assert_eq!(g.result(), "p1win");
    }

    #[test]
    fn repetition_draw() {
        let mut g = RefGame::new("hasami", None).unwrap();
        for mv in ["a1a2", "a9a8", "a2a1", "a8a9", "a1a2", "a9a8", "a2a1"] {
            g.play(mv).unwrap();
            assert_eq!(g.result(), "none");
        }
        g.play("a8a9").unwrap();
        assert_eq!(g.result(), "draw");
        assert!(g.play("a1a2").is_err());
    }

    #[test]
    fn bad_input_is_an_error() {
        assert!(RefGame::new("nope", None).is_err());
        assert!(RefGame::new("hasami+board=7", None).is_err());
        assert!(RefGame::new("hasami+win=pieces-left:9", None).is_err());
        assert!(RefGame::new("hasami+rows=1,2+win=pieces-left:17", None).is_ok());
        assert!(RefGame::new("hasami+win=captures:10", None).is_err());
        assert!(RefGame::new("hasami+max-run=9", None).is_err());
        assert!(RefGame::new("hasami+repetition=1", None).is_err());
        assert!(RefGame::new("hasami+jump=maybe", None).is_err());
        assert!(RefGame::new("hasami+rows", None).is_err());
        assert!(RefGame::new("hasami", Some("9/9/9 b")).is_err());
        assert!(RefGame::new("hasami", Some("91/9/9/9/9/9/9/9/9 b")).is_err());
        assert!(RefGame::new("hasami", Some("x8/9/9/9/9/9/9/9/9 b")).is_err());
        assert!(RefGame::new("hasami", Some("9/9/9/9/9/9/9/9/9 x")).is_err());
        let mut g = RefGame::new("hasami", None).unwrap();
        for bad in [
            "", "e1", "e1e", "e1e10", "j1j2", "e1e1", "e1f2", "e9e5", "é1e5", "e1--e5",
        ] {
            assert!(g.play(bad).is_err(), "{bad}");
        }
        assert_eq!(g.fen(), "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 1");
        assert!(g.play("E1-E5").is_ok());
    }
}
