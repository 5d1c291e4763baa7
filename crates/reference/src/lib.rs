//! A deliberately simple, independent reference implementation of the Hasami family rules
//! (`RULES.md` Part A).
//!
//! It is written for clarity, not speed: a plain 2-D board of `Option<Side>`, plain loops, and a
//! full history of positions for the repetition rule. It exists only so that tests can check the
//! project's fast implementation against it, move by move and perft count by perft count.
//!
//! Rule numbers in the comments (`A3.4`, `C1`, `W5`, …) refer to `RULES.md`.

mod game;
mod notation;
mod rules;
mod variant;

pub use game::RefGame;

#[cfg(test)]
mod tests;
