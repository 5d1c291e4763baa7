#!/usr/bin/env python3
"""The hunts a conversion run did not finish: from logs of `hasami-lab convert run --verbose` (standard error),
the last positions of the games drawn with the side behind down to TWO pieces and the side ahead at MIN or more,
each once (the first time seen, the logs read in sorted order), written as a conversion suite with the side ahead
to move and the quiet count at 0: a fresh 100 plies to take one of the two pieces (docs/conversion.md, "The hunts").

    python3 scripts/hunt-suite.py [--min 5] VARIANT run1.log [more.log …] > suite.txt
"""
import sys

from convert_log import games

args = sys.argv[1:]
least = 5
if len(args) >= 2 and args[0] == "--min":
    least, args = int(args[1]), args[2:]
if len(args) < 2:
    sys.exit(__doc__)
variant, logs = args[0], sorted(args[1:])

seen = []
for path in logs:
    for i, result, board in games(path):
        if result != "DRAW":
            continue
        if board is None:
            sys.exit(f"{path}: drawn game {i} without its last position")
        white, black = board.count("w"), board.count("b")
        if min(white, black) == 2 and max(white, black) >= least and board not in seen:
            seen.append(board)

print(f"# Hunts: {len(seen)} last positions of drawn {variant} conversion games, the side behind down to 2 pieces")
print(f"# and the side ahead {least} or more; the side ahead to move, the quiet count 0 (scripts/hunt-suite.py).")
print(f"# Logs: {' '.join(p.split('/')[-1] for p in logs)}")
print(f"variant {variant}")
for board in seen:
    ahead = "w" if board.count("w") > board.count("b") else "b"
    print(f"{board} {ahead} 0 1")
