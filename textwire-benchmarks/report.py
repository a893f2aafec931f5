#!/usr/bin/env python3
"""Turns JMH JSON results (-rf json) into the Markdown tables of docs/BENCHMARKS.md.

    python3 textwire-benchmarks/report.py results.json [more.json ...] > tables.md
    python3 textwire-benchmarks/report.py --headline jdk17.json jdk25.json   # the README's table
    python3 textwire-benchmarks/report.py --targets results.json             # the issue's targets, met or not
    python3 textwire-benchmarks/report.py --every-row results.json           # issue 15: every row against every peer
    python3 textwire-benchmarks/report.py --every-row run1.json run2.json    # the same, each method's fastest run
    python3 textwire-benchmarks/report.py --vector-tier results.json         # issue 16: vector tier, scalar, peers

A maintainer's tool (the build and the tests never need it). For every operation and input it prints
textwire's ns/op and B/op, the best baseline of the same run and the ratio baseline / textwire (above 1:
textwire is faster), with the JMH error (99.9%) as a +- percentage so the noise is visible.
"""
import gzip
import json
import sys
from collections import OrderedDict

# Which methods are ours and which are baselines, per operation. Reference-only methods (a different
# input, or a second CharSequence type) are listed nowhere and never counted as the best baseline.
OPERATIONS = OrderedDict([
    ("Encode", {
        "ours": [("textwire", "byte[]"), ("textwireHeapBuffer", "heap ByteBuffer"),
                 ("textwireDirectBuffer", "direct ByteBuffer"), ("textwireStringBuilder", "StringBuilder")],
        "baselines": {"jdkGetBytes": "JDK getBytes (allocates)", "jdkGetBytesArraycopy": "JDK getBytes+arraycopy",
                      "jdkCharsetEncoder": "JDK CharsetEncoder", "protobuf": "protobuf",
                      "nettyHeap": "Netty heap", "nettyDirect": "Netty direct", "okio": "Okio"},
    }),
    ("EncodedLength", {
        "ours": [("textwire", "String"), ("textwireStringBuilder", "StringBuilder")],
        "baselines": {"guava": "Guava", "netty": "Netty", "okio": "Okio", "protobuf": "protobuf",
                      "jdkGetBytesLength": "JDK getBytes().length"},
    }),
    ("Decode", {
        "ours": [("textwire", "strict"), ("textwireReplace", "replace"), ("textwireDirect", "strict, direct")],
        "baselines": {"jdkNewString": "JDK new String", "jdkDecoder": "JDK CharsetDecoder",
                      "protobufRequireUtf8": "protobuf", "jdkDecoderDirect": "JDK CharsetDecoder direct"},
    }),
    ("LengthPrefixed", {
        "ours": [("varint", "VARINT"), ("respBulk", "RESP_BULK")],
        "baselines": {"protobuf": "protobuf writeStringNoTag", "nettyManualVarint": "Netty + hand varint",
                      "jdkGetBytesVarint": "JDK getBytes + varint + copy"},
    }),
    ("RespBulk", {  # LengthPrefixedBenchmark's RESP rows, split out by load()
        "ours": [("respBulk", "RESP_BULK")],
        "baselines": {"jdkGetBytesResp": "JDK getBytes + RESP framing + copy"},
    }),
    ("Validate", {
        "ours": [("textwire", "byte[]")],
        "baselines": {"guava": "Guava", "protobuf": "protobuf", "protobufByteString": "protobuf ByteString",
                      "jdkDecoder": "JDK CharsetDecoder"},
    }),
])

KIND_ORDER = ["ascii", "latin1", "cjk", "emoji", "mostly_ascii"]
CORPUS_ORDER = ["en", "fr", "ru", "ar", "zh", "ja", "emoji_lipsum"]


def load(paths):
    """{(operation, input): {method: (score, error, alloc)}}

    Files that hold the same rows are runs of the same benchmarks: each method keeps its fastest run,
    time and B/op together (the same rule for textwire and for every peer; on a shared 2-core machine a
    slow spell or a busy neighbour only adds time). B/op stays with its own run because on long
    operations part of it is the JVM's background, charged per millisecond (fmt_alloc_against_background).
    """
    results = {}
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        for entry in json.load(opener(path, "rt")):
            _, cls, method = entry["benchmark"].rsplit(".", 2)
            corpus = cls.endswith("CorpusBenchmark")
            operation = cls[: -len("CorpusBenchmark")] if corpus else cls[: -len("Benchmark")]
            params = entry.get("params", {})
            key = params["corpus"] if corpus else "%s/%s" % (params["kind"], params["length"])
            metric = entry["primaryMetric"]
            alloc = entry.get("secondaryMetrics", {}).get("gc.alloc.rate.norm", {}).get("score")
            if operation == "LengthPrefixed" and method in ("respBulk", "jdkGetBytesResp"):
                operation = "RespBulk"
            row = results.setdefault((operation, key), {})
            earlier = row.get(method)
            if earlier is None or metric["score"] < earlier[0]:
                row[method] = (metric["score"], metric["scoreError"], alloc)
    return results


def input_order(key):
    if "/" in key:
        kind, length = key.split("/")
        return (0, int(length), KIND_ORDER.index(kind) if kind in KIND_ORDER else 99, key)
    return (1, 0, CORPUS_ORDER.index(key) if key in CORPUS_ORDER else 99, key)


def fmt_ns(score):
    if score >= 10000:
        return "{:,.0f}".format(score)
    if score >= 100:
        return "{:.0f}".format(score)
    return "{:.1f}".format(score)


def fmt_err(score, error):
    if error != error or score == 0:  # NaN when there was one iteration
        return ""
    return " ±{:.0f}%".format(100.0 * error / score)


def fmt_alloc(alloc):
    if alloc is None:
        return "?"
    return "0" if alloc < 0.5 else "{:,.0f}".format(alloc)


def main(paths):
    results = load(paths)
    for operation, spec in OPERATIONS.items():
        keys = sorted((k for (op, k) in results if op == operation), key=input_order)
        if not keys:
            continue
        ours = spec["ours"]
        header = ["input"] + ["%s ns/op" % label for _, label in ours] + ["best baseline", "ns/op", "ratio"]
        if operation == "Decode":
            header.append("vs new String")
        header += ["textwire B/op", "baseline B/op"]
        print("### %s\n" % operation)
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for key in keys:
            row = results[(operation, key)]
            cells = [key]
            for method, _ in ours:
                if method in row:
                    score, error, _ = row[method]
                    cells.append(fmt_ns(score) + fmt_err(score, error))
                else:
                    cells.append("")
            present = [(m, row[m]) for m in spec["baselines"] if m in row]
            first = ours[0][0]
            if present and first in row:
                best, (bscore, berror, balloc) = min(present, key=lambda mv: mv[1][0])
                ratio = bscore / row[first][0]
                cells += [spec["baselines"][best], fmt_ns(bscore) + fmt_err(bscore, berror), "%.2fx" % ratio]
                if operation == "Decode":
                    cells.append("%.2fx" % (row["jdkNewString"][0] / row[first][0]) if "jdkNewString" in row else "")
                cells += [fmt_alloc(row[first][2]), fmt_alloc(balloc)]
            else:
                cells += ["", "", ""] + ([""] if operation == "Decode" else []) + ["", ""]
            print("| " + " | ".join(cells) + " |")
        print()


# Issue 15's rows: every textwire method of these operations, against every baseline of the same
# operation (allocating ones included): "never slower than any peer".
EVERY_ROW = [
    ("encode into byte[]", "Encode", "textwire"),
    ("encode into a heap ByteBuffer", "Encode", "textwireHeapBuffer"),
    ("encode into a direct ByteBuffer", "Encode", "textwireDirectBuffer"),
    ("exact length", "EncodedLength", "textwire"),
    ("decode, strict", "Decode", "textwire"),
    ("validate", "Validate", "textwire"),
    ("length-prefixed varint", "LengthPrefixed", "varint"),
    ("RESP bulk string", "RespBulk", "respBulk"),
]
INTO_BUFFER = {"textwire", "textwireHeapBuffer", "textwireDirectBuffer", "varint", "respBulk"}


def fmt_alloc_against_background(row, method):
    """B/op, with "≈0" where it is the JVM's background: on long operations JMH's GC profiler charges
    each operation a share of what the benchmark JVM allocates anyway, at a steady rate per millisecond
    that every allocation-free method of the same class shows alike (Netty's as much as ours). So a
    method allocating at no more than 1.5 times the lowest rate in its row allocates nothing itself."""
    score, _, alloc = row[method]
    if alloc is None:
        return "?"
    if alloc < 0.5:
        return "0"
    rates = [a / s for (s, _, a) in row.values() if a is not None and s > 0]
    if alloc / score <= 1.5 * min(rates):
        return "≈0 (%s, background)" % fmt_alloc(alloc)
    return fmt_alloc(alloc) + (" **not 0**" if method in INTO_BUFFER else "")


def every_row(paths):
    """Per row and input: ratio to the fastest baseline, ratio to getBytes+arraycopy (encode), B/op."""
    results = load(paths)
    below = 0
    total = 0
    for label, operation, method in EVERY_ROW:
        keys = sorted((k for (op, k) in results if op == operation), key=input_order)
        if not keys:
            continue
        spec = OPERATIONS[operation]
        print("### %s\n" % label)
        header = ["input", "textwire ns/op", "fastest baseline", "ns/op", "ratio"]
        if operation == "Encode":
            header.append("vs getBytes+arraycopy")
        header.append("textwire B/op")
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for key in keys:
            row = results[(operation, key)]
            if method not in row:
                continue
            score, error, alloc = row[method]
            present = [(m, row[m]) for m in spec["baselines"] if m in row]
            best, (bscore, berror, _) = min(present, key=lambda mv: mv[1][0])
            ratio = bscore / score
            total += 1
            mark = ""
            if ratio < 1.0:
                below += 1
                mark = " **below**"
            cells = [key, fmt_ns(score) + fmt_err(score, error), spec["baselines"][best],
                     fmt_ns(bscore) + fmt_err(bscore, berror), "%.2fx%s" % (ratio, mark)]
            if operation == "Encode":
                copy = row.get("jdkGetBytesArraycopy")
                cells.append("%.2fx" % (copy[0] / score) if copy else "")
            # Decoding allocates its String; everything else must allocate nothing.
            cells.append(fmt_alloc(alloc) if operation == "Decode" else fmt_alloc_against_background(row, method))
            print("| " + " | ".join(cells) + " |")
        print()
    print("%d of %d rows at or above 1.0x; %d below." % (total - below, total, below))


HEADLINE_ROWS = [
    ("encode into byte[]", "Encode", "textwire"),
    ("encode into a direct ByteBuffer", "Encode", "textwireDirectBuffer"),
    ("exact encoded length", "EncodedLength", "textwire"),
    ("decode, strict", "Decode", "textwire"),
    ("validate", "Validate", "textwire"),
]
HEADLINE_INPUTS = ["ascii/512", "latin1/512", "cjk/512", "emoji/512", "mostly_ascii/512", "en", "zh"]


# Issue 16: VectorTier(Validate|Length)Benchmark, whose `source` is a synthetic kind/length or a corpus
# file. GB/s are of the UTF-8 bytes validated, for the corpus files only (read here from corpus/).
VECTOR_PEERS = {"guava": "Guava", "protobuf": "protobuf", "netty": "Netty", "okio": "Okio",
                "nettyHeap": "Netty", "jdkGetBytesArraycopy": "getBytes + copy", "jdkCharsetEncoder": "CharsetEncoder",
                "jdkNewString": "new String", "jdkDecoder": "CharsetDecoder", "protobufRequireUtf8": "protobuf"}
VECTOR_OPERATIONS = {"VectorTierValidateBenchmark": "validate", "VectorTierLengthBenchmark": "exact length",
                     "VectorTierEncodeBenchmark": "encode into byte[]", "VectorTierDecodeBenchmark": "decode, strict"}
CORPUS_PATHS = {"ru": "wikipedia_mars/russian.utf8.txt", "ar": "wikipedia_mars/arabic.utf8.txt",
                "zh": "wikipedia_mars/chinese.utf8.txt", "en": "wikipedia_mars/english.utf8.txt",
                "emoji_lipsum": "lipsum/Emoji-Lipsum.utf8.txt", "ru_lipsum": "lipsum/Russian-Lipsum.utf8.txt",
                "ar_lipsum": "lipsum/Arabic-Lipsum.utf8.txt", "zh_lipsum": "lipsum/Chinese-Lipsum.utf8.txt",
                "latin_lipsum": "lipsum/Latin-Lipsum.utf8.txt"}


def vector_tier(paths):
    import os
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "corpus")
    rows = OrderedDict()
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        for entry in json.load(opener(path, "rt")):
            bench, method = entry["benchmark"].rsplit(".", 1)
            operation = VECTOR_OPERATIONS[bench.rsplit(".", 1)[-1]]
            source = entry["params"]["source"]
            metric = entry["primaryMetric"]
            alloc = entry.get("secondaryMetrics", {}).get("gc.alloc.rate.norm", {}).get("score")
            rows.setdefault((operation, source), {})[method] = (metric["score"], metric["scoreError"], alloc)
    for operation in VECTOR_OPERATIONS.values():
        if not any(op == operation for op, _ in rows):
            continue
        print(f"### {operation}\n")
        gbs = operation != "exact length"
        print("| input | vector ns/op | scalar ns/op | best peer | ns/op | vs peer | vs scalar | vector B/op |"
              + (" vector GB/s |" if gbs else ""))
        print("|---|---|---|---|---|---|---|---|" + ("---|" if gbs else ""))
        for (op, source), methods in rows.items():
            if op != operation or "textwireVector" not in methods:
                continue
            vector = methods["textwireVector"]
            scalar = methods.get("textwire")
            peers = [(VECTOR_PEERS[m], v) for m, v in methods.items() if m in VECTOR_PEERS]
            name, best = min(peers, key=lambda p: p[1][0]) if peers else ("-", None)
            line = (f"| {source} | {fmt_ns(vector[0])} {fmt_err(vector[0], vector[1])} | "
                    + (f"{fmt_ns(scalar[0])} |" if scalar else "- |")
                    + f" {name} | " + (f"{fmt_ns(best[0])} |" if best else "- |")
                    + (f" {best[0] / vector[0]:.2f}x |" if best else " - |")
                    + (f" {scalar[0] / vector[0]:.2f}x |" if scalar else " - |")
                    + f" {fmt_alloc(vector[2])} |")
            if gbs:
                corpus = CORPUS_PATHS.get(source)
                size = os.path.getsize(os.path.join(root, corpus)) if corpus else None
                line += f" {size / vector[0]:.1f} |" if size else " |"
            print(line)
        print()


def headline(paths):
    """One ratio per operation and input: best baseline / textwire, one figure per JDK run given."""
    runs = [load([p]) for p in paths]
    print("| operation | " + " | ".join(HEADLINE_INPUTS) + " |")
    print("|---|" + "---|" * len(HEADLINE_INPUTS))
    for label, operation, method in HEADLINE_ROWS:
        cells = []
        for key in HEADLINE_INPUTS:
            figures = []
            for results in runs:
                row = results.get((operation, key), {})
                present = [row[m][0] for m in OPERATIONS[operation]["baselines"] if m in row]
                figures.append("%.1f" % (min(present) / row[method][0]) if present and method in row else "-")
            cells.append(" / ".join(figures))
        print("| %s | %s |" % (label, " | ".join(cells)))


# The targets of issue 2: (label, operation, our method, baseline methods or None for all, kinds, minimum).
TARGETS = [
    ("encode into byte[]", "Encode", "textwire", None, {"ascii": 1.0, "latin1": 2.0, "mostly_ascii": 2.0, "cjk": 1.5, "emoji": 1.5}),
    ("encode into heap ByteBuffer", "Encode", "textwireHeapBuffer", None, {"ascii": 1.0, "latin1": 2.0, "mostly_ascii": 2.0, "cjk": 1.5, "emoji": 1.5}),
    ("encode into direct ByteBuffer", "Encode", "textwireDirectBuffer", None, {"ascii": 1.0, "latin1": 2.0, "mostly_ascii": 2.0, "cjk": 1.5, "emoji": 1.5}),
    ("encodedLength", "EncodedLength", "textwire", None, {k: 2.0 for k in KIND_ORDER}),
    ("decode strict vs new String", "Decode", "textwire", ["jdkNewString"], {"ascii": 0.9, "latin1": 1.2, "mostly_ascii": 1.2, "cjk": 1.2, "emoji": 1.2}),
    ("validate", "Validate", "textwire", None, {"ascii": 4.0, "mostly_ascii": 4.0, "latin1": 1.5, "cjk": 1.5, "emoji": 1.5}),
]


def targets(paths):
    results = load(paths)
    met = missed = 0
    print("| target | kind | minimum | 512 chars | 65,536 chars | 16 chars (minimum 0.8) |")
    print("|---|---|---|---|---|---|")
    for label, operation, method, baselines, minimums in TARGETS:
        for kind in KIND_ORDER:
            cells = []
            for length in ("512", "65536", "16"):
                row = results.get((operation, "%s/%s" % (kind, length)), {})
                names = baselines or list(OPERATIONS[operation]["baselines"])
                present = [row[m][0] for m in names if m in row]
                if not present or method not in row:
                    cells.append("-")
                    continue
                ratio = min(present) / row[method][0]
                floor = 0.8 if length == "16" else minimums[kind]
                ok = ratio >= floor
                met += ok
                missed += not ok
                cells.append("%.2f %s" % (ratio, "met" if ok else "**missed**"))
            print("| %s | %s | %.1f | %s |" % (label, kind, minimums[kind], " | ".join(cells)))
    print("\n%d met, %d missed." % (met, missed))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--headline"]:
        headline(sys.argv[2:])
    elif sys.argv[1:2] == ["--every-row"]:
        every_row(sys.argv[2:])
    elif sys.argv[1:2] == ["--vector-tier"]:
        vector_tier(sys.argv[2:])
    elif sys.argv[1:2] == ["--targets"]:
        targets(sys.argv[2:])
    else:
        main(sys.argv[1:])
