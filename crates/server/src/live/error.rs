//! What can go wrong with a game: one variant per case, each with its message in words.
//!
//! The game logic knows nothing of HTTP; the edge (`crate::http::error`) alone decides which status
//! each case is answered with.

use hasami_core::shogun::ArrangementError;
use hasami_core::AnyGameError;
use thiserror::Error;

use crate::db::DbError;
use hasami_view::{BoardError, Refusal};

/// Why a game action was refused or failed. A refused action changes nothing.
#[derive(Debug, Error)]
pub(crate) enum GameError {
    // ---- No such game.
    /// No game has this id.
    #[error("no game with id {0}")]
    NotFound(i64),

    // ---- The request itself is wrong.
    /// The variant text does not parse.
    #[error("bad variant '{text}': {reason}")]
    BadVariant {
        /// The text given.
        text: String,
        /// Why it does not parse.
        reason: String,
    },
    /// A variant not seen before while the process keeps as many distinct rules as it may
    /// (`Limits::rule_sets`).
    #[error(transparent)]
    TooManyRuleSets(hasami_core::TooManyRuleSets),
    /// `engine: omniscient` asked for a Hasami-family game.
    #[error("engine 'omniscient' is for Shogun only (the Hasami family has no hidden numbers)")]
    OmniscientNotShogun,
    /// An engine kind other than `fair` or `omniscient`.
    #[error("bad engine '{0}': allowed are fair, omniscient")]
    BadEngine(String),
    /// Where the engine searches, other than `server` or `page` (the page only against the engine).
    #[error("bad engine_in '{0}': allowed are server, and page against the engine")]
    BadEngineIn(String),
    /// `random_board` asked for a Hasami-family game.
    #[error("random_board is for Shogun only (it draws the magnet board's seed and rotation)")]
    RandomBoardNotShogun,
    /// The variant or the start position is not valid.
    #[error(transparent)]
    BadPosition(AnyGameError),
    /// A clock's starting time out of range.
    #[error("bad clock initial time {0}: seconds from 0.1 to 10800 (3 hours)")]
    BadClockInitial(f64),
    /// A clock's increment out of range.
    #[error("bad clock increment {0}: seconds from 0 to 60")]
    BadClockIncrement(f64),
    /// Correspondence days per move that are not one of those offered.
    #[error("bad clock days {0}: correspondence games have 1, 2, 3, 5, 7 or 14 days per move")]
    BadClockDays(f64),
    /// A clock that is neither real-time nor correspondence, or both.
    #[error("bad clock: give initial (and increment) for a real-time clock, or days for a correspondence game, not both")]
    BadClockKind,
    /// Days per move asked for a game that is not online.
    #[error("days per move (correspondence) are for online games only")]
    DaysNotOnline,
    /// An engine level out of range.
    #[error("bad level {0}: levels are 1 to 10")]
    BadLevel(u32),
    /// The creator's side is not `black`, `white` or `random`.
    #[error("bad side '{0}': allowed are black, white, random")]
    BadCreatorSide(String),
    /// A side is not `black` or `white`.
    #[error("bad side '{0}': allowed are black, white")]
    BadSide(String),
    /// A player's name that is empty, too long or has control characters.
    #[error("bad name: 1 to 40 characters, no line breaks or control characters")]
    BadName,
    /// A name that reads as the engine's.
    #[error("bad name: names like 'hasami level N' are the engine's")]
    ReservedName,
    /// A token playing both sides names a player without saying which side.
    #[error("this token plays both sides: say which, with side black or white")]
    SideNeeded,
    /// The record text is longer than the server takes.
    #[error("the record is {bytes} bytes; the server takes records of at most {max} bytes")]
    RecordTooLarge {
        /// Its size.
        bytes: usize,
        /// The limit.
        max: usize,
    },
    /// The record has more plies than a game may have.
    #[error("the record has {plies} plies; a game has at most {max} plies")]
    TooManyPlies {
        /// Its plies.
        plies: usize,
        /// The limit.
        max: usize,
    },
    /// The game has as many plies as a game may have.
    #[error("the game has reached {max} plies, the most a game may have: offer a draw or resign")]
    PlyLimit {
        /// The limit.
        max: usize,
    },
    /// A record's `Termination` tag that is too long or holds control or hidden characters.
    #[error("bad Termination tag: at most {max} characters, no control or invisible characters")]
    BadTermination {
        /// The limit.
        max: usize,
    },
    /// The record text does not parse or does not replay.
    #[error("bad record: {0}")]
    BadRecord(String),
    /// The move text does not parse or the move is illegal (with the rule that forbids it), and
    /// why for programs (`GameError::illegal` makes it).
    #[error("{0}")]
    IllegalMove(AnyGameError, Box<Refusal>),
    /// An analysis board request with more moves than it may carry.
    #[error("{moves} moves given; the analysis board takes at most {max} moves")]
    TooManyMoves {
        /// The moves given.
        moves: usize,
        /// The limit.
        max: usize,
    },
    /// A move of an analysis board request that does not parse or is illegal (its 1-based ply).
    #[error("move {ply}: {error}")]
    IllegalBoardMove {
        /// The move's ply.
        ply: usize,
        /// Why it is refused.
        error: AnyGameError,
        /// Why, for programs.
        why: Box<Refusal>,
    },
    /// A draw action other than `offer`, `accept` or `decline`.
    #[error("bad draw action '{0}': allowed are offer, accept, decline")]
    BadDrawAction(String),
    /// A lobby listing asked for a game that is not online.
    #[error("only an online game can wait in the lobby (opponent \"online\")")]
    OpenNotOnline,
    /// A rated game asked for that cannot be rated, and why.
    #[error("{0}")]
    Rated(&'static str),
    /// Joining a rated game without being logged in.
    #[error("log in to join a rated game")]
    AccountNeeded,
    /// Renaming a seat an account holds (its name is the account's).
    #[error("this seat's name is its account's")]
    AccountName,
    /// Joining one's own game from the lobby with the same account.
    #[error("you cannot join your own game")]
    OwnGame,
    /// A takeback action other than `offer`, `accept` or `decline`.
    #[error("bad takeback action '{0}': allowed are offer, accept, decline")]
    BadTakebackAction(String),

    /// A chat message that is empty, too long or not one line (why, in words).
    #[error("bad chat message: {0}; a message is 1 to 300 characters on one line")]
    BadChat(&'static str),
    /// Chat in a game that is not online (engine and hot-seat games have none).
    #[error("chat is only for online games, between their two players")]
    ChatNotOnline,

    // ---- Who may do what.
    /// A player's action without a token.
    #[error(
        "a player's token is needed (the token from your game link); spectators can only watch"
    )]
    TokenNeeded,
    /// A token that plays neither side of this game (the game's id).
    #[error("this token does not play in game {0}; spectators can only watch")]
    NotAPlayer(i64),
    /// A move out of turn.
    #[error("not your turn: {to_move} is to move ({whose} side), and your token plays {yours}")]
    NotYourTurn {
        /// The side to move, as this game calls it.
        to_move: &'static str,
        /// `the engine's` or `the other player's`.
        whose: &'static str,
        /// The token's side, as this game calls it.
        yours: &'static str,
    },
    /// Naming a side the token does not play (the side as given).
    #[error("your token does not play {0}; you can only name your own side")]
    NotYourSide(String),
    /// A hint asked for a ply the game has not reached (the ply asked, the plies played).
    #[error("there is no ply {0} in this game: it has {1} plies")]
    NoSuchPly(usize, usize),
    /// An arrangement of pieces that is not seven ids 1–7, each once.
    #[error(transparent)]
    BadArrangement(ArrangementError),
    /// Hints asked in an online game still in progress.
    #[error("hints and analysis are off in an online game until it is over")]
    NoHintsOnline,
    /// An analysis board search of the position an online game in progress stands at.
    #[error("this is the position of an online game in progress: hints and analysis are off there until the game is over")]
    OnlinePosition,

    // ---- Not possible in the game's current state.
    /// A move, hint or offer before both players have arranged their pieces (Shogun
    /// `setup=choose`).
    #[error("the players are still arranging their pieces; the game starts when both have")]
    Arranging,
    /// An arrangement in a game that is not (or no longer) arranging.
    #[error("this game does not wait for an arrangement (only shogun+setup=choose does, before the first move)")]
    NotArranging,
    /// A side that has already arranged its pieces.
    #[error("{0} has already arranged its pieces")]
    ArrangedAlready(&'static str),
    /// The game has ended (how, in words).
    #[error("the game is over: {0}")]
    GameOver(String),
    /// A takeback after a resignation, an agreed draw, a loss on time, or any end of an engine
    /// game (how it ended).
    #[error("the game is over ({0}); moves cannot be taken back")]
    EndedNoTakeback(String),
    /// An undo in an online game, where the opponent must agree to a takeback.
    #[error("in an online game your opponent must agree: ask for a takeback")]
    NoTakebackOnline,
    /// A takeback request in an engine or hot-seat game, where Undo takes moves back at once.
    #[error("in engine and hot-seat games Undo takes moves back at once; no request is needed")]
    TakebackByUndo,
    /// Accepting a takeback nobody asked for.
    #[error("there is no takeback request to accept")]
    NoTakebackToAccept,
    /// Declining a takeback nobody asked for.
    #[error("there is no takeback request to decline")]
    NoTakebackToDecline,
    /// A takeback with no move of the player's to take back.
    #[error("there is no move of yours to take back")]
    NothingToTakeBack,
    /// A draw offer to the engine.
    #[error("the engine does not take draw offers; resign or play on")]
    EngineTakesNoDraws,
    /// Accepting a draw nobody offered.
    #[error("there is no draw offer to accept")]
    NoOfferToAccept,
    /// Declining a draw nobody offered.
    #[error("there is no draw offer to decline")]
    NoOfferToDecline,
    /// Joining a game whose seat is not free (taken, never open, or the game ended).
    #[error("this game is not open to join: someone took the seat, or it ended")]
    NotOpen,
    /// One client's open games in the lobby are as many as one may have.
    #[error("you have {max} games waiting in the lobby; wait for a player, or abort one")]
    TooManyOpen {
        /// The allowance.
        max: usize,
    },
    /// One client's seats taken from the lobby, in games that have not begun, are as many as one
    /// may hold.
    #[error(
        "you have joined {max} games from the lobby that have not begun; play or abort one first"
    )]
    TooManyJoined {
        /// The allowance.
        max: usize,
    },
    /// More time asked in a game without days per move.
    #[error("only an online correspondence game (clock days) can give more time")]
    NotCorrespondence,
    /// More time asked while the game waits for its players (the lobby, arranging pieces).
    #[error("the game has not started: its days run once both players are in")]
    NotStarted,
    /// More time asked by the side to move itself.
    #[error("it is your turn: only the waiting player can give more time")]
    ExtendOwnTurn,
    /// More time asked once the turn has had all it may have.
    #[error("this turn has been given more time {max} times, the most it may")]
    TooManyExtensions {
        /// The limit.
        max: i64,
    },
    /// Aborting once both sides have moved.
    #[error("a game can be aborted only before each side has moved; resign instead")]
    TooLateToAbort,
    /// A rematch or a review of a game that goes on.
    #[error("the game is not over yet")]
    NotOver,
    /// A review of an online game still in progress (it would help a player).
    #[error("an online game is reviewed once it is over")]
    NoReviewWhilePlaying,
    /// The engine is busy with as many reviews as the server runs at once.
    #[error("the server is reviewing as many games as it can; try again in a minute")]
    ReviewsBusy,
    /// A player posting chat messages faster than the pace allows (seconds to wait).
    #[error(
        "too many chat messages: at most 5 at once, then one every 2 seconds; wait {wait_s} s"
    )]
    ChatTooFast {
        /// Seconds until the next message is allowed.
        wait_s: u64,
    },
    /// A game's chat holds as many messages as it may.
    #[error("this game's chat is full: it keeps at most {max} messages")]
    ChatFull {
        /// The limit.
        max: u32,
    },
    /// A chat message more than an hour after the game ended.
    #[error("the chat of this game closed an hour after the game ended; it can still be read")]
    ChatClosed,
    /// The games in use fill the memory the server gives games (`Limits::live_games` and
    /// `live_bytes`); none can be dropped to load or start another.
    #[error("the server holds as many games as it can, all in use; try again in 30 seconds")]
    MemoryFull,

    // ---- The server's own failures.
    /// A stored game's moves do not replay.
    #[error("stored game {id} cannot be replayed: {reason}")]
    Corrupt {
        /// The game's id.
        id: i64,
        /// What failed.
        reason: String,
    },
    /// The store failed.
    #[error("{0}")]
    Store(#[from] DbError),
}

impl GameError {
    /// A move refused with `error`, with its refusal code and facts.
    pub(crate) fn illegal(error: AnyGameError) -> GameError {
        let why = Refusal::of_move(&error);
        GameError::IllegalMove(error, Box::new(why))
    }

    /// The refusal code and facts of this error, for the refusals a player can meet when moving.
    pub(crate) fn refusal(&self) -> Option<Refusal> {
        match self {
            GameError::IllegalMove(_, why) => Some(Refusal::clone(why)),
            GameError::IllegalBoardMove { ply, why, .. } => {
                Some(Refusal::clone(why).with("ply", ply))
            }
            GameError::NotYourTurn { .. } => Some(Refusal::new("not_your_turn")),
            GameError::GameOver(_) => Some(Refusal::new("game_over")),
            GameError::Arranging => Some(Refusal::new("arranging")),
            _ => None,
        }
    }
}

impl From<BoardError> for GameError {
    fn from(e: BoardError) -> GameError {
        match e {
            BoardError::BadPosition(e) => GameError::BadPosition(e),
            BoardError::TooManyMoves { moves, max } => GameError::TooManyMoves { moves, max },
            BoardError::IllegalMove { ply, error, why } => {
                GameError::IllegalBoardMove { ply, error, why }
            }
        }
    }
}
