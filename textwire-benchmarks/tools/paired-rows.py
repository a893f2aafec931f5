#!/usr/bin/env python3
"""Issue 15's rows again, textwire and its fastest peers measured back to back, round after round.

One every-row run gives each method one fork, minutes apart from its peers; on this project's shared
2-core machine two such runs of the same code differed by a median 37% a cell (stop 51). This tool
takes the rows that a run put below a ratio (report.py's rows, each method's fastest of the runs given),
and measures each again in rounds: in each round textwire's method and the row's fastest peers run one
after the other, one fork each, in an order that alternates from round to round, so that a slow spell
of minutes falls on both sides of a ratio. The ratio of a round is its fastest peer's time over
textwire's; the summary gives each row's median ratio over the rounds, the lowest and highest, and how
many rounds were at or above 1.0x. What it can tell apart (stop 52): a row below 1.0x in every round
from one that crosses 1.0x, not 0.9x from 1.0x. The machine's noise also moves within seconds, and a
row's five rounds still spanned a median factor of 2 between the lowest ratio and the highest.

    textwire-benchmarks/tools/paired-rows.py JAVA JAR OUT_DIR RESULTS.json [MORE.json ...]
        [--rounds 5] [--below 1.0] [--peers 3] [--window 1.5] [--only 'exact length:cjk/512,...']
    textwire-benchmarks/tools/paired-rows.py --summary OUT_DIR        # the table again, from saved JSON

With --interleaved a round is one JVM per row instead of one JMH fork per method: Interleaved.java runs
the row's methods in that JVM in alternating 20 ms batches, 40 rounds of batches after a warm-up of 3
s a method (INTERLEAVED_OPTS passes -Dil.* settings), and a round's ratio is the lowest over the peers of
the median over the batches of the peer's time over textwire's (the fastest peer's). The machine's spells then fall on both sides of each ratio
(stop 53: within one JVM the ratio of two methods held to a few percent while their times moved 2x);
what is left between rounds is how each JVM compiled the methods. JMH's figures stay the record.

Run it from the repository root (the corpus files are read from corpus/). A peer is measured beside the
fastest one when its time in RESULTS was within --window times the fastest's (--peers caps how many).
Stop 52 ran with --window 1.15 --peers 2 and so missed a peer: on JDK 25, 65,536 CJK chars, Netty into a
heap buffer had been slowed by more than 15% in RESULTS and was not measured, and it was the fastest. Each
method of each round is one JMH run of its own (-f 1 -wi 2 -w 300ms -i 3 -r 300ms -prof gc), saved as
OUT_DIR/round-N/<row>.<method>.json, about 2.7 s each on this project's 2-core machine: stop 52's JDK 17
list (62 rows, 148 methods a round) took 33 minutes for 5 rounds.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import report  # noqa: E402  (textwire-benchmarks/report.py: the rows, the peers, the loader)

JMH_OPTIONS = ["-f", "1", "-wi", "2", "-w", "300ms", "-i", "3", "-r", "300ms", "-prof", "gc", "-rf", "json"]


def jmh_class(operation, key):
    base = "LengthPrefixed" if operation in ("LengthPrefixed", "RespBulk") else operation
    return base + ("Benchmark" if "/" in key else "CorpusBenchmark")


def jmh_params(key):
    if "/" in key:
        kind, length = key.split("/")
        return ["-p", "kind=" + kind, "-p", "length=" + length]
    return ["-p", "corpus=" + key]


def row_id(label, key):
    return re.sub(r"[^A-Za-z0-9]+", "_", label + " " + key).strip("_")


def result_path(directory, rid, method):
    """Where one method's JMH JSON of one round is: written by run_method, read by summary."""
    return os.path.join(directory, "%s.%s.json" % (rid, method))


def choose_rows(results, below, peers, window, only):
    """[(label, operation, key, our method, [peer methods])] for the rows below the ratio."""
    rows = []
    ordered = sorted(results.items(), key=lambda kv: report.input_order(kv[0][1]))
    for label, operation, method in report.EVERY_ROW:
        spec = report.OPERATIONS[operation]
        for (op, key), row in ordered:
            if op != operation or method not in row:
                continue
            if only is not None and (label, key) not in only:
                continue
            present = sorted((row[m][0], m) for m in spec["baselines"] if m in row)
            if not present:
                continue
            ratio = present[0][0] / row[method][0]
            if only is None and ratio >= below:
                continue
            chosen = [m for score, m in present if score <= window * present[0][0]][:peers]
            rows.append((label, operation, key, method, chosen))
    return rows


def run_method(java, jar, out, operation, key, method, rid):
    path = result_path(out, rid, method)
    regex = r"bench\.%s\.%s$" % (jmh_class(operation, key), method)
    command = [java, "-jar", jar, regex] + jmh_params(key) + JMH_OPTIONS + ["-rff", path]
    with open(path[: -len(".json")] + ".log", "w") as log:
        subprocess.run(command, stdout=log, stderr=subprocess.STDOUT, check=True)
    return path


def compile_interleaved(java, out):
    """Interleaved.java compiled into OUT_DIR/tools by the javac beside JAVA (it is run on that JDK)."""
    classes = os.path.join(out, "tools")
    os.makedirs(classes, exist_ok=True)
    javac = os.path.join(os.path.dirname(java), "javac")
    if not os.path.exists(javac):
        javac = "javac"
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Interleaved.java")
    subprocess.run([javac, "-d", classes, source], check=True)
    return classes


def run_interleaved(java, jar, classes, out, operation, key, methods, rid):
    """One JVM, the row's methods in alternating 20 ms batches (Interleaved.java); its JSON is saved."""
    path = result_path(out, rid, "interleaved")
    params = [p for p in jmh_params(key) if p != "-p"]
    options = os.environ.get("INTERLEAVED_OPTS", "").split()  # e.g. -Dil.warmupMillis=2000 -Dil.rounds=40
    command = [java, "-Xms1g", "-Xmx1g"] + options + ["-cp", jar + os.pathsep + classes, "Interleaved",
               jmh_class(operation, key), ",".join(methods)] + params
    with open(path, "w") as result, open(path[: -len(".json")] + ".log", "w") as log:
        subprocess.run(command, stdout=result, stderr=log, check=True)
    return path


def measure(java, jar, out, rows, rounds, interleaved=False):
    plan = {"rows": [list(r) for r in rows], "rounds": rounds, "java": java, "jar": jar,
            "interleaved": interleaved}
    os.makedirs(out, exist_ok=True)
    json.dump(plan, open(os.path.join(out, "plan.json"), "w"), indent=1)
    classes = compile_interleaved(java, out) if interleaved else None
    for n in range(1, rounds + 1):
        directory = os.path.join(out, "round-%d" % n)
        os.makedirs(directory, exist_ok=True)
        for label, operation, key, method, peers in rows:
            rid = row_id(label, key)
            order = [method] + peers if n % 2 == 1 else peers + [method]
            if interleaved:
                run_interleaved(java, jar, classes, directory, operation, key, order, rid)
                continue
            for m in order:
                run_method(java, jar, directory, operation, key, m, rid)
        print("round %d of %d done" % (n, rounds), file=sys.stderr, flush=True)


def score_of(path):
    try:
        entries = json.load(open(path))
    except ValueError:  # a run still writing its file
        return None, None
    if not entries:
        return None, None
    entry = entries[0]
    alloc = entry.get("secondaryMetrics", {}).get("gc.alloc.rate.norm", {}).get("score")
    return entry["primaryMetric"]["score"], alloc


def interleaved_round(path, method, peers):
    """(ratio, textwire ns/op, textwire B/op, fastest peer's B/op) of one JVM's interleaved batches, or None.

    A peer's ratio is the median over the batch rounds of its time over textwire's in the same round;
    the row's ratio is the lowest of those (the fastest peer). Times and B/op are medians over rounds."""
    try:
        methods = json.load(open(path))["methods"]
    except (OSError, ValueError, KeyError):  # not run yet, or still running
        return None
    if not all(m in methods for m in [method] + peers):
        return None
    ours = methods[method]["nsPerOp"]
    by_peer = [(statistics.median(p / o for p, o in zip(methods[m]["nsPerOp"], ours)), m) for m in peers]
    ratio, fastest = min(by_peer)
    return (ratio, statistics.median(ours), statistics.median(methods[method]["bytesPerOp"]),
            statistics.median(methods[fastest]["bytesPerOp"]))


def summary(out):
    plan = json.load(open(os.path.join(out, "plan.json")))
    print("| row | input | textwire ns/op (median) | peers | ratio, median of rounds | lowest - highest | rounds at or above 1.0x | B/op, textwire / peer (medians) |")
    print("|---|---|---|---|---|---|---|---|")
    counts = {"above": 0, "below": 0, "mixed": 0}
    for label, operation, key, method, peers in plan["rows"]:
        rid = row_id(label, key)
        ratios, ours, allocs, peer_allocs = [], [], [], []
        for n in range(1, plan["rounds"] + 1):
            directory = os.path.join(out, "round-%d" % n)
            if plan.get("interleaved"):
                round_result = interleaved_round(result_path(directory, rid, "interleaved"), method, peers)
                if round_result is None:
                    continue
                ratio, score, alloc, peer_alloc = round_result
                ratios.append(ratio)
                ours.append(score)
                allocs.append(alloc)
                peer_allocs.append(peer_alloc)
                continue
            paths = [result_path(directory, rid, m) for m in [method] + peers]
            if not all(os.path.exists(p) for p in paths):
                continue  # a round not finished: its ratio would leave out a peer
            (score, alloc), *peer_results = [score_of(p) for p in paths]
            if score is None or any(s is None for s, _ in peer_results):
                continue
            fastest = min(peer_results, key=lambda sa: sa[0])
            ratios.append(fastest[0] / score)
            ours.append(score)
            if alloc is not None and fastest[1] is not None:
                allocs.append(alloc)
                peer_allocs.append(fastest[1])
        if not ratios:
            continue
        at_or_above = sum(1 for r in ratios if r >= 1.0)
        verdict = "above" if at_or_above == len(ratios) else "below" if at_or_above == 0 else "mixed"
        counts[verdict] += 1
        names = ", ".join(report.OPERATIONS[operation]["baselines"][p] for p in peers)
        alloc_cell = "%s / %s" % (report.fmt_alloc(statistics.median(allocs)), report.fmt_alloc(statistics.median(peer_allocs))) if allocs else "?"
        print("| %s | %s | %s | %s | %.2fx | %.2f - %.2f | %d of %d | %s |" % (
            label, key, report.fmt_ns(statistics.median(ours)), names, statistics.median(ratios),
            min(ratios), max(ratios), at_or_above, len(ratios), alloc_cell))
    print()
    print("%d rows at or above 1.0x in every round, %d below in every round, %d mixed." % (
        counts["above"], counts["below"], counts["mixed"]))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--summary":
        summary(sys.argv[2])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("java")
    parser.add_argument("jar")
    parser.add_argument("out")
    parser.add_argument("results", nargs="+")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--below", type=float, default=1.0)
    parser.add_argument("--peers", type=int, default=3)
    parser.add_argument("--window", type=float, default=1.5)
    parser.add_argument("--only", help="comma-separated 'row label:input' pairs, measured whatever their ratio")
    parser.add_argument("--interleaved", action="store_true",
                        help="a round is one JVM per row running its methods in alternating 20 ms batches "
                             "(Interleaved.java), not one JMH fork per method")
    args = parser.parse_args()
    only = None
    if args.only:
        only = {tuple(item.rsplit(":", 1)) for item in args.only.split(",")}
    rows = choose_rows(report.load(args.results), args.below, args.peers, args.window, only)
    print("%d rows, %d methods a round" % (len(rows), sum(1 + len(r[4]) for r in rows)), file=sys.stderr)
    measure(args.java, args.jar, args.out, rows, args.rounds, args.interleaved)
    summary(args.out)


if __name__ == "__main__":
    main()
