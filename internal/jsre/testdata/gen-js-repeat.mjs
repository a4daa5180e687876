// Generates js-repeat.jsonl: which patterns JavaScript (node) accepts when
// something is repeated — an atom, an assertion, a lookaround, nothing —
// for TestNothingToRepeatAgreesWithJavaScript. Run: node gen-js-repeat.mjs > js-repeat.jsonl
const atoms = ["a", "^", "$", "\\b", "\\B", "(?=a)", "(?!a)", "(?<=a)", "(?<!a)", "(a)", "(?:a)", "[a]", "\\d", ".", "\\1", "a|", "(", ""];
const quants = ["*", "+", "?", "{2}", "{2,}", "{1,2}", "*?", "+?", "??", "{2}?", "**", "*??", "{", "{x}", "{2", "{,2}"];
const wraps = [p => p, p => "x" + p, p => "(" + p + ")", p => "x|" + p, p => "(?:" + p + ")y"];
const seen = new Set();
for (const flags of ["", "i"]) { // the u flag is stricter in more ways than repetition
  for (const a of atoms) for (const q of quants) for (const w of wraps) {
    const pattern = w(a + q);
    const key = flags + "/" + pattern;
    if (seen.has(key)) continue;
    seen.add(key);
    let valid = true;
    try { new RegExp(pattern, flags); } catch { valid = false; }
    console.log(JSON.stringify({ pattern, flags, valid }));
  }
}
