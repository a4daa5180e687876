#!/usr/bin/env python3
"""Generates exportdiff.in.jsonl: invented inputs for the differential check
of dfs_exporter against the reference's file_exporter (run-format.sh, mode
"exporter", of shared/reference/processors). A development tool; tests read
only the .jsonl files.

  python3 gen_exportdiff.py > exportdiff.in.jsonl
  /work/refproc/run-format.sh < exportdiff.in.jsonl > exportdiff.ref.jsonl
"""
import json

recs = [
    {"id": 1, "name": "ann", "tags": ["a", "b"], "nested": {"x": 1, "y": None}, "ok": True},
    {"id": 2.5, "name": "b\"o,b\n", "extra": "é∑😀"},
    {"name": "", "id": -0.0001, "nested": {"x": "q"}},
    {"id": None, "ok": False, "name": "tab\there"},
]
raw = [{"data": "line one"}, {"data": "é∑ two"}, {"data": ""}, {"data": "x,y\tz"}]
inputs = []


def add(id_, fmt, config, slices):
    inputs.append({"id": id_, "format": fmt, "config": dict(config, format=fmt), "slices": slices, "mode": "exporter"})


for fmt in ["ldjson", "csv", "tsv"]:
    for fps in [True, False]:
        add(f"{fmt}-fps{fps}", fmt, {"file_per_slice": fps}, [recs[:2], recs[2:]])
        add(f"{fmt}-fields-header-fps{fps}", fmt, {"file_per_slice": fps, "include_header": True,
                                                  "fields": ["name", "id", "nested.x"]}, [recs, recs[1:3]])
add("json", "json", {"file_per_slice": True}, [recs, recs[:1]])
add("json-fields", "json", {"file_per_slice": True, "fields": ["id", "nested", "x"]}, [recs])
add("raw", "raw", {"file_per_slice": False}, [raw, raw[:2]])
add("raw-delim", "raw", {"file_per_slice": True, "line_delimiter": "\r\n"}, [raw])
add("csv-delims", "csv", {"file_per_slice": True, "field_delimiter": ";", "line_delimiter": "|"}, [recs])
add("ldjson-gzip", "ldjson", {"file_per_slice": True, "compression": "gzip"}, [recs, recs[:1]])
add("csv-lz4", "csv", {"file_per_slice": True, "compression": "lz4", "include_header": True}, [recs])
add("ldjson-ext", "ldjson", {"file_per_slice": True, "extension": "txt"}, [recs[:1]])
add("empty-slice", "ldjson", {"file_per_slice": True}, [[], recs[:1]])

for o in inputs:
    print(json.dumps(o, ensure_ascii=False))
