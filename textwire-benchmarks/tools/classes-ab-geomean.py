#!/usr/bin/env python3
"""Summarises saved ClassesAB output (classes-ab.sh's, or raw ClassesAB lines): per row, the geometric
mean of new/old over its JVMs, with each JVM's ratio, and the worst row. Below 1 the new build takes less
time. Geometric, because the runs come in both loading orders and a bias that follows the order shows
as r in one and 1/r in the other, which a geometric mean cancels and a median of an even count does not.

    textwire-benchmarks/tools/classes-ab-geomean.py SAVED_OUTPUT
"""
import re, sys, math, collections
rows = collections.OrderedDict()
for line in open(sys.argv[1]):
    m = re.match(r'^(\S+)\s+(\S+)\s+(\S+)\s+chars.*new/old ([0-9.]+)', line)
    if m:
        key = f"{m.group(1)} {m.group(2)} {m.group(3).replace('file:corpus/wikipedia_mars/','').replace('.utf8.txt','')}"
        rows.setdefault(key, []).append(float(m.group(4)))
worst = 0
for k, rs in rows.items():
    g = math.exp(sum(math.log(r) for r in rs) / len(rs))
    worst = max(worst, abs(g - 1))
    print(f"{k:42s} {g:6.3f}  ({' '.join(f'{r:.3f}' for r in rs)})")
print(f"# {len(rows)} rows; worst |geomean - 1| = {worst:.3f}; rows above 1.05: {sum(1 for rs in rows.values() if math.exp(sum(map(math.log, rs))/len(rs)) > 1.05)}")
