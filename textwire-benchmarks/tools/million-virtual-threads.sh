#!/usr/bin/env bash
# A million virtual threads that each encode or decode once and then park, textwire beside the JDK, at
# -Xmx2g: seconds until all have made their call and heap held while they are parked (see
# MillionVirtualThreads.java). Needs a JDK 21 or later: JAVA21_HOME if set, else the newest one found by
# its `release` file under /usr/lib/jvm. Builds textwire-core's classes if they are missing.
#
#   textwire-benchmarks/tools/million-virtual-threads.sh [CLASSES_DIR [THREADS [CASE...]]]
#
# CLASSES_DIR defaults to textwire-core/target/classes (give another build's to compare), THREADS to a
# million, the cases to all eight (jdk-/textwire- encode, decode, encode-1k, decode-1k), one JVM each.
# Exits 1 if a textwire case runs out of memory, or holds more per parked thread than twice the JDK's
# case run just before it plus 1 KiB (4 KiB when run without it; the old per-thread scratch was 13 KiB).
# For CI (about 20 s a case here):
#   textwire-benchmarks/tools/million-virtual-threads.sh textwire-core/target/classes 1000000 textwire-encode-1k
set -euo pipefail
cd "$(dirname "$0")/../.."
classes=${1:-textwire-core/target/classes}
threads=${2:-1000000}
cases=("${@:3}")
if [[ ${#cases[@]} -eq 0 ]]; then
  cases=(jdk-encode textwire-encode jdk-decode textwire-decode jdk-encode-1k textwire-encode-1k
    jdk-decode-1k textwire-decode-1k)
fi

java_home=${JAVA21_HOME:-}
if [[ -z "$java_home" ]]; then
  best=0
  for release in /usr/lib/jvm/*/release; do
    [[ -f "$release" ]] || continue
    version=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$release")
    if [[ -n "$version" && "$version" -ge 21 && "$version" -gt "$best" ]]; then
      best=$version
      java_home=$(dirname "$release")
    fi
  done
fi
if [[ -z "$java_home" ]]; then
  echo "no JDK 21 or later found (set JAVA21_HOME)" >&2
  exit 2
fi
if [[ ! -f "$classes/dev/textwire/Utf8.class" ]]; then
  ./mvnw -q -B -ntp compile -pl textwire-core
fi

echo "$("$java_home/bin/java" -version 2>&1 | head -1), -Xmx2g, classes from $classes"
status=0
jdk_per_thread=""
for name in "${cases[@]}"; do
  set +e
  line=$("$java_home/bin/java" -Xmx2g -XX:+ExitOnOutOfMemoryError -cp "$classes" \
    textwire-benchmarks/tools/MillionVirtualThreads.java "$name" "$threads" 2>&1)
  code=$?
  set -e
  if [[ $code -ne 0 ]]; then
    echo "$name: failed with exit status $code: $(echo "$line" | grep -m1 -i 'outofmemory\|exception' || echo "$line" | tail -1)"
    [[ $name == textwire-* ]] && status=1
    jdk_per_thread=""
    continue
  fi
  echo "$line"
  per_thread=$(echo "$line" | sed -n 's/.* \([0-9]*\) B\/thread.*/\1/p')
  if [[ $name == jdk-* ]]; then
    jdk_per_thread=$per_thread
    continue
  fi
  bound=$((jdk_per_thread ? 2 * jdk_per_thread + 1024 : 4096))
  if [[ $per_thread -gt $bound ]]; then
    echo "  $name holds $per_thread B per parked thread, above $bound" >&2
    status=1
  fi
  jdk_per_thread=""
done
exit $status
