#!/usr/bin/env python3
"""How often each position of a conversion suite was won over several runs of `hasami-lab convert run --verbose`
(the logs it writes on standard error, one line a position: `  N won …`, `  N DRAW …` or `  N LOST …`), against what the runs
would give if every position were won with the same chance (their mean): whether the positions a run does not
convert are the same ones from run to run (hard positions) or differ (the path of the game decides).

    python3 scripts/convert-spread.py [--first N] run1.log run2.log [more.log …]

Only the positions every log holds are counted (`--first N`: the first N of them).
"""
import sys
from math import comb

from convert_log import games

args = sys.argv[1:]
first = None
if len(args) >= 2 and args[0] == "--first":
    first, args = int(args[1]), args[2:]
if len(args) < 2:
    sys.exit(__doc__)

runs = []
for path in args:
    won = {i: result == "won" for i, result, _ in games(path)}
    if not won:
        sys.exit(f"{path}: no position lines")
    runs.append(won)

common = sorted(set.intersection(*(set(r) for r in runs)))
if first is not None:
    common = common[:first]
n, k = len(common), len(runs)
if n == 0:
    sys.exit("no position is in every log")
times = {i: sum(r[i] for r in runs) for i in common}
mean = sum(times.values()) / k
p = mean / n
print(f"{n} positions, {k} runs: {mean:.1f} converted a run on average "
      f"({', '.join(str(sum(r[i] for i in common)) for r in runs)})")
print("runs won | positions | if every position had the same chance")
for j in range(k + 1):
    seen = sum(1 for t in times.values() if t == j)
    expect = n * comb(k, j) * p**j * (1 - p) ** (k - j)
    print(f"{j:8} | {seen:9} | {expect:.1f}")
never = [i for i in common if times[i] == 0]
print(f"never won: {len(never)}" + (f" ({' '.join(map(str, never))})" if never else ""))
print(f"won in every run: {sum(1 for t in times.values() if t == k)}")
