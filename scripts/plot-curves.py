#!/usr/bin/env python3
"""Plots training curves (the CSV files of `hasami-lab nnue train --curve`) as one SVG.

    python3 scripts/plot-curves.py OUT.svg NAME=CURVE.csv [NAME=CURVE.csv ...]

Each curve gets its training loss (dashed) and held-out loss (solid) by epoch; no libraries needed.
"""
import math, sys

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"]
W, H, PAD = 640, 360, 56


def read(path):
    rows = []
    with open(path) as f:
        next(f)
        for line in f:
            e, train, test = line.strip().split(",")
            rows.append((int(e), float(train), float(test)))
    return rows


def main():
    out, specs = sys.argv[1], sys.argv[2:]
    curves = [(s.split("=", 1)[0], read(s.split("=", 1)[1])) for s in specs]
    epochs = max(r[0] for _, rows in curves for r in rows)
    values = [v for _, rows in curves for r in rows for v in r[1:]]
    lo, hi = min(values) * 0.95, max(values) * 1.05
    x = lambda e: PAD + (e - 1) / max(epochs - 1, 1) * (W - 2 * PAD)
    y = lambda v: H - PAD - (v - lo) / (hi - lo) * (H - 2 * PAD)
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<line x1="{PAD}" y1="{H-PAD}" x2="{W-PAD}" y2="{H-PAD}" stroke="black"/>',
           f'<line x1="{PAD}" y1="{PAD}" x2="{PAD}" y2="{H-PAD}" stroke="black"/>',
           f'<text x="{W/2}" y="{H-16}" text-anchor="middle">epoch</text>',
           f'<text x="14" y="{H/2}" transform="rotate(-90 14 {H/2})" text-anchor="middle">loss</text>']
    for e in range(1, epochs + 1):
        svg.append(f'<text x="{x(e):.1f}" y="{H-PAD+16}" text-anchor="middle">{e}</text>')
    # Ticks in units of a power of ten (written on the axis) with digits enough to read apart: the
    # losses can be as small as 1e-4.
    power = math.floor(math.log10(hi)) if hi > 0 else 0
    unit = 10.0 ** power
    digits = 2 if hi <= lo else max(0, 1 - math.floor(math.log10((hi - lo) / 4 / unit)))
    if power:
        svg = [t.replace(">loss<", f">loss (×10^{power})<") for t in svg]
    for i in range(5):
        v = lo + (hi - lo) * i / 4
        svg.append(f'<text x="{PAD-6}" y="{y(v)+4:.1f}" text-anchor="end">{v / unit:.{digits}f}</text>')
    for n, (name, rows) in enumerate(curves):
        c = COLOURS[n % len(COLOURS)]
        for col, dash, label in ((1, ' stroke-dasharray="5,4"', "training"), (2, "", "held out")):
            pts = " ".join(f"{x(r[0]):.1f},{y(r[col]):.1f}" for r in rows)
            svg.append(f'<polyline points="{pts}" fill="none" stroke="{c}" stroke-width="2"{dash}/>')
            ly = PAD + 16 * (2 * n + col - 1)
            svg.append(f'<line x1="{W-PAD-150}" y1="{ly-4}" x2="{W-PAD-120}" y2="{ly-4}" stroke="{c}" stroke-width="2"{dash}/>')
            svg.append(f'<text x="{W-PAD-114}" y="{ly}">{name}, {label}</text>')
    svg.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(svg) + "\n")


if __name__ == "__main__":
    main()
