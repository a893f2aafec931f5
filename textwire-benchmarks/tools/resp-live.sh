#!/usr/bin/env bash
# Pipelined SET/GET throughput against a live redis-server this script starts itself: textwire's
# RespConnection beside Jedis's Pipeline (dev.textwire.bench.RespLive), then redis-benchmark as the ceiling.
#
# usage: textwire-benchmarks/tools/resp-live.sh [-n REQUESTS] [-d VALUE_BYTES] [-P DEPTH[,DEPTH...]] [-r ROUNDS]
#   defaults: -n 200000 -d 64 -P 1,16,256 -r 3
# Needs the shaded jar: ./mvnw -q -B -ntp package -pl textwire-benchmarks -am -DskipTests
# The server listens on a free loopback port, keeps nothing on disk (--save '' --appendonly no) in a temp
# directory, and is stopped on exit, whatever the exit.
set -euo pipefail

requests=200000
value_bytes=64
depths=1,16,256
rounds=3
while getopts "n:d:P:r:" opt; do
  case "$opt" in
    n) requests=$OPTARG ;;
    d) value_bytes=$OPTARG ;;
    P) depths=$OPTARG ;;
    r) rounds=$OPTARG ;;
    *) sed -n '2,8p' "$0"; exit 2 ;;
  esac
done

root=$(cd "$(dirname "$0")/../.." && pwd)
jar="$root/textwire-benchmarks/target/textwire-benchmarks.jar"
[[ -f $jar ]] || { echo "no $jar: build it first (see the header of $0)" >&2; exit 1; }
command -v redis-server >/dev/null && command -v redis-cli >/dev/null && command -v redis-benchmark >/dev/null \
  || { echo "redis-server, redis-cli and redis-benchmark must be on the PATH" >&2; exit 1; }

port_in_use() {
  # Something answers a TCP connect, or the kernel lists a listener: either way, not ours to take.
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
  ss -Htln "sport = :$1" 2>/dev/null | grep -q . && return 0
  return 1
}

port=""
for _ in $(seq 1 50); do
  candidate=$((20000 + RANDOM % 20000))
  if ! port_in_use "$candidate"; then port=$candidate; break; fi
done
[[ -n $port ]] || { echo "found no free port" >&2; exit 1; }

dir=$(mktemp -d /tmp/resp-live.XXXXXX)
server_pid=""
cleanup() {
  if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$dir"
}
trap cleanup EXIT INT TERM

redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$dir" \
  --logfile "$dir/redis.log" --daemonize no &
server_pid=$!

# Wait until it answers, and make sure the server answering is the one started here (its dir is ours).
for _ in $(seq 1 100); do
  if redis-cli -p "$port" ping >/dev/null 2>&1; then break; fi
  kill -0 "$server_pid" 2>/dev/null || { echo "redis-server exited:"; cat "$dir/redis.log"; exit 1; } >&2
  sleep 0.1
done
served_dir=$(redis-cli -p "$port" config get dir | sed -n 2p)
[[ $served_dir == "$(cd "$dir" && pwd -P)" ]] || { echo "port $port answers from '$served_dir', not $dir: not our server" >&2; exit 1; }

echo "# $(date -u +%FT%TZ) $(redis-server --version | cut -d' ' -f1-3) on 127.0.0.1:$port; $(nproc) cores; $(uname -sr)"
echo "# java: $(java -version 2>&1 | head -1)"
java -Xms1g -Xmx1g -cp "$jar" dev.textwire.bench.RespLive "$port" "$requests" "$value_bytes" "$depths" "$rounds" \
  "$(command -v redis-benchmark)"
