# Development tool, not used by the tests: builds the whole-rule jobs of
# exactness.ndjson, runs them on the reference ts-transforms built by
# shared/reference/ts-transforms/build.sh, and writes the cases:
#   REF=/path/to/ref python3 exactness-gen.py exactness.ndjson
import json, os, subprocess, sys
jobs = []
DEVIATIONS = {"JX-220": "sluice rejects the rule (RUL011): isObject is not a data-mate transform, so the expression can never run; the reference drops every record"}
def add(cid, name, rules, data):
    jobs.append({"id": cid, "name": name, "rules": rules, "data": data})

# exp: extraction-phase expressions (jexl, no transforms)
exp_recs = [{"humidity": 68, "temp": None, "method": None, "host": "h", "n": 7, "items": [{"name": "x", "qty": 2, "price": 5}, {"name": "y", "qty": 1, "price": 7}, {"name": "x", "qty": 3, "price": 9}], "obj": {"b": 2, "a": 1}}]
exps = ["humidity + temp", "method + ' ' + host", "n // 2", "-n // 2", "n // 0", "items[.qty > 1]", "items[.name == 'x'].price",
        "items[.name == 'y'].price * 2", "items[.qty > 5]", "missing + 1", "temp == null", "temp == missing", "[temp, missing, n]",
        "{z: n, a: host}", "obj", "n ^ 2", "host in 'ahb'", "items.name", "2 ^ 0.5", "n % 3 == 1 ? 'yes' : 'no'", "temp ?: 'dflt'"]
for i, e in enumerate(exps):
    add("JX-%03d" % (i + 1), "exp %s" % e, [{"selector": "*", "target": "out", "exp": e}], exp_recs)
# exp with source: the source gates the expression
add("JX-100", "exp with a source that is null runs", [{"selector": "*", "source": "temp", "target": "out", "exp": "humidity + temp"}], exp_recs)
add("JX-101", "exp with a missing source does not run", [{"selector": "*", "source": "nope", "target": "out", "exp": "humidity"}], exp_recs)

base = {"hello": "world", "n": 3, "foo": "bar", "rec": {"b": 1, "a": 2}, "arr": ["<a>", "<b>", "x"]}
copies = [{"selector": "*", "source": k, "target": k, "tag": "t"} for k in base]
trexps = ["hello|truncate", "hello|truncate(null, {size: 2})", "hello|truncate({size: 2})", "hello|truncate({size: 2}, {size: 3})",
          "rec|required(null, {fields: [\"a\"]})", "rec|required({fields: [\"a\"]})", "foo|extract({ jexlExp: \"foo|toUpperCase\" })",
          "foo|extract({jexlExp: 'n * 2'})", "foo|extract({jexlExp: 'n'}) + foo|extract({jexlExp: 'n'})", "foo|extract({regex: 'a(r)'})",
          "foo|extract({regex: 'a(r)', isMultiValue: false})", "foo|extract({start: 'b', end: 'r'})", "arr|extract({start: '<', end: '>'})",
          "arr|extract({regex: '<(.)>'})", "foo|extract", "hello|isString", "hello|contains({value: 'or'})", "hello|contains(null, {value: 'or'})",
          "rec", "{y: rec.b, x: rec.a}", "rec|isObject", "n // 2", "arr[.length > 1]", "foo|extract({jexlExp: 'rec'})",
          "rec|transformRecord({jexlExp: 'a + b', field: 'sum'})", "hello|toUpperCase|truncate({size: 3})", "arr|map({fn: 'toUpperCase'})"]
for i, e in enumerate(trexps):
    add("JX-2%02d" % i, "transformRecord %s" % e, copies + [{"follow": "t", "post_process": "transformRecord", "jexlExp": e, "field": "out"}], [base])
maps = [{"jexlExp": "n * 2"}, {"start": "<", "end": ">"}, {"regex": "<(.)>"}, {"regex": "<(.)>", "isMultiValue": False}, {}, None,
        {"jexlExp": "foo|toUpperCase"}, {"jexlExp": "missing"}, {"start": "<", "end": "z"}, {"regex": "/<(.)>/i"}, {"jexlExp": "rec"},
        {"regex": "(x)|(<)"}]
for i, m in enumerate(maps):
    r = {"follow": "t", "source": "arr", "target": "out", "post_process": "map", "fn": "extract"}
    if m is not None:
        r["options"] = m
    add("JX-3%02d" % i, "map extract %s" % json.dumps(m), copies + [r], [base])

dig = {"s": "hello world", "arr": ["a", "é😀"]}
dcopies = [{"selector": "*", "source": k, "target": k, "tag": "t"} for k in dig]
digs = [("encodeSHA", {"hash": "blake2b512"}), ("encodeSHA", {"hash": "blake2s256"}), ("encodeSHA", {"hash": "sm3"}),
        ("encodeSHA", {"hash": "BLAKE2b512", "digest": "base64"}), ("encodeSHA", {"hash": "SM3", "digest": "base64"}),
        ("sha2encode", {"hash": "blake2b512"}), ("sha2encode", {"hash": "blake2s256"}), ("sha2encode", {"hash": "sm3"})]
for i, (op, a) in enumerate(digs):
    for src in ["s", "arr"]:
        r = {"follow": "t", "source": src, "target": src, "post_process": op}
        r.update(a)
        add("JX-4%02d" % (i * 2 + (src == "arr")), "%s %s on %s" % (op, json.dumps(a), src), dcopies + [r], [dig])

with open("jobs.ndjson", "w") as f:
    for j in jobs:
        f.write(json.dumps({"id": j["id"], "rules_text": "\n".join(json.dumps(r) for r in j["rules"]), "data": j["data"]}) + "\n")
res = subprocess.run([os.path.join(os.environ["REF"], "run-ref-batch.sh"), "jobs.ndjson"], capture_output=True, text=True, check=True).stdout.splitlines()
answers = {a["id"]: a for a in map(json.loads, res)}
with open(sys.argv[1], "w") as out:
    for j in jobs:
        a = answers[j["id"]]
        case = {"id": j["id"], "name": j["name"], "level": "pipeline", "mode": "transform", "rules": j["rules"], "input": j["data"],
                "notes": "computed with the reference ts-transforms 2.18.0 (issue 9)"}
        if j["id"] in DEVIATIONS:
            case["deviation"] = DEVIATIONS[j["id"]]
        if not a["ok"]:
            case["reference_error"] = a.get("error", "")[:200]
            case["level"] = "reference-error"
        else:
            case["expected"] = a["records"]
        out.write(json.dumps(case, ensure_ascii=False) + "\n")
