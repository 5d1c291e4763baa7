#!/usr/bin/env python3
"""A suite of endings with a lead, taken from `hasami-lab nnue gen` data files (the record format of
docs/eval.md, "Data"): positions in which one side leads by two pieces or more and LO to HI pieces stand, at most
one in every EVERY records (so that one game gives few), no position twice, the quiet count reset, shuffled with a
fixed seed. The suite is read by `nnue gen --suite` and `convert run`.

    python3 scripts/nnue-endings.py VARIANT SIZE LO HI EVERY OUT.txt DATA.bin [DATA.bin …]

SIZE is the board's (9 for hasami, 8 for mak-yek).

The endings played out for docs/eval.md ("What did not help"):
    python3 scripts/nnue-endings.py hasami 9 6 11 150 h-end.txt hasami-start.bin hasami-lead.bin   (1,147 positions)
"""
import random
import sys

RECORD = 40


def records(path):
    data = open(path, "rb").read()
    lines = data.split(b"\n", 2)
    if len(lines) < 3 or lines[0] != b"hasami-nnue-data 1" or not lines[1].startswith(b"variant "):
        sys.exit(f"{path}: not a data file of `nnue gen`")
    body = lines[2]
    if len(body) % RECORD:
        sys.exit(f"{path}: a record cut short")
    for i in range(len(body) // RECORD):
        r = body[i * RECORD:(i + 1) * RECORD]
        yield (int.from_bytes(r[0:16], "little"), int.from_bytes(r[16:32], "little"), r[32])


def text(black, white, side, size):
    ranks = []
    for rank in reversed(range(size)):
        row, empty = "", 0
        for file in range(size):
            bit = 1 << (rank * 10 + file)
            piece = "b" if black & bit else "w" if white & bit else None
            if piece is None:
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            row += piece
        ranks.append(row + (str(empty) if empty else ""))
    return "/".join(ranks) + (" b" if side == 0 else " w") + " 0 1"


def main():
    if len(sys.argv) < 8:
        sys.exit(__doc__)
    variant, out = sys.argv[1], sys.argv[6]
    size, lo, hi, every = (int(x) for x in sys.argv[2:6])
    lines, seen = [], set()
    for path in sys.argv[7:]:
        last = -every
        for i, (black, white, side) in enumerate(records(path)):
            nb, nw = bin(black).count("1"), bin(white).count("1")
            if i - last < every or abs(nb - nw) < 2 or not lo <= nb + nw <= hi or (black, white) in seen:
                continue
            seen.add((black, white))
            last = i
            lines.append(text(black, white, side, size))
    random.Random(5).shuffle(lines)
    with open(out, "w") as f:
        f.write("# endings with a lead of two pieces or more, from nnue gen data (scripts/nnue-endings.py)\n")
        f.write(f"variant {variant}\n" + "".join(line + "\n" for line in lines))
    print(len(lines))


main()
