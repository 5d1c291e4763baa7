#!/usr/bin/env bash
# Strength measurements of issue 3 with `hasami-lab match` (docs/engine.md, "Strength measurements";
# docs/match.md).
#
#   scripts/measure.sh ladder  [FROM [TO]]   level N vs level N-1, N = FROM..TO (default 2..10); N = 1:
#                                            level 1 vs random moves
#   scripts/measure.sh greedy  [PRESET...]   level 10 vs greedy:2 at 200 ms/move (default: all 7 presets)
#   scripts/measure.sh threads               level:10,Threads=2 vs level:10,Threads=1
#   scripts/measure.sh all                   all three
#   scripts/measure.sh speed [BASE]          `hasami bench --runs 9`, SPEED_SETS times, interleaved with
#                                            the binary BASE when given (search speed, one thread)
#
# Each match writes its summary (command, commit, date, the runner's report) to docs/results/NAME.txt;
# the game records go to $RECORDS/NAME/ (not committed). Settings come from the environment:
#   LAB               the match runner (default: builds `cargo build --release -p hasami-lab -p hasami`
#                     and uses target/release/hasami-lab)
#   HASAMI            the binary that `speed` benches (default: target/release/hasami, built as LAB)
#   LADDER_VARIANT    dai-hasami        LADDER_GAMES 200     LADDER_MOVETIME 2000 (levels 1-9 are
#   LADDER10_MOVETIME 200 (level 10's time in the 9->10 step)    depth-capped: only a safety limit)
#   GREEDY_GAMES      50                GREEDY_MOVETIME 200
#   THREADS_VARIANT   dai-hasami        THREADS_GAMES 200    THREADS_MOVETIME 200
#   MAX_PLIES 300     CONCURRENCY 2 (threads: always 1)      SEED 2026
#   SPEED_SETS 8      SPEED_NAME bench-speed (the file in $OUT)
#   SPEED_CPU         a processor to run every bench on (e.g. 1: steadier figures beside other work)
#   OUT docs/results  RECORDS ${TMPDIR:-/tmp}/hasami-measure
#   BUILT             what the binary was built from, for the summaries (default: this HEAD)
set -euo pipefail
cd "$(dirname "$0")/.."

LADDER_VARIANT=${LADDER_VARIANT:-dai-hasami}
LADDER_GAMES=${LADDER_GAMES:-200}
LADDER_MOVETIME=${LADDER_MOVETIME:-2000}
LADDER10_MOVETIME=${LADDER10_MOVETIME:-200}
GREEDY_GAMES=${GREEDY_GAMES:-50}
GREEDY_MOVETIME=${GREEDY_MOVETIME:-200}
THREADS_VARIANT=${THREADS_VARIANT:-dai-hasami}
THREADS_GAMES=${THREADS_GAMES:-200}
THREADS_MOVETIME=${THREADS_MOVETIME:-200}
MAX_PLIES=${MAX_PLIES:-300}
CONCURRENCY=${CONCURRENCY:-2}
SEED=${SEED:-2026}
OUT=${OUT:-docs/results}
RECORDS=${RECORDS:-${TMPDIR:-/tmp}/hasami-measure}
PRESETS=(hasami hasami-chess dai-hasami dai-hasami-captures agon mak-yek)

if [[ -z "${LAB:-}" || -z "${HASAMI:-}" ]]; then
    cargo build --release -p hasami-lab -p hasami >&2
    LAB=${LAB:-${CARGO_TARGET_DIR:-target}/release/hasami-lab}
    HASAMI=${HASAMI:-${CARGO_TARGET_DIR:-target}/release/hasami}
fi
BUILT=${BUILT:-commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crates || echo ' with uncommitted changes')}
mkdir -p "$OUT"

# run NAME ARGS...: one match, summary to $OUT/NAME.txt (and to standard output).
run() {
    local name=$1
    shift
    local file="$OUT/$name.txt"
    rm -rf "${RECORDS:?}/$name"
    local start
    start=$(date +%s)
    {
        echo "# hasami-lab match $*"
        echo "# binary: $BUILT; $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores"
        "$LAB" match "$@" --records "$RECORDS/$name" 2>&1
        echo "# wall time $(($(date +%s) - start)) s"
    } | tee "$file"
}

ladder() {
    local from=${1:-2} to=${2:-10} n
    for ((n = from; n <= to; n++)); do
        local mt=$LADDER_MOVETIME
        ((n == 10)) && mt=$LADDER10_MOVETIME
        local other="level:$((n - 1))" name="ladder-$LADDER_VARIANT-$n-vs-$((n - 1))"
        ((n == 1)) && other=random name="ladder-$LADDER_VARIANT-1-vs-random"
        run "$name" --player1 "level:$n" --player2 "$other" \
            --variant "$LADDER_VARIANT" --games "$LADDER_GAMES" --movetime "$mt" \
            --max-plies "$MAX_PLIES" --concurrency "$CONCURRENCY" --seed "$SEED"
    done
}

greedy() {
    local presets=("$@") v
    ((${#presets[@]})) || presets=("${PRESETS[@]}")
    for v in "${presets[@]}"; do
        run "greedy-$v" --player1 level:10 --player2 greedy:2 --variant "$v" --games "$GREEDY_GAMES" \
            --movetime "$GREEDY_MOVETIME" --max-plies "$MAX_PLIES" --concurrency "$CONCURRENCY" \
            --seed "$SEED"
    done
}

threads() {
    run "threads-$THREADS_VARIANT" --player1 level:10,Threads=2 --player2 level:10,Threads=1 \
        --variant "$THREADS_VARIANT" --games "$THREADS_GAMES" --movetime "$THREADS_MOVETIME" \
        --max-plies "$MAX_PLIES" --concurrency 1 --seed "$SEED"
}

# speed [BASE]: bench medians, this binary and BASE one after the other so that both see the same drift
# of the machine's speed. Per set: the median nodes/s over all bench positions and over the Hasami family.
speed() {
    local base=${1:-} sets=${SPEED_SETS:-8} file="$OUT/${SPEED_NAME:-bench-speed}.txt" i b
    local pin=()
    [ -n "${SPEED_CPU:-}" ] && pin=(taskset -c "$SPEED_CPU")
    {
        echo "# hasami bench --runs 9, $sets sets${base:+, interleaved with $base}${SPEED_CPU:+, on processor $SPEED_CPU}"
        echo "# binary: $BUILT; $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores"
        echo "# columns: binary, nodes/s of all positions in the fastest run, then medians of the 9 runs:"
        echo "# all positions, Hasami-family positions"
        for ((i = 1; i <= sets; i++)); do
            for b in "$HASAMI" $base; do
                echo "$b $("${pin[@]}" "$b" bench --runs 9 | awk '/^nodes/ { n = $2 } /^runs/ { f = $4 } /^nps/ { all = $2 }
                    /^hasami-family/ { fam = $NF } END { printf "%d %d %d", n / f, all, fam }')"
            done
        done
        "$HASAMI" bench | grep -E '^(depth|nodes)'
    } | tee "$file"
}

case "${1:-}" in
ladder) shift; ladder "$@" ;;
greedy) shift; greedy "$@" ;;
threads) threads ;;
speed) shift; speed "$@" ;;
all) ladder; greedy; threads ;;
*)
    awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
    exit 2
    ;;
esac
