#!/usr/bin/env bash
# The ClassesAB matrix for an API change (issue "one codec model"): every row old vs new in one JVM,
# alternating batches. One JVM per row, so one row's JIT profile cannot shape another's.
#
#   textwire-benchmarks/tools/classes-ab.sh OLD_CLASSES NEW_CLASSES [BENCH_JAR]
#
# Run from the repository root (corpus/ paths are relative to it). BENCH_JAR defaults to
# textwire-benchmarks/target/textwire-benchmarks.jar (only its synthetic inputs are used).
# Self-check: pass the same classes dir twice; the spread of new/old around 1.000 is the noise.
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

row() { # CODEC OP INPUT
  # shellcheck disable=SC2086
  java $opts -cp "$build" ClassesAB "$old" "$new" "$jar" "$@"
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
echo "# $(( $(date +%s) - start )) s; java $(java -version 2>&1 | head -1); JAVA_AB_OPTS: $opts"
