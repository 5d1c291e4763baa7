#!/usr/bin/env python3
"""Player 1's score, Elo and SPRT log-likelihood ratio (elo0 = 0, elo1 = 20) from the `game N (…): RESULT {…}`
lines that `hasami-lab match --verbose` writes on standard error, for a match stopped before its SPRT decided (the
runner prints its summary only at the end). Two LLRs: the runner's own (the generalised SPRT of the trinomial
model, a count of 0 taken as 0.001, as `crates/lab/src/matches/sprt.rs` computes it: this is the one the runner
stops on) and the normal approximation (fastchess's), which is larger when one kind of result has not occurred.

    python3 scripts/sprt-from-log.py match.err [more.err …]

Several logs are pooled (independent matches of the same pairing, e.g. one per core). Player 1 has Black in the
odd-numbered games (game 1 is the first), as the runner pairs them.
"""
import sys, re, math

w = d = l = 0
for path in sys.argv[1:]:
    for line in open(path):
        m = re.match(r"game (\d+) \(.*\): (1-0|0-1|1/2-1/2|½-½)", line)
        if not m:
            continue
        i = int(m.group(1)); r = m.group(2)
        p1_black = (i % 2 == 1)
        if r in ("1/2-1/2", "½-½"): d += 1
        elif (r == "1-0") == p1_black: w += 1
        else: l += 1
n = w + d + l


def score(e):
    return 1 / (1 + 10 ** (-e / 400))


def closest_with_mean(p, s):
    a = [0.0, 0.5, 1.0]
    dd = [x - s for x in a]
    f = lambda x: sum(p[i] * dd[i] / (1 + x * dd[i]) for i in range(3))
    lo, hi = -1 / (1 - s), 1 / s
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if mid <= lo or mid >= hi:
            break
        if f(mid) > 0: lo = mid
        else: hi = mid
    x = 0.5 * (lo + hi)
    q = [p[i] / (1 + x * dd[i]) for i in range(3)]
    t = sum(q)
    return [v / t for v in q]


s0, s1 = score(0), score(20)
if n:
    c = [x if x else 0.001 for x in (l, d, w)]
    total = sum(c); p = [x / total for x in c]
    q0, q1 = closest_with_mean(p, s0), closest_with_mean(p, s1)
    gsprt = total * sum(p[i] * math.log(q1[i] / q0[i]) for i in range(3))
    W, D = w / n, d / n; s = W + D / 2; var = W + D / 4 - s * s
    llr = n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var) if var > 0 else 0
    elo = -400 * math.log10(1 / s - 1) if 0 < s < 1 else float('nan')
    se = math.sqrt(var / n) if var > 0 else 0
    lo = -400 * math.log10(1 / min(max(s - 1.96 * se, 1e-9), 1 - 1e-9) - 1)
    hi = -400 * math.log10(1 / min(max(s + 1.96 * se, 1e-9), 1 - 1e-9) - 1)
    print(f"{n} games: +{w} ={d} -{l}, score {s:.3f}, Elo {elo:+.1f} (95% {lo:+.1f} to {hi:+.1f}), "
          f"LLR {gsprt:.2f} (the runner's; normal approximation {llr:.2f}; bounds -2.94, 2.94; elo0=0 elo1=20)")
