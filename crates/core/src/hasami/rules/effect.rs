//! Options that cannot change the game (RULES.md A6): a setting moved away from the preset's own
//! value although the other rules leave it nothing to do, such as `misere` with no win condition
//! that counts pieces left. The parser refuses them with the reason; restating the preset's own value
//! (`hasami+corner=on`) is accepted. Old stored variant texts (legacy.rs) drop them instead: they
//! played the same game without them.

use super::{RuleOptions, WinItem, WinList};

/// One option that changes nothing, as written in variant text, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct NoEffect {
    /// The option (`misere`, `five=all`, `max-run=7`, `win item 'lead:9'`).
    pub option: String,
    /// Why it cannot matter.
    pub reason: String,
}

/// The options of `o` that change nothing against the preset's `base`, in the order of A6, and `o`
/// with each of them put back to the preset's value (the same game, written without them).
pub(super) fn review(base: &RuleOptions, o: &RuleOptions) -> (Vec<NoEffect>, RuleOptions) {
    let mut found = Vec::new();
    let mut clean = *o;
    let mut note = |option: String, reason: String| found.push(NoEffect { option, reason });

    // C1: a line of the board holds at most size − 2 enemy pieces between two of the mover's.
    let longest = o.size - 2;
    if o.max_run != base.max_run && o.max_run >= longest {
        note(
            format!("max-run={}", o.max_run),
            format!(
                "no line of the {n}x{n} board holds more than {longest} enemy pieces between two of \
                 the mover's",
                n = o.size
            ),
        );
        clean.max_run = base.max_run;
    }

    // The win list: items that another item always decides first.
    let start = o.size * o.rows.filled();
    let (items, dropped) = live_items(o.win, start);
    if o.win != base.win {
        for (item, reason) in dropped {
            note(format!("win item '{item}'"), reason);
        }
        let mut list = [None; 5];
        for (slot, item) in list.iter_mut().zip(&items) {
            *slot = Some(*item);
        }
        clean.win = WinList { items: list };
    }
    let counts_pieces = items
        .iter()
        .any(|i| matches!(i, WinItem::PiecesLeft(_) | WinItem::Captures(_)));
    let five = items.contains(&WinItem::Five);

    if o.five_all != base.five_all && !five {
        note(
            format!("five={}", if o.five_all { "all" } else { "orthogonal" }),
            "five in a row is not in the win list".into(),
        );
        clean.five_all = base.five_all;
    }
    if o.misere != base.misere && !counts_pieces {
        note(
            if o.misere { "misere" } else { "misere=off" }.to_string(),
            "no win condition counts pieces left (pieces-left/captures)".into(),
        );
        clean.misere = base.misere;
    }
    (found, clean)
}

/// The items of a win list that can decide a game (in their order), and those that cannot, each with
/// the reason: W1 ends the game at the largest count of pieces left, so a smaller count (or the same
/// count again) never decides; the smallest lead wins first; a lead of D is out of reach when W1 has
/// ended the game before the opponent could be D pieces behind; an item listed twice counts once.
fn live_items(win: WinList, start: u8) -> (Vec<WinItem>, Vec<(WinItem, String)>) {
    let left = |item: WinItem| match item {
        WinItem::PiecesLeft(k) => Some(k),
        WinItem::Captures(m) => Some(start.saturating_sub(m)),
        _ => None,
    };
    let w1 = win.iter().filter_map(left).max();
    let lead = win
        .iter()
        .filter_map(|i| match i {
            WinItem::Lead(d) => Some(d),
            _ => None,
        })
        .min();
    let mut live: Vec<WinItem> = Vec::new();
    let mut dropped = Vec::new();
    for item in win.iter() {
        let first_w1 = live.iter().copied().find(|&i| left(i).is_some());
        let reason = match item {
            _ if live.contains(&item) => Some(format!("'{item}' is listed twice")),
            WinItem::PiecesLeft(_) | WinItem::Captures(_) => match first_w1 {
                Some(other) if left(other) >= left(item) => {
                    Some(format!("'{other}' ends the game first"))
                }
                _ if left(item) < w1 => Some(format!(
                    "an opponent down to {} pieces has already lost",
                    w1.unwrap_or(0)
                )),
                _ => None,
            },
            WinItem::Lead(d) if Some(d) > lead => {
                Some(format!("a lead of {} pieces wins first", lead.unwrap_or(0)))
            }
            WinItem::Lead(d) if w1.is_some_and(|k| d >= start - k) => {
                let k = w1.unwrap_or(0);
                Some(format!(
                    "with {start} pieces each, the game ends when a side is down to {k} before \
                     the other can lead by {d}"
                ))
            }
            _ => None,
        };
        match reason {
            Some(r) => dropped.push((item, r)),
            None => live.push(item),
        }
    }
    (live, dropped)
}
