// Generates js-exec.jsonl: random patterns (with and without the i flag)
// and inputs, with what JavaScript's RegExp.prototype.exec returns for them
// (the groups' texts, null for undefined; null for no match).
// Run: node internal/jsre/testdata/gen-js-exec.mjs > internal/jsre/testdata/js-exec.jsonl
// Patterns with an empty group under a quantifier are left out: RE2 captures
// "" where JavaScript leaves the group undefined (a known difference).

let seed = 13;
function rand() { // mulberry32: the file is the same on every run
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (a) => a[Math.floor(rand() * a.length)];

const atoms = ["a", "b", "c", "k", "s", "x", "K", "\\/", "0", "é", "\\.", "[ab]", "[^a]", "[a-c]", "[0-9.]", "\\d", "\\s", "\\S",
  "\\w", "\\W", ".", "[^\\n]", "(a|b)", "(ab|c)", "(a|ab)", "(?:x|y)", "(Chrome|Firefox)", "(é|ab)", "\\u00e9", "[Z-a]",
  "\\x6b", "[^k]", "[\\w]", "(k|s)", "\\b", "\\B"];
const quants = ["", "", "", "*", "+", "?", "{2}", "{1,3}", "{0,}", "*?", "+?"];
const pieces = ["a", "b", "c", "k", "K", "s", "S", "x", "/", "0", "9", ".", " ", "\n", "\r", "\u2028", "\u2029", "é", "É",
  "\u00a0", "\u212a", "\u017f", "Chrome", "Firefox", "ab", "abc", "_"];

function pattern() {
  let p = rand() < 0.3 ? "^" : rand() < 0.15 ? "^.*" : "";
  for (let n = 1 + Math.floor(rand() * 4); n > 0; n--) {
    let atom = pick(atoms);
    const second = pick(atoms);
    const empty = (a) => a === "\\b" || a === "\\B"; // a group of assertions can match empty
    if (rand() < 0.15 && !(empty(atom) && empty(second))) atom = "(" + atom + second + ")";
    p += atom + pick(quants);
  }
  const end = rand();
  return p + (end < 0.3 ? "$" : end < 0.4 ? ".*$" : "");
}

function input() {
  let s = "";
  for (let n = Math.floor(rand() * 10); n > 0; n--) s += pick(pieces);
  return s;
}

const out = [];
while (out.length < 1500) {
  const p = pattern();
  const flags = rand() < 0.3 ? "i" : "";
  let re;
  try { re = new RegExp(p, flags); } catch { continue; }
  for (let k = 0; k < 3; k++) {
    const s = input();
    const m = re.exec(s);
    out.push(JSON.stringify([p, flags, s, m && [...m].map((g) => (g === undefined ? null : g))]));
  }
}
console.log(out.join("\n"));
