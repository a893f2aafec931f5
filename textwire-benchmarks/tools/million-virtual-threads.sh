#!/usr/bin/env bash
# A million virtual threads that each encode or decode once and then park, textwire beside the JDK, at
# -Xmx2g: seconds until all have made their call and heap held while they are parked (see
# MillionVirtualThreads.java). Needs a JDK 21 or later: JAVA21_HOME if set, else the newest one found by
# its `release` file under /usr/lib/jvm. Builds textwire-core's classes if they are missing.
#
#   textwire-benchmarks/tools/million-virtual-threads.sh [CLASSES_DIR] [THREADS]
#
# CLASSES_DIR defaults to textwire-core/target/classes (give another build's to compare). Exits 1 if a
# textwire case runs out of memory or holds more than twice the JDK's heap per thread (plus 1 KiB).
set -euo pipefail
cd "$(dirname "$0")/../.."
classes=${1:-textwire-core/target/classes}
threads=${2:-1000000}

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
for pair in encode decode encode-1k decode-1k; do
  jdk_line=""
  for side in jdk textwire; do
    name="$side-$pair"
    set +e
    line=$("$java_home/bin/java" -Xmx2g -XX:+ExitOnOutOfMemoryError -cp "$classes" \
      textwire-benchmarks/tools/MillionVirtualThreads.java "$name" "$threads" 2>&1)
    code=$?
    set -e
    if [[ $code -ne 0 ]]; then
      echo "$name: failed with exit status $code: $(echo "$line" | grep -m1 -i 'outofmemory\|exception' || echo "$line" | tail -1)"
      [[ $side == textwire ]] && status=1
      continue
    fi
    echo "$line"
    per_thread=$(echo "$line" | sed -n 's/.* \([0-9]*\) B\/thread.*/\1/p')
    if [[ $side == jdk ]]; then
      jdk_line=$per_thread
    elif [[ -n "$jdk_line" && $per_thread -gt $((2 * jdk_line + 1024)) ]]; then
      echo "  textwire holds $per_thread B per parked thread, the JDK $jdk_line" >&2
      status=1
    fi
  done
done
exit $status
