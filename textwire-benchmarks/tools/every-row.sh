#!/usr/bin/env bash
# Every row of issue 15 (encode, exact length, decode, validate, length-prefixed and RESP frames), one
# JMH run per input, so that textwire and every peer of one input are measured within a minute or two
# of each other. The one-command form ("The runs" in docs/BENCHMARKS.md) runs each method over all
# inputs in turn, so a method and its peers meet many minutes apart, and on a shared 2-core machine a
# slow spell can land on one side of a ratio only. Either way one run is one fork a method: give
# report.py two runs and each method counts its fastest (stop 51: two runs of the same code, one of each
# form, JDK 17, differed by a median 37% a cell, and 57 of 168 cells were on different sides of 1.0x).
#
#   textwire-benchmarks/tools/every-row.sh JAVA JAR OUT_DIR
#   python3 textwire-benchmarks/report.py --every-row OUT_DIR/every-row.json     # the tables
#
# Run it from the repository root (the corpus files are read from corpus/). About 27 minutes per JDK on
# this project's 2-core machine.
set -euo pipefail
java=$1 jar=$2 out=$3
mkdir -p "$out"
opts=(-f 1 -wi 2 -w 300ms -i 3 -r 300ms -prof gc -rf json)
ops='(Encode|EncodedLength|Decode|Validate)'
frames='(varint|respBulk|protobuf|nettyManualVarint|jdkGetBytesVarint|jdkGetBytesResp)$'
for kind in ascii latin1 cjk emoji mostly_ascii; do
  for length in 16 512 65536; do
    "$java" -jar "$jar" "bench\.(${ops}Benchmark\.|LengthPrefixedBenchmark\.${frames})" -p kind=$kind -p length=$length \
      "${opts[@]}" -rff "$out/rows-$kind-$length.json" > "$out/rows-$kind-$length.log" 2>&1
  done
done
for corpus in en fr ru ar zh emoji_lipsum; do
  "$java" -jar "$jar" "bench\.(${ops}CorpusBenchmark\.|LengthPrefixedCorpusBenchmark\.${frames})" -p corpus=$corpus \
    "${opts[@]}" -rff "$out/rows-$corpus.json" > "$out/rows-$corpus.log" 2>&1
done
python3 - "$out" <<'EOF'
import glob, json, sys
rows = []
for path in sorted(glob.glob(sys.argv[1] + "/rows-*.json")):
    rows += json.load(open(path))
json.dump(rows, open(sys.argv[1] + "/every-row.json", "w"))
print(len(rows), "results in", sys.argv[1] + "/every-row.json")
EOF
