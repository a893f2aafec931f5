#!/usr/bin/env python3
"""Turns JMH JSON results (-rf json) into the Markdown tables of docs/BENCHMARKS.md.

    python3 textwire-benchmarks/report.py results.json [more.json ...] > tables.md

A maintainer's tool (the build and the tests never need it). For every operation and input it prints
textwire's ns/op and B/op, the best baseline of the same run and the ratio baseline / textwire (above 1:
textwire is faster), with the JMH error (99.9%) as a +- percentage so the noise is visible.
"""
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
    ("Validate", {
        "ours": [("textwire", "byte[]")],
        "baselines": {"guava": "Guava", "protobuf": "protobuf", "protobufByteString": "protobuf ByteString",
                      "jdkDecoder": "JDK CharsetDecoder"},
    }),
])

KIND_ORDER = ["ascii", "latin1", "cjk", "emoji", "mostly_ascii"]
CORPUS_ORDER = ["en", "fr", "ru", "zh", "ja", "emoji_lipsum"]


def load(paths):
    """{(operation, input): {method: (score, error, alloc)}}"""
    results = {}
    for path in paths:
        for entry in json.load(open(path)):
            _, cls, method = entry["benchmark"].rsplit(".", 2)
            corpus = cls.endswith("CorpusBenchmark")
            operation = cls[: -len("CorpusBenchmark")] if corpus else cls[: -len("Benchmark")]
            params = entry.get("params", {})
            key = params["corpus"] if corpus else "%s/%s" % (params["kind"], params["length"])
            metric = entry["primaryMetric"]
            alloc = entry.get("secondaryMetrics", {}).get("gc.alloc.rate.norm", {}).get("score")
            results.setdefault((operation, key), {})[method] = (metric["score"], metric["scoreError"], alloc)
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


if __name__ == "__main__":
    main(sys.argv[1:])
