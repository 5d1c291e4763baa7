#!/bin/sh
# Validation as run for docs/tuning.md: tuned weights (A) against the hand-set built-in ones (B).
T="${LAB:-hasami-lab} tune"
P=${P:-100}
# hasami-chess+rows=1,2+win=most-captures: called apit-sodok when this was run.
for v in hasami hasami-chess+rows=1,2+win=most-captures dai-hasami agon mak-yek+win=pieces-left:6; do
  $T match --variant $v --a tuned.txt --b builtin --pairs $P --depth 3 --seed 99
done
