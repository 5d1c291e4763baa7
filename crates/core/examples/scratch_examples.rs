// Throw-away search for positions of the three worked examples (not committed).
use hasami_core::shogun::magnets::{self, Magnets};
use hasami_core::{Game, Move, ShogunPosition, ShogunRules, Side, SplitMix64, Square};

fn sq(i: u8) -> Square { magnets::square(i) }
fn name(i: u8) -> String { format!("{}", sq(i)) }

fn text(m: &Magnets, seed: u64, rot: u8, pieces: &[(usize, u8, u8)], side: char) -> String {
    let mut board: [Option<(usize, u8)>; 64] = [None; 64];
    for &(s, id, q) in pieces { board[q as usize] = Some((s, id)); }
    let mut ranks = vec![];
    for r in (0..8).rev() {
        let mut t = String::new();
        let mut empty = 0;
        for f in 0..8 {
            let q = r * 8 + f;
            match board[q] {
                None => empty += 1,
                Some((s, id)) => {
                    if empty > 0 { t += &empty.to_string(); empty = 0; }
                    let n = m.number[s][id as usize][q];
                    let letter = match (s, id) { (0, 0) => "S".to_string(), (1, 0) => "s".to_string(), (0, i) => format!("P{i}"), (_, i) => format!("p{i}") };
                    t += &format!("{letter}:{n}");
                }
            }
        }
        if empty > 0 { t += &empty.to_string(); }
        ranks.push(t);
    }
    format!("{} {} {} {} 0 20", ranks.join("/"), side, seed, rot)
}

fn dist(a: u8, b: u8) -> u8 { ((a % 8) as i8 - (b % 8) as i8).unsigned_abs() + ((a / 8) as i8 - (b / 8) as i8).unsigned_abs() }

struct Gen { rng: SplitMix64 }
impl Gen {
    fn below(&mut self, n: u64) -> u64 { self.rng.next() % n }
    fn free(&mut self, used: &mut Vec<u8>) -> u8 { loop { let q = self.below(64) as u8; if !used.contains(&q) { used.push(q); return q; } } }
    fn near(&mut self, used: &mut Vec<u8>, c: u8, d: u8) -> u8 { loop { let q = self.below(64) as u8; if !used.contains(&q) && dist(q, c) <= d { used.push(q); return q; } } }
}

fn legal(p: &ShogunPosition, from: u8, to: u8) -> bool { p.check_move(Move::new(sq(from), sq(to))).is_ok() }
fn after(p: &ShogunPosition, from: u8, to: u8) -> ShogunPosition { let mut q = *p; q.play(Move::new(sq(from), sq(to))).unwrap(); q }
fn reaches(p: &ShogunPosition, to: u8) -> Vec<Move> { p.moves().into_iter().filter(|m| magnets::index(m.to) == to).collect() }

fn main() {
    if std::env::args().nth(1).as_deref() == Some("after") { let a: Vec<String> = std::env::args().collect(); println!("{}", after_text(&a[2], &a[3])); return; }
    let which: u32 = std::env::args().nth(1).unwrap().parse().unwrap();
    let seeds: Vec<(u64, u8)> = std::env::args().nth(2).map(|s| s.split(',').map(|x| { let mut it = x.split(':'); (it.next().unwrap().parse().unwrap(), it.next().map_or(0, |r| r.parse().unwrap())) }).collect()).unwrap_or(vec![(1979, 0)]);
    let base = ShogunRules::parse("shogun").unwrap();
    let mut g = Gen { rng: SplitMix64(12345) };
    for (seed, rot) in seeds {
        let m = Magnets::new(seed, rot, false);
        let mut found = 0;
        for _ in 0..40_000_000u64 {
            if found >= 3 { break; }
            let mut used = vec![];
            let mut pcs: Vec<(usize, u8, u8)> = vec![];
            let mut wid: Vec<u8> = (1..=7).collect();
            let mut rid: Vec<u8> = (1..=7).collect();
            for i in (1..7).rev() { let j = g.below(i as u64 + 1) as usize; wid.swap(i, j); let j = g.below(i as u64 + 1) as usize; rid.swap(i, j); }
            match which {
                1 => {
                    // White piece showing 2 on s, Red piece showing 3 two squares ahead.
                    let f = g.below(8) as u8; let r = 1 + g.below(4) as u8;
                    let s = r * 8 + f; let t = s + 16;
                    if m.number[0][wid[0] as usize][s as usize] != 2 || m.number[1][rid[0] as usize][t as usize] != 3 { continue; }
                    used.extend([s, s + 8, t]);
                    pcs.push((0, wid[0], s)); pcs.push((1, rid[0], t));
                    let ws = g.free(&mut used); let rs = g.free(&mut used);
                    if ws / 8 > 1 || rs / 8 < 6 { continue; }
                    pcs.push((0, 0, ws)); pcs.push((1, 0, rs));
                    for k in 1..4 { let q = g.free(&mut used); pcs.push((0, wid[k], q)); let q = g.free(&mut used); pcs.push((1, rid[k], q)); }
                    let tw = text(&m, seed, rot, &pcs, 'w');
                    let Ok(p) = ShogunPosition::from_text(&tw, base) else { continue };
                    if p.shogun_attacked(Side::First) || p.shogun_attacked(Side::Second) { continue; }
                    if !legal(&p, s, t) { continue; }
                    // The only capture White has; the capture is not recaptured.
                    let caps: Vec<_> = p.moves().into_iter().filter(|mv| p.piece_at(mv.to).is_some()).collect();
                    if caps.len() != 1 { continue; }
                    let a = after(&p, s, t);
                    if !reaches(&a, t).is_empty() { continue; }
                    // With Red to move, the 3 has a move to safety, and Red has no capture.
                    let tr = text(&m, seed, rot, &pcs, 'r');
                    let Ok(pr) = ShogunPosition::from_text(&tr, base) else { continue };
                    if pr.moves().iter().any(|mv| pr.piece_at(mv.to).is_some()) { continue; }
                    let safe = pr.moves().into_iter().filter(|mv| magnets::index(mv.from) == t).any(|mv| { let mut q = pr; q.play(mv).unwrap(); reaches(&q, magnets::index(mv.to)).is_empty() });
                    if !safe { continue; }
                    println!("EX1 seed {seed} rot {rot}: {tw}  move {}{}", name(s), name(t));
                    found += 1;
                }
                2 => {
                    // White 3 on s; Red 1 on s + (-1, +2); Red 4 at distance 3; Red 2 covers the 4's square.
                    let f = 1 + g.below(7) as u8; let r = g.below(5) as u8;
                    let s = r * 8 + f; let one = s + 16 - 1;
                    if m.number[0][wid[0] as usize][s as usize] != 3 || m.number[1][rid[0] as usize][one as usize] != 1 { continue; }
                    used.extend([s, one]);
                    let four = g.near(&mut used, s, 3);
                    if dist(four, s) != 3 || m.number[1][rid[1] as usize][four as usize] != 4 { continue; }
                    let two = g.near(&mut used, four, 2);
                    if dist(two, four) != 2 || m.number[1][rid[2] as usize][two as usize] != 2 { continue; }
                    pcs.extend([(0, wid[0], s), (1, rid[0], one), (1, rid[1], four), (1, rid[2], two)]);
                    let ws = g.free(&mut used); let rs = g.free(&mut used);
                    if ws / 8 > 1 || rs / 8 < 6 { continue; }
                    pcs.push((0, 0, ws)); pcs.push((1, 0, rs));
                    for k in 1..4 { let q = g.free(&mut used); pcs.push((0, wid[k], q)); }
                    let q = g.free(&mut used); pcs.push((1, rid[3], q));
                    let tw = text(&m, seed, rot, &pcs, 'w');
                    let Ok(p) = ShogunPosition::from_text(&tw, base) else { continue };
                    if p.shogun_attacked(Side::First) || p.shogun_attacked(Side::Second) { continue; }
                    if !legal(&p, s, one) || !legal(&p, s, four) { continue; }
                    let caps: Vec<_> = p.moves().into_iter().filter(|mv| p.piece_at(mv.to).is_some()).collect();
                    if caps.len() != 2 { continue; }
                    let a1 = after(&p, s, one);
                    if !reaches(&a1, one).is_empty() { continue; }
                    let a4 = after(&p, s, four);
                    let re = reaches(&a4, four);
                    if re.len() != 1 || magnets::index(re[0].from) != two { continue; }
                    // Red to move would not capture anything now either.
                    let tr = text(&m, seed, rot, &pcs, 'r');
                    let Ok(pr) = ShogunPosition::from_text(&tr, base) else { continue };
                    if pr.moves().iter().any(|mv| pr.piece_at(mv.to).is_some()) { continue; }
                    println!("EX2 seed {seed} rot {rot}: {tw}  move {}{}  alt {}{} then {}", name(s), name(one), name(s), name(four), re[0]);
                    found += 1;
                }
                _ => {
                    // Red Shogun k showing 1 with neighbours N1 (White 1), N2 (White 2), A, B; White to move
                    // brings the 1 onto N1 and mates.
                    let f = 1 + g.below(6) as u8; let r = 1 + g.below(6) as u8;
                    let k = r * 8 + f;
                    if m.number[1][0][k as usize] != 1 { continue; }
                    let mut nb = [k + 1, k - 1, k + 8, k - 8];
                    for i in (1..4).rev() { let j = g.below(i as u64 + 1) as usize; nb.swap(i, j); }
                    let (n1, n2) = (nb[0], nb[1]);
                    if m.number[0][wid[0] as usize][n1 as usize] != 1 || m.number[0][wid[1] as usize][n2 as usize] != 2 { continue; }
                    used.extend(nb); used.push(k);
                    let three = g.near(&mut used, n2, 3);
                    if dist(three, n2) != 3 || m.number[0][wid[2] as usize][three as usize] != 3 { continue; }
                    pcs.extend([(1, 0, k), (0, wid[0], n1), (0, wid[1], n2), (0, wid[2], three)]);
                    let nw = 1 + g.below(2) as usize;
                    for i in 0..nw { let q = g.near(&mut used, k, 4); pcs.push((0, wid[3 + i], q)); }
                    let ws = g.free(&mut used);
                    if ws / 8 > 2 { continue; }
                    pcs.push((0, 0, ws));
                    for i in 0..3 { let q = g.free(&mut used); pcs.push((1, rid[i], q)); }
                    // The mate position, Red to move.
                    let tr = text(&m, seed, rot, &pcs, 'r');
                    let Ok(pm) = ShogunPosition::from_text(&tr, base) else { continue };
                    if !pm.moves().is_empty() || pm.shogun_attacked(Side::First) { continue; }
                    let att = pm.attackers(Side::Second);
                    if att.len() != 1 || !att.has(sq(n1)) { continue; }
                    // Shogun takes the 1: the 2 (only) takes it back; takes the 2: the 3 (only).
                    let mut q = pm; q.play_unchecked(Move::new(sq(k), sq(n1)));
                    let a = q.attackers(Side::Second); if a.len() != 1 || !a.has(sq(n2)) { continue; }
                    let mut q = pm; q.play_unchecked(Move::new(sq(k), sq(n2)));
                    let a = q.attackers(Side::Second); if a.len() != 1 || !a.has(sq(three)) { continue; }
                    // Before: the 1 comes from some square x.
                    let mut ok = None;
                    for x in 0..64u8 {
                        if used.contains(&x) || dist(x, n1) != m.number[0][wid[0] as usize][x as usize] { continue; }
                        let mut pre = pcs.clone(); pre[1].2 = x;
                        let tw = text(&m, seed, rot, &pre, 'w');
                        let Ok(pp) = ShogunPosition::from_text(&tw, base) else { continue };
                        if pp.shogun_attacked(Side::First) || pp.shogun_attacked(Side::Second) || !legal(&pp, x, n1) { continue; }
                        let game = Game::from_position(after(&pp, x, n1));
                        if game.outcome().is_none() { continue; }
                        ok = Some((tw, x, format!("{:?}", game.outcome())));
                        break;
                    }
                    let Some((tw, x, out)) = ok else { continue };
                    let a_b: Vec<_> = nb[2..].iter().map(|&q| name(q)).collect();
                    println!("EX3 seed {seed} rot {rot}: {tw}  move {}{}  shogun {} takes 1 on {} (2 on {}), 2 on {} (3 on {}), A,B {:?} {out}", name(x), name(n1), name(k), name(n1), name(n2), name(n2), name(three), a_b);
                    found += 1;
                }
            }
        }
        if found == 0 { println!("none for seed {seed} rot {rot}"); }
    }
}
#[allow(dead_code)]
pub fn after_text(pos: &str, mv: &str) -> String {
    let base = ShogunRules::parse("shogun").unwrap();
    let p = ShogunPosition::from_text(pos, base).unwrap();
    let mut g = Game::from_position(p);
    g.play_text(mv).unwrap();
    format!("{} | {:?} | moves {:?}", g.position(), g.outcome(), g.legal_moves().iter().map(|m| m.to_string()).collect::<Vec<_>>())
}
