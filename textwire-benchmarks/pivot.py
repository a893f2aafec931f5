#!/usr/bin/env python3
"""Pivot a JMH JSON result (plain or .gz) into a markdown table: one row per parameter combination, one
column per benchmark method, the score (with its unit) and, with -prof gc, the allocation in B/op.

    python3 textwire-benchmarks/pivot.py results.json [--ratio BASE_METHOD] [--per-gib]

--ratio M   adds, per row, how many times faster each method is than method M (M's time / its time)
--per-gib   divides the score by the parameter n (256M, 1G, 4G) to give time per GiB (growth benchmarks)
"""
import gzip
import json
import sys
from collections import OrderedDict


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        return json.load(f)


def gib(n):
    units = {"K": 1 / (1024 * 1024), "M": 1 / 1024, "G": 1.0}
    return float(n[:-1]) * units[n[-1]]


def fmt(x):
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 10:
        return f"{x:.1f}"
    return f"{x:.2f}"


def main(argv):
    path = argv[1]
    ratio_base = argv[argv.index("--ratio") + 1] if "--ratio" in argv else None
    per_gib = "--per-gib" in argv
    rows = OrderedDict()
    methods = []
    unit = None
    for entry in load(path):
        cls, method = entry["benchmark"].rsplit(".", 1)
        cls = cls.rsplit(".", 1)[-1]
        if cls in ("Synthetic", "Corpus", "ArrayBacked", "SingleBytes"):
            cls = entry["benchmark"].rsplit(".", 3)[-3] + "." + cls
        params = entry.get("params", {})
        key = (cls,) + tuple(f"{k}={v}" for k, v in sorted(params.items()))
        score = entry["primaryMetric"]["score"]
        error = entry["primaryMetric"].get("scoreError") or 0.0
        unit = entry["primaryMetric"]["scoreUnit"]
        if per_gib:
            score, error = score / gib(params["n"]), (error if error == error else 0.0) / gib(params["n"])
        alloc = entry.get("secondaryMetrics", {}).get("gc.alloc.rate.norm", {}).get("score")
        rows.setdefault(key, {})[method] = (score, error, alloc)
        if method not in methods:
            methods.append(method)
    unit_label = unit + (" per GiB" if per_gib else "")
    header = ["input"] + [f"{m} ({unit_label})" for m in methods]
    has_alloc = any(v[2] is not None for r in rows.values() for v in r.values())
    if has_alloc:
        header += [f"{m} B/op" for m in methods]
    if ratio_base:
        header += [f"{ratio_base} / {m}" for m in methods if m != ratio_base]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for key, cells in rows.items():
        line = [" ".join(key[1:]) or key[0]]
        for m in methods:
            if m in cells:
                score, error, _ = cells[m]
                line.append(fmt(score) + (f" ± {fmt(error)}" if error == error and error > 0 else ""))
            else:
                line.append("")
        if has_alloc:
            for m in methods:
                a = cells.get(m, (0, 0, None))[2]
                line.append("" if a is None else f"{a:,.0f}")
        if ratio_base:
            base = cells.get(ratio_base)
            for m in methods:
                if m == ratio_base:
                    continue
                line.append(f"{base[0] / cells[m][0]:.2f}x" if base and m in cells else "")
        print("| " + " | ".join(line) + " |")


if __name__ == "__main__":
    main(sys.argv)
