//! The rules of a variant in words for players, written from the parsed rules (not from the preset's
//! name), so that options change the words: `hasami+movement=step+win=pieces-left:0` reads "one
//! square … capture all".

use super::{HasamiRules, Movement};

impl HasamiRules {
    /// The rules in a few plain sentences: board and pieces, moves, captures, how the game is won
    /// and drawn.
    pub fn describe(&self) -> String {
        let o = &self.options;
        let n = o.size;
        let mut s = vec![format!("{n}×{n} board, {} pieces each.", self.start_pieces)];
        let mut moves = match o.movement {
            Movement::Slide => {
                "Pieces move any number of empty squares in a straight line, like a rook"
                    .to_string()
            }
            Movement::Step => "Pieces move one square forwards, backwards or sideways".to_string(),
        };
        if o.jump {
            moves.push_str(", or jump over one next piece to the empty square beyond");
        }
        moves.push('.');
        s.push(moves);
        if o.house {
            s.push(
                "No piece may land in the opponent's home rows, nor go back into its own.".into(),
            );
        }
        let mut capture = if o.diagonal_capture {
            "Capture by sandwiching enemy pieces in a line, also diagonally".to_string()
        } else {
            "Capture by sandwiching enemy pieces in a line".to_string()
        };
        if o.max_run == 1 {
            capture.push_str(" (one piece at a time)");
        } else if o.max_run > 1 {
            capture.push_str(&format!(" (at most {} in a row)", o.max_run));
        }
        if o.intervention {
            capture.push_str(", or by moving in between two enemy pieces");
        }
        capture.push('.');
        s.push(capture);
        if o.corner {
            s.push("A piece in a corner is captured by blocking both squares next to it.".into());
        }
        if let Some(goal) = self.goal() {
            s.push(goal);
        }
        let mut draws = Vec::new();
        if o.repetition > 0 {
            draws.push(format!("a position repeated {} times", o.repetition));
        }
        if o.quiet > 0 {
            draws.push(format!("{} moves in a row without a capture", o.quiet));
        }
        if !draws.is_empty() {
            let ends = if self.most_captures {
                "ends the game (the captures decide)"
            } else {
                "is a draw"
            };
            s.push(format!("{} {ends}.", capitalise(&draws.join(", or "))));
        }
        s.join(" ")
    }

    /// How the game is won, in one sentence ("Win: capture 8 pieces (the opponent down to 1)."),
    /// the reminder shown beside the board; `None` when no rule wins it.
    pub fn goal(&self) -> Option<String> {
        let o = &self.options;
        let mut wins = Vec::new();
        if let Some(k) = self.pieces_left {
            let taken = self.start_pieces.saturating_sub(k);
            wins.push(match (o.misere, k) {
                (false, 0) => "capture all the opponent's pieces".to_string(),
                (false, k) => format!("capture {taken} pieces (the opponent down to {k})"),
                (true, 0) => "lose all your own pieces first (misère)".to_string(),
                (true, k) => format!("be the first down to {k} pieces or fewer (misère)"),
            });
        }
        if let Some(d) = self.lead {
            wins.push(format!("lead by {d} pieces"));
        }
        if self.five {
            let where_ = if o.house {
                "in the battlefield"
            } else {
                "outside your home rows"
            };
            let lines = if o.five_all {
                "in a line (diagonals count)"
            } else {
                "in a row or column"
            };
            wins.push(format!("make five {lines} {where_}"));
        }
        if self.most_captures {
            wins.push("have captured more when no more captures are possible".into());
        }
        let last = wins.pop()?;
        let list = if wins.is_empty() {
            last
        } else {
            format!("{}, or {last}", wins.join(", "))
        };
        Some(format!("Win: {list}."))
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    })
}

#[cfg(test)]
mod tests {
    use crate::HasamiRules;

    fn words(text: &str) -> String {
        HasamiRules::parse(text).unwrap().describe()
    }

    #[test]
    fn the_words_follow_the_options_not_the_preset() {
        let plain = words("hasami");
        assert!(plain.contains("like a rook"), "{plain}");
        assert!(
            plain.contains("Win: capture 8 pieces (the opponent down to 1)."),
            "{plain}"
        );
        assert!(plain.contains("corner"), "{plain}");
        let changed = words("hasami+movement=step+win=pieces-left:0");
        assert!(changed.contains("one square"), "{changed}");
        assert!(!changed.contains("rook"), "{changed}");
        assert!(
            changed.contains("Win: capture all the opponent's pieces."),
            "{changed}"
        );
        let no_corner = words("hasami+corner=off");
        assert!(!no_corner.contains("corner"), "{no_corner}");
        let misere = words("hasami+misere");
        assert!(misere.contains("misère"), "{misere}");
    }

    #[test]
    fn every_preset_has_its_goal_in_words() {
        assert!(words("dai-hasami").contains("make five in a row or column outside your home rows"));
        assert!(words("agon").contains("(diagonals count) in the battlefield"));
        let mak_yek = words("mak-yek");
        assert!(
            mak_yek.contains("moving in between two enemy pieces"),
            "{mak_yek}"
        );
        assert!(
            mak_yek.contains("A piece in a corner is captured"),
            "{mak_yek}"
        );
        assert!(!words("mak-yek+corner=off").contains("corner"));
        assert_eq!(words("apit-sodok"), mak_yek);
        assert!(words("dai-hasami-captures").contains("have captured more"));
        assert!(words("hasami-chess").starts_with("8×8 board, 8 pieces each."));
    }

    #[test]
    fn the_goal_is_the_win_sentence_of_the_words() {
        for text in ["hasami", "dai-hasami", "hasami+win=captures:5", "mak-yek"] {
            let rules = HasamiRules::parse(text).unwrap();
            let goal = rules.goal().unwrap();
            assert!(goal.starts_with("Win: "), "{goal}");
            assert!(rules.describe().contains(&goal), "{text}: {goal}");
        }
        assert_eq!(
            HasamiRules::parse("hasami+win=pieces-left:0")
                .unwrap()
                .goal()
                .as_deref(),
            Some("Win: capture all the opponent's pieces.")
        );
    }
}
