//! Solving a signature by retrograde analysis (docs/tables.md).
//!
//! A signature and its swap (`3v2` and `2v3`) are solved together, since a quiet move of one leads
//! into the other. First every position's moves are looked at once: a capture ends the game (the rules
//! judge it) or enters a smaller, already solved table, whose value at quiet count 0 is final; quiet
//! moves are counted. A position with a winning capture is a win at distance 1, one without moves a
//! loss at 0, one with only losing captures a loss at 1. Then, distance by distance, each decided
//! position's predecessors (un-moves: the other side's piece moved back, where the forward move
//! captures nothing) are updated: the predecessor of a loss is a win one ply further; the predecessor
//! of a win loses one of its quiet moves, and when none is left (and no capture reached a draw) it is a
//! loss one ply further. What is left undecided is a draw; under a quiet limit (D2) the pass ends at
//! the limit, as a capture further away cannot be forced in time.
//!
//! With the board's symmetries ([`Symmetry::Board`]) each entry stands for a family of images: the
//! move counts are weighted by the families' sizes (`orbit`), and the entries that repeat another
//! are left out of the passes and given its value at the end.

use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, AtomicU8, Ordering::Relaxed};
use std::time::Instant;

use hasami_core::{BitBoard, HasamiPosition, HasamiRules, Outcome, Side};

use super::symmetry::{Symmetry, TRANSFORMS};
use super::{unsupported, Indexer, Signature, Table, TableError, Value, MAX_DISTANCE};

/// The flag in a position's move count that a capture reaches a draw.
const DRAW_EXIT: u16 = 0x8000;

/// What a build did.
#[derive(Debug, Clone)]
pub struct BuildStats {
    /// Positions solved (both signatures).
    pub positions: u64,
    /// Distance levels the retrograde pass went through.
    pub levels: u32,
    /// Wall time in seconds.
    pub seconds: f64,
}

/// How far a build has come, told after its first look and after each distance level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Every position's moves have been looked at.
    FirstLook {
        /// Positions looked at (both signatures).
        positions: u64,
        /// Seconds since the build began.
        seconds: u64,
    },
    /// The positions decided at one distance have passed their value on to their predecessors.
    Level {
        /// The distance in plies.
        distance: u8,
        /// Positions decided at that distance (both signatures).
        decided: u64,
        /// Seconds since the build began.
        seconds: u64,
    },
}

/// Whether positions of `sig` are over before anyone moves (a side has too few pieces).
pub fn decided(rules: &'static HasamiRules, sig: Signature) -> bool {
    let Some(ix) = Indexer::new(rules.size(), sig.stm, sig.opp, Symmetry::Off) else {
        return true;
    };
    let (s, o) = ix.position(0);
    HasamiPosition::from_pieces(rules, [s, o], Side::First, 0)
        .judge(None, false)
        .is_some()
}

/// The smaller signatures that captures from `sig` or its swap can reach, each as the pair it is
/// built with (the larger side first), smallest first: what must be built before `sig`.
pub fn lower_pairs(rules: &'static HasamiRules, sig: Signature) -> Vec<Signature> {
    let mut out: Vec<Signature> = Vec::new();
    let mut stack = vec![sig];
    while let Some(s) = stack.pop() {
        for side in [s, s.swapped()] {
            for left in 1..side.opp {
                let child = Signature {
                    stm: left,
                    opp: side.stm,
                };
                let pair = canonical(child);
                if !decided(rules, child) && !out.contains(&pair) {
                    out.push(pair);
                    stack.push(pair);
                }
            }
        }
    }
    out.sort_by_key(|s| (s.stm + s.opp, *s));
    out
}

/// The signature of the pair `sig` belongs to that is named first (more pieces for the side to move).
pub fn canonical(sig: Signature) -> Signature {
    if sig.stm >= sig.opp {
        sig
    } else {
        sig.swapped()
    }
}

/// One signature's working arrays.
struct Half {
    ix: Indexer,
    /// Value bytes; 0 = not decided yet.
    val: Vec<AtomicU8>,
    /// Quiet moves not yet known to lose, each counted as many times as the position has images
    /// (see [`orbit`]), and [`DRAW_EXIT`].
    rem: Vec<AtomicU16>,
}

/// How many distinct images the position at `i` has under the index's symmetries (1 without).
///
/// With symmetries an entry stands for its whole family of images, and the un-moves from an entry
/// S reach the entries P of its predecessors once for every pair (image P′ of P, quiet move P′ → S).
/// Counting both families' pairs, |images of P| · (moves of P into S's family) = |images of S| ·
/// (those pairs), so P's count starts at its quiet moves times its images and each pair from S takes
/// S's images off: the count reaches zero exactly when every quiet move of P has been found to lose.
fn orbit(ix: &Indexer, i: u64) -> u16 {
    (TRANSFORMS as u32 / ix.stabilizer(i)) as u16
}

/// Runs `f` on chunks of `0..n` on `threads` threads.
fn par_for(n: u64, threads: usize, f: impl Fn(u64, u64) + Sync) {
    const CHUNK: u64 = 1 << 14;
    let next = AtomicU64::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let lo = next.fetch_add(CHUNK, Relaxed);
                if lo >= n {
                    break;
                }
                f(lo, (lo + CHUNK).min(n));
            });
        }
    });
}

/// Solves `sig` and its swap for `rules` with the smaller tables in `lower` (see [`lower_pairs`]) on
/// `threads` threads, telling `progress` how far it has come. Returns the tables (`sig` first; one
/// table when both sides have as many pieces).
pub fn build_with_lower(
    rules: &'static HasamiRules,
    sig: Signature,
    lower: &[Table],
    threads: usize,
    symmetry: Symmetry,
    progress: &mut dyn FnMut(Progress),
) -> Result<(Vec<Table>, BuildStats), TableError> {
    let variant = rules.to_string();
    if let Some(reason) = unsupported(rules) {
        return Err(TableError::Unsupported { variant, reason });
    }
    let sigs = if sig.stm == sig.opp {
        vec![sig]
    } else {
        vec![sig, sig.swapped()]
    };
    for &s in &sigs {
        if decided(rules, s) {
            return Err(TableError::Decided {
                variant,
                signature: s,
            });
        }
    }
    let lower_of = |s: Signature| {
        lower
            .iter()
            .find(|t| std::ptr::eq(t.rules(), rules) && t.signature() == s)
    };
    for pair in lower_pairs(rules, sig) {
        for s in [pair, pair.swapped()] {
            if lower_of(s).is_none() {
                return Err(TableError::MissingLower {
                    variant,
                    signature: s,
                });
            }
        }
    }
    let start = Instant::now();
    let halves: Vec<Half> = sigs
        .iter()
        .map(|s| {
            let ix = Indexer::new(rules.size(), s.stm, s.opp, symmetry)
                .ok_or(TableError::BadSignature(s.to_string()))?;
            let n = ix.count() as usize;
            let no_memory = || TableError::NoMemory {
                signature: *s,
                positions: n as u64,
            };
            Ok(Half {
                ix,
                val: crate::pages::filled(n, || AtomicU8::new(0)).ok_or_else(no_memory)?,
                rem: crate::pages::filled(n, || AtomicU16::new(0)).ok_or_else(no_memory)?,
            })
        })
        .collect::<Result<_, TableError>>()?;
    let other = |t: usize| if halves.len() == 1 { 0 } else { 1 - t };
    let limit = rules.options.quiet;

    // The first look at every position's moves.
    for h in &halves {
        par_for(h.ix.count(), threads, |lo, hi| {
            for i in lo..hi {
                let (s, o) = h.ix.position(i);
                if h.ix.may_repeat(i) && h.ix.index(s, o) != i {
                    continue; // a repeat: solved as its representative, copied at the end
                }
                let pos = HasamiPosition::from_pieces(rules, [s, o], Side::First, 0);
                // Moves are counted, not played: only those landing where a capture may be (a
                // superset) are looked at one by one, and only the captures among them are played.
                let (moves, _) = pos.mobility();
                let (mut captures, mut win, mut draw) = (0u32, false, false);
                pos.for_each_move_into(pos.capture_squares(Side::First), |mv| {
                    if win || pos.captures_of(mv).is_empty() {
                        return;
                    }
                    captures += 1;
                    let mut child = pos;
                    child.play_unchecked(mv);
                    let v = match child.judge(None, false) {
                        Some(Outcome::Win {
                            winner: Side::First,
                            ..
                        }) => Value::Win(1),
                        Some(Outcome::Win { .. }) => Value::Loss(1),
                        Some(Outcome::Draw(_)) => Value::Draw,
                        None => lower_of(Signature::of(&child))
                            .and_then(|t| t.value_of(&child))
                            .map_or(Value::Draw, |v| v.with_quiet(0, limit).negate()),
                    };
                    match v {
                        Value::Win(_) => win = true,
                        Value::Draw => draw = true,
                        Value::Loss(_) => {}
                    }
                });
                let (any, quiet) = (moves > 0, (moves - captures) as u16);
                let v = if win {
                    Value::Win(1)
                } else if !any {
                    Value::Loss(0)
                } else if quiet == 0 && !draw {
                    Value::Loss(1)
                } else {
                    Value::Draw // not decided yet
                };
                h.val[i as usize].store(v.to_byte(), Relaxed);
                let count = quiet * orbit(&h.ix, i);
                h.rem[i as usize].store(count | if draw { DRAW_EXIT } else { 0 }, Relaxed);
            }
        });
    }

    let positions = halves.iter().map(|h| h.ix.count()).sum();
    progress(Progress::FirstLook {
        positions,
        seconds: start.elapsed().as_secs(),
    });

    // Distance by distance. Under a quiet limit L (D2) a capture more than L plies away cannot be
    // forced before the count draws, so positions further away are draws: the pass ends at L, and
    // every distance it stores is exact for the variant's own rules (docs/tables.md).
    let capped = limit > 0 && limit <= u32::from(MAX_DISTANCE);
    let last = if capped { limit as u8 } else { MAX_DISTANCE };
    let mut d: u8 = 0;
    let too_deep = AtomicBool::new(false);
    loop {
        let found = AtomicU64::new(0);
        let (win, loss) = (Value::Win(d.max(1)).to_byte(), Value::Loss(d).to_byte());
        for (t, h) in halves.iter().enumerate() {
            let pred = &halves[other(t)];
            par_for(h.ix.count(), threads, |lo, hi| {
                let mut n = 0;
                // A position's predecessors, gathered and their entries prefetched before any is
                // updated: the entries lie at random in arrays far larger than the caches, and
                // asking for all of them at once lets the memory fetch them side by side.
                let mut preds: Vec<usize> = Vec::with_capacity(256);
                for i in lo..hi {
                    let b = h.val[i as usize].load(Relaxed);
                    let is_loss = b == loss;
                    if !(is_loss || (d > 0 && b == win)) {
                        continue;
                    }
                    n += 1;
                    if d == last {
                        // Their predecessors are further than the limit (draws) or than a byte holds.
                        if !capped {
                            too_deep.store(true, Relaxed);
                        }
                        continue;
                    }
                    let (s, o) = h.ix.position(i);
                    let images = orbit(&h.ix, i);
                    preds.clear();
                    for_each_predecessor(
                        rules,
                        s,
                        o,
                        |j| {
                            let j = j as usize;
                            crate::pages::prefetch(&pred.val[j]);
                            if !is_loss {
                                crate::pages::prefetch(&pred.rem[j]);
                            }
                            preds.push(j);
                        },
                        &pred.ix,
                    );
                    for &j in &preds {
                        if pred.val[j].load(Relaxed) != 0 {
                            continue;
                        }
                        if is_loss {
                            let _ = pred.val[j].compare_exchange(
                                0,
                                Value::Win(d + 1).to_byte(),
                                Relaxed,
                                Relaxed,
                            );
                        } else {
                            let before = pred.rem[j].fetch_sub(images, Relaxed);
                            debug_assert!(before & !DRAW_EXIT >= images);
                            if before == images {
                                let _ = pred.val[j].compare_exchange(
                                    0,
                                    Value::Loss(d + 1).to_byte(),
                                    Relaxed,
                                    Relaxed,
                                );
                            }
                        }
                    }
                }
                found.fetch_add(n, Relaxed);
            });
        }
        if too_deep.load(Relaxed) {
            return Err(TableError::TooDeep);
        }
        progress(Progress::Level {
            distance: d,
            decided: found.load(Relaxed),
            seconds: start.elapsed().as_secs(),
        });
        if d == last || (found.load(Relaxed) == 0 && d >= 1) {
            break;
        }
        d += 1;
    }
    // Repeats take their representative's value, so every entry holds its own position's value.
    for h in &halves {
        par_for(h.ix.count(), threads, |lo, hi| {
            for i in lo..hi {
                if h.ix.may_repeat(i) {
                    let (s, o) = h.ix.position(i);
                    let j = h.ix.index(s, o);
                    if j != i {
                        h.val[i as usize].store(h.val[j as usize].load(Relaxed), Relaxed);
                    }
                }
            }
        });
    }
    let tables = sigs
        .iter()
        .zip(halves)
        .map(|(&s, h)| {
            let values = h.val.into_iter().map(AtomicU8::into_inner).collect();
            Table::from_values(rules, s, symmetry, values).expect("the count is the signature's")
        })
        .collect();
    Ok((
        tables,
        BuildStats {
            positions,
            levels: u32::from(d),
            seconds: start.elapsed().as_secs_f64(),
        },
    ))
}

/// Calls `f` with the index (in `pred`, the swapped signature) of every position from which a quiet
/// move of its side to move leads to the position with `stm` to move against `opp`.
#[inline]
fn for_each_predecessor(
    rules: &'static HasamiRules,
    stm: BitBoard,
    opp: BitBoard,
    mut f: impl FnMut(u64),
    pred: &Indexer,
) {
    // The side that just moved, to move: its moves are the un-moves (slides, steps and jumps are
    // reversible on the same board).
    let back = HasamiPosition::from_pieces(rules, [stm, opp], Side::Second, 0);
    // The same placement with the mover to move: its piece on `to` has just landed there, so what
    // it takes is what the forward move captures.
    let after = HasamiPosition::from_pieces(rules, [opp, stm], Side::First, 0);
    back.for_each_move_into(rules.board, |un| {
        let (to, from) = (un.from, un.to);
        if after.captures(to, Side::First).is_empty() {
            f(pred.index(opp.without(to).with(from), stm));
        }
    });
}

/// Builds `sig` and every smaller table it needs, in memory, smallest first (`sig`'s pair last).
pub fn build_all(
    rules: &'static HasamiRules,
    sig: Signature,
    threads: usize,
    symmetry: Symmetry,
    mut report: impl FnMut(&[Table], &BuildStats),
) -> Result<Vec<Table>, TableError> {
    let mut tables: Vec<Table> = Vec::new();
    let mut order = lower_pairs(rules, sig);
    order.push(canonical(sig));
    for pair in order {
        let (built, stats) =
            build_with_lower(rules, pair, &tables, threads, symmetry, &mut |_| {})?;
        report(&built, &stats);
        tables.extend(built);
    }
    Ok(tables)
}
