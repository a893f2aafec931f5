#!/usr/bin/env bash
# The ClassesAB matrix for an API change (issue "one codec model"): every row old vs new in one JVM,
# alternating batches. One JVM per row, so one row's JIT profile cannot shape another's.
#
#   textwire-benchmarks/tools/classes-ab.sh OLD_CLASSES NEW_CLASSES [BENCH_JAR]
#
# Run from the repository root (corpus/ paths are relative to it). BENCH_JAR defaults to
# textwire-benchmarks/target/textwire-benchmarks.jar (only its synthetic inputs are used).
# Self-check: pass the same classes dir twice; the spread of new/old around 1.000 is the noise.
# FORKS=N (default 4) runs each row in N JVMs, every other one loading the new build first, and adds a
# "geometric mean of N" line (below 1: the new build takes less time; classes-ab-geomean.py summarises a
# saved output the same way). The self-check showed that one JVM can compile the two loaders' copies of the same
# kernel differently (new/old 0.80 or 1.40 with tight p25s), and a bias towards the side loaded second,
# which only fresh JVMs in both orders average out.
# Tuning via JAVA_AB_OPTS, e.g. "-Dab.rounds=30 -Dab.batchMillis=10 -Dab.jitMillis=1000" (the defaults here).
set -euo pipefail
old=$1
new=$2
jar=${3:-textwire-benchmarks/target/textwire-benchmarks.jar}
opts=${JAVA_AB_OPTS:-"-Dab.rounds=30 -Dab.batchMillis=10 -Dab.jitMillis=1000"}
here=$(cd "$(dirname "$0")" && pwd)
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
javac -d "$build" "$here/ClassesAB.java"

forks=${FORKS:-4}
ratios=$build/ratios
row() { # CODEC OP INPUT
  local f lines
  lines=$build/row
  : >"$lines"
  for ((f = 0; f < forks; f++)); do
    if ((f % 2 == 0)); then
      # shellcheck disable=SC2086
      java $opts -cp "$build" ClassesAB "$old" "$new" "$jar" "$@" | tee -a "$lines"
    else
      # Odd forks load and size the new build first, and the ratio is turned back into new/old: the
      # self-check showed a bias towards one side that follows the order, not the code.
      # shellcheck disable=SC2086
      java $opts -cp "$build" ClassesAB "$new" "$old" "$jar" "$@" |
        awk '{ if (match($0, /new\/old [0-9.]+/)) { r = substr($0, RSTART + 8, RLENGTH - 8); sub(/new\/old [0-9.]+/, sprintf("new/old %.3f (swapped run: the side printed as old is the new build)", 1 / r)) } print }' |
        tee -a "$lines"
    fi
  done
  if ((forks > 1)); then
    sed -n 's/.*new\/old \([0-9.]*\).*/\1/p' "$lines" | sort -n |
      awk -v row="$*" '{ r[NR] = $1; l += log($1) } END { printf "%s: geometric mean of %d forks new/old %.3f (min %.3f, max %.3f)\n", row, NR, exp(l / NR), r[1], r[NR] }' |
      tee -a "$ratios"
  else
    sed -n 's/.*new\/old \([0-9.]*\).*/\1/p' "$lines" | awk -v row="$*" '{ printf "%s: new/old %s\n", row, $1 }' >>"$ratios"
  fi
}

en=file:corpus/wikipedia_mars/english.utf8.txt
ru=file:corpus/wikipedia_mars/russian.utf8.txt
zh=file:corpus/wikipedia_mars/chinese.utf8.txt

start=$(date +%s)
for op in encode length decode validate; do
  for input in ascii/512 latin1/512 mostly_ascii/512 cjk/512 emoji/512 ascii/16 cjk/16 $en $ru $zh; do
    row UTF_8 $op $input
  done
done
for codec in ISO_8859_1 IBM500; do
  for op in encode decode validate; do
    for input in ascii/512 latin1/512; do
      row $codec $op $input
    done
  done
done
for codec in CESU_8 MODIFIED_UTF_8; do
  for op in encode decode; do
    for input in cjk/512 emoji/512; do
      row $codec $op $input
    done
  done
done
# The noise summary: for a self-check every |new/old - 1| is noise.
sed -n 's/.*new\/old \([0-9.]*\).*/\1/p' "$ratios" | awk '
  { d = $1 - 1; if (d < 0) d = -d; if (d > worst) worst = d; if (d > 0.02) over2++; if (d > 0.05) over5++; n++ }
  END { printf "# %d rows: worst |new/old - 1| %.3f; rows beyond 2%%: %d, beyond 5%%: %d\n", n, worst, over2, over5 }'
echo "# $(( $(date +%s) - start )) s; java $(java -version 2>&1 | head -1); JAVA_AB_OPTS: $opts"
