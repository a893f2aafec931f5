#!/usr/bin/env bash
# `textwire validate` beside `iconv -f UTF-8 -t UTF-8` (and `isutf8` from moreutils, when installed) on
# about 1 GiB of UTF-8 made of the shipped corpus, in the same run, interleaved round by round.
#
#   textwire-cli/tools/validate-vs-iconv.sh [ROUNDS] [DIR]
#
# ROUNDS: rounds of every command (default 5). DIR: where the two test files go (default $TMPDIR or
# /tmp; about 2 GiB; kept for the next run). The files are read once first, so every command reads them
# from the page cache. Prints each command's wall time per round, then min and median, and the ratios.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
rounds="${1:-5}"
dir="${2:-${TMPDIR:-/tmp}}"
valid="$dir/textwire-corpus-1g.txt"
invalid="$dir/textwire-corpus-1g-bad-end.txt"
copies=189 # 189 x 5,677,523 bytes of corpus = 1,073,051,847 bytes, just under 1 GiB; whole files stay valid

if [ ! -f "$valid" ]; then
  echo "making $valid ($copies copies of the corpus)..." >&2
  cat "$root"/corpus/*/*.txt > "$valid.part"
  one="$valid.one"; mv "$valid.part" "$one"
  for _ in $(seq "$copies"); do cat "$one"; done > "$valid"
  rm "$one"
fi
if [ ! -f "$invalid" ]; then
  # The same bytes, then one byte that is never UTF-8: every tool must read it all to find it.
  { cat "$valid"; printf '\xff\n'; } > "$invalid"
fi
cat "$valid" "$invalid" > /dev/null

"$root/textwire" --version > /dev/null # builds the tool first if needed, outside the timing

# "-j 1" is one thread; "- <" reads standard input, which also counts lines as it goes (a file is only
# counted again at an error).
names=("textwire validate" "textwire validate -j 1" "textwire validate - <" "iconv -f UTF-8 -t UTF-8")
commands=("$root/textwire validate" "$root/textwire validate -j 1" "STDIN $root/textwire validate -" "iconv -f UTF-8 -t UTF-8 -o /dev/null")
if command -v isutf8 > /dev/null; then
  names+=("isutf8"); commands+=("isutf8")
fi

declare -A times
for file in "$valid" "$invalid"; do
  for ((round = 1; round <= rounds; round++)); do
    for i in "${!commands[@]}"; do
      start=$(date +%s.%N)
      if [[ ${commands[$i]} == STDIN* ]]; then
        ${commands[$i]#STDIN } < "$file" > /dev/null 2>&1 || true
      else
        ${commands[$i]} "$file" > /dev/null 2>&1 || true
      fi
      end=$(date +%s.%N)
      t=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
      times["$file|$i"]+="$t "
    done
  done
done

echo "$(nproc) CPUs; $(java -version 2>&1 | head -1); $(iconv --version | head -1)"
echo "$rounds rounds, interleaved; wall seconds, file in the page cache"
for file in "$valid" "$invalid"; do
  echo
  echo "$(basename "$file") ($(stat -c %s "$file") bytes)"
  printf '  %-26s %-44s %7s %7s %9s\n' command "rounds" min median "vs iconv"
  iconv_median=""
  declare -A medians=()
  for i in "${!commands[@]}"; do
    sorted=$(echo ${times["$file|$i"]} | tr ' ' '\n' | sort -n)
    n=$(echo "$sorted" | wc -l)
    min=$(echo "$sorted" | head -1)
    median=$(echo "$sorted" | sed -n "$(( (n + 1) / 2 ))p")
    medians[$i]=$median
  done
  for i in "${!commands[@]}"; do
    [[ ${names[$i]} == iconv* ]] && iconv_median=${medians[$i]}
  done
  for i in "${!commands[@]}"; do
    sorted=$(echo ${times["$file|$i"]} | tr ' ' '\n' | sort -n)
    min=$(echo "$sorted" | head -1)
    all=$(for t in ${times["$file|$i"]}; do printf '%.2f ' "$t"; done)
    ratio=$(awk -v a="$iconv_median" -v b="${medians[$i]}" 'BEGIN { printf "%.2f", a / b }')
    printf '  %-26s %-44s %7.2f %7.2f %8sx\n' "${names[$i]}" "$all" "$min" "${medians[$i]}" "$ratio"
  done
done
