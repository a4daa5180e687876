// Generates js-match.jsonl: seeded random patterns of escapes, classes,
// groups, back-references, look-arounds and properties under the flags
// "", i, u, iu, s, m and mu, each with random inputs and node's exec result
// on each (the groups of the first match, null for an undefined group; no
// match: null), for TestMatchesAgreeWithJavaScript. Only patterns node
// accepts are kept.
// Run: node gen-js-match.mjs > js-match.jsonl
import { seeded } from "./mulberry.mjs";
const rand = seeded(424242);
const pick = a => a[rand(a.length)];
const atoms = ["a", "b", "A", "é", "É", "😀", ".", "\\d", "\\w", "\\W", "\\s", "\\S", "\\b", "\\B", "[a-c]", "[^a]", "[\\w-]",
  "[é-ü]", "[^\\s\\d]", "\\p{L}", "\\p{Lu}", "\\P{Ll}", "\\p{sc=Greek}", "[\\p{L}\\d]", "\\u{61}", "\\u0061", "\\x41", "k", "s",
  "\u212A", "\u017F", "(a)", "(?:ab)", "(?<n>b)", "(a|b)", "(é|k)", "\\1", "\\k<n>", "(?=a)", "(?!b)", "(?<=a)", "(?<!b)", "^", "$",
  "|", "\\cA", "{", "}", "]", "\\-", "\\.", "\\q", "\\u{1F600}", "[😀-😂]", "σ", "Σ", "ς", "\\0", "\\n", "(\\w+)", "(.)"];
const quants = ["", "", "", "", "*", "+", "?", "{2}", "{1,2}", "*?", "+?", "{0,}"];
const chars = ["a", "b", "A", "B", "c", "é", "É", "ü", "😀", "😂", "k", "K", "\u212A", "s", "S", "\u017F", "_", "1", " ", "\n", "\u2028",
  "\x01", "{", "}", "]", "-", ".", "σ", "Σ", "ς", "α", "\\", "q", "u", "p", "L", "\x00"];
const flagSets = ["", "i", "u", "iu", "s", "m", "mu"];
const lines = [];
const seen = new Set();
while (lines.length < 4000) {
  let pattern = "";
  for (let n = 1 + rand(4); n > 0; n--) pattern += pick(atoms) + pick(quants);
  const flags = pick(flagSets);
  if (seen.has(flags + "/" + pattern)) continue;
  seen.add(flags + "/" + pattern);
  let re;
  try { re = new RegExp(pattern, flags); } catch { continue; }
  const inputs = [];
  for (let k = 0; k < 4; k++) {
    let s = "";
    for (let n = rand(7); n > 0; n--) s += pick(chars);
    inputs.push(s);
  }
  const results = inputs.map(s => { const m = re.exec(s); return m ? [...m].map(g => g === undefined ? null : g) : null; });
  lines.push(JSON.stringify({ pattern, flags, inputs, results }));
}
console.log(lines.join("\n"));
