#!/usr/bin/env python3
"""Generates readdiff.in.jsonl: invented inputs for the differential check of
the reader against the reference (run-chunked-read.sh of
shared/reference/processors). A development tool; tests read only the
.jsonl files.

Regenerate:
  python3 gen_readdiff.py > readdiff.in.jsonl
  grep -v '^#' readdiff.in.jsonl | /work/refproc/run-chunked-read.sh > readdiff.ref.jsonl
  (and the same with "size": 10000000 for readdiff.whole.jsonl, see below)
  python3 gen_readdiff.py --whole > readdiff.whole.in.jsonl
  /work/refproc/run-chunked-read.sh < readdiff.whole.in.jsonl > readdiff.whole.jsonl
"""
import json
import random
import sys

WHOLE = "--whole" in sys.argv
rng = random.Random(20261123)
out = []


def add(id_, fmt, config, text):
    config = dict(config)
    config.setdefault("_dead_letter_action", "none")
    if WHOLE:
        config["size"] = 10000000
    out.append({"id": id_, "format": fmt, "config": config, "file_text": text})


def words(n, alphabet):
    return "".join(rng.choice(alphabet) for _ in range(n))


# ldjson: objects, bad lines, arrays, null, blank lines, NULs, long lines
for i in range(40):
    delim = rng.choice(["\n", "\n", "\r\n", "|", "\u00a7"])
    lines = []
    for _ in range(rng.randint(1, 30)):
        k = rng.random()
        if k < 0.75:
            lines.append(json.dumps({"i": rng.randint(0, 999), "s": words(rng.randint(0, 30), "abcxyz é∑😀\\\"")}, ensure_ascii=False))
        elif k < 0.82:
            lines.append("{not json")
        elif k < 0.86:
            lines.append("[1,2]")
        elif k < 0.9:
            lines.append("null")
        elif k < 0.95:
            lines.append("")
        else:
            lines.append('{"nul":"a\u0000b"}')
    text = delim.join(lines) + (delim if rng.random() < 0.6 else "")
    add(f"ldjson-{i}", "ldjson", {"size": rng.randint(5, 120), "line_delimiter": delim}, text)

# raw: any text, single-byte delimiters (multi-byte ones are the reference's bug)
for i in range(30):
    text = words(rng.randint(0, 300), "ab \nxyz,é∑")
    add(f"raw-{i}", "raw", {"size": rng.randint(3, 80)}, text)

# csv/tsv: quoting, delimiters inside quotes, empty cells, extra/missing columns
cells = ["a", "b c", " d ", "", '"q,uoted"', '"say ""hi"""', "x\"y", '"a"b', "é∑", "1.5", "true", "null", "  "]
for i in range(40):
    fmt = rng.choice(["csv", "csv", "tsv"])
    sep = "\t" if fmt == "tsv" else rng.choice([",", ",", ";", "::"])
    fields = ["f1", "f2", "f3"][: rng.randint(0, 3)]
    rows = []
    if fields and rng.random() < 0.5:
        rows.append(sep.join(fields))
    for _ in range(rng.randint(1, 20)):
        rows.append(sep.join(rng.choice(cells) for _ in range(rng.randint(1, 4))))
    text = "\n".join(rows) + ("\n" if rng.random() < 0.7 else "")
    cfg = {"size": rng.randint(8, 100), "fields": fields, "ignore_empty": rng.random() < 0.7,
           "remove_header": rng.random() < 0.8}
    if fmt == "csv":
        cfg["field_delimiter"] = sep
    if rng.random() < 0.15:
        cfg["extra_args"] = {"quote": "off"}
    add(f"{fmt}-{i}", fmt, cfg, text)

# json: whole files
for i, text in enumerate(['[{"a":1},{"b":[1,2]},{"c":{"d":null}}]', '{"single":"é"}', '[{"a":1}, 2, "x", null, {"b":2}]',
                          '  [ ]  ', '[{"k":"v"}]\n']):
    add(f"json-{i}", "json", {"size": 7}, text)

# handcrafted: the reference's bugs and edge cases
add("straddle-crlf", "raw", {"size": 5, "line_delimiter": "\r\n"}, "aaaa\r\nbbbb\r\ncccc\r\n")
add("utf8-split", "raw", {"size": 4}, "ééééé\n∑∑∑∑\n😀😀\n")
add("long-record", "raw", {"size": 10}, "a\n" + "x" * 64 + "\nb\n")
add("no-final-delimiter", "ldjson", {"size": 8}, '{"a":1}\n{"a":2}\n{"a":3}')
add("csv-header-twice", "csv", {"size": 1000, "fields": ["a", "b"]}, "a,b\n1,2\nb,a\n3,4\n")
add("csv-blank-lines", "csv", {"size": 1000, "fields": ["a", "b"]}, "1,2\n\n   \n3,4\n")
add("csv-unclosed-quote", "csv", {"size": 1000, "fields": ["a", "b"]}, '"open,2\n3,4\n')
add("csv-extra-columns", "csv", {"size": 1000, "fields": ["a"]}, "1,2,3\n,,\n")

for o in out:
    print(json.dumps(o, ensure_ascii=False))
