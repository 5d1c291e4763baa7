"""The lines of `hasami-lab convert run --verbose` logs (standard error), one a position:
`  N won …`, `  N DRAW …` or `  N LOST …`, then `| START -> END | captures …`. Read by
scripts/convert-spread.py and scripts/hunt-suite.py.
"""
import re

LINE = re.compile(r"\s*(\d+) (won|DRAW|LOST)\b")
END = re.compile(r"-> (\S+) [bw] \d+ \d+")


def games(path):
    """(position number, result, the last position's board text or None) for each position line of `path`."""
    for line in open(path):
        m = LINE.match(line)
        if m:
            end = END.search(line)
            yield int(m.group(1)), m.group(2), end.group(1) if end else None
