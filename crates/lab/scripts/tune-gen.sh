#!/bin/sh
# Data generation as run for docs/tuning.md (depth 3, built-in hand-set weights).
T="${LAB:-hasami-lab} tune"
set -e
$T gen --variant hasami --games 200 --depth 3 --seed 11 --out hasami.txt
# apit-sodok.txt: the 8x8 most-captures game, called apit-sodok when this was run.
$T gen --variant hasami-chess+rows=1,2+win=most-captures --games 150 --depth 3 --seed 12 --out apit-sodok.txt
$T gen --variant dai-hasami-captures --games 150 --depth 3 --seed 13 --out dai-hasami-captures.txt
$T gen --variant dai-hasami --games 5000 --depth 3 --seed 21 --out dai-hasami.txt
$T gen --variant agon --games 4000 --depth 3 --seed 31 --out agon.txt
$T gen --variant mak-yek+win=pieces-left:6 --games 400 --depth 3 --seed 41 --out mak-yek-pl6.txt
$T gen --variant mak-yek --games 100 --depth 3 --seed 42 --out mak-yek.txt
