#!/usr/bin/env python3
"""Player 1's score, Elo and SPRT log-likelihood ratio (elo0 = 0, elo1 = 20, the normal approximation) from the
`game N (…): RESULT {…}` lines that `hasami-lab match --verbose` writes on standard error, for a match stopped
before its SPRT decided (the runner prints its summary only at the end).

    python3 scripts/sprt-from-log.py match.err

Player 1 has Black in the odd-numbered games (game 1 is the first), as the runner pairs them.
"""
import sys, re, math
w=d=l=0
for line in open(sys.argv[1]):
    m=re.match(r"game (\d+) \(.*\): (1-0|0-1|1/2-1/2|½-½)", line)
    if not m: continue
    i=int(m.group(1)); r=m.group(2)
    p1_black = (i % 2 == 1)
    if r in ("1/2-1/2","½-½"): d+=1
    elif (r=="1-0")==p1_black: w+=1
    else: l+=1
n=w+d+l
def score(e): return 1/(1+10**(-e/400))
s0,s1=score(0),score(20)
if n:
    W,D=w/n,d/n; s=W+D/2; var=W+D/4-s*s
    llr = n*(s1-s0)*(2*s-s0-s1)/(2*var) if var>0 else 0
    elo = -400*math.log10(1/s-1) if 0<s<1 else float('nan')
    se = math.sqrt(var/n) if var>0 else 0
    lo = -400*math.log10(1/min(max(s-1.96*se,1e-9),1-1e-9)-1); hi=-400*math.log10(1/min(max(s+1.96*se,1e-9),1-1e-9)-1)
    print(f"{n} games: +{w} ={d} -{l}, score {s:.3f}, Elo {elo:+.1f} (95% {lo:+.1f} to {hi:+.1f}), LLR {llr:.2f} (bounds -2.94, 2.94; elo0=0 elo1=20, normal approximation)")
