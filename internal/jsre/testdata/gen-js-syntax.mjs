// Generates js-syntax.jsonl: random patterns made of the tokens that decide
// a pattern's validity (escapes, groups, classes, braces, quantifiers,
// property escapes), each with node's verdict under the flags "" and "u"
// ("" when valid, else the error message), for
// TestSyntaxAgreesWithJavaScript. Seeded: the output is the same each run.
// Run: node gen-js-syntax.mjs > js-syntax.jsonl
import { seeded } from "./mulberry.mjs";
const rand = seeded(20261126);
const tokens = ["a", "b", "1", "2", "0", ",", "\\", "\\\\", "(", ")", "(?:", "(?=", "(?!", "(?<=", "(?<!", "(?<n>", "(?<m>",
  "[", "]", "[^", "{", "}", "{1}", "{1,}", "{2,1}", "?", "*", "+", "|", "^", "$", "-", "<", ">", "k", "\\k<n>", "\\k<m>", "\\k",
  "p", "\\p{L}", "\\P{Lu}", "\\p{Foo}", "\\p{sc=Greek}", "\\pL", "u", "\\u{61}", "\\u0061", "\\x6", "x", "c", "\\c", "\\cA",
  "\\1", "\\2", "\\8", "\\0", "\\b", "\\B", "\\d", "\\w", "\\s", "\\-", "\\q", "\\/", "\\.", "\\]", "\\{", "é", "😀", ".", "[a-", "\\d-", "[\\", "a-z", "z-a", "\\c1", "(?<$>", "(?<1>", "(?<a", "(?", "\\u{", "\\u{110000}", "\\p{", "\\p{gc=Lu}", "\\P{Any}", "\\00", "\\01", "\\9", "\\k<$>", "\\x61", "\\cz", "\\b{1}", "(?=a)", "(?<=a)", "{,1}", "{01}", "\\u{1F600}", "\\uD83D", "\\uDE00", "]"];
const seen = new Set();
const lines = [];
while (lines.length < 6000) {
  let pattern = "";
  for (let n = 1 + rand(8); n > 0; n--) pattern += tokens[rand(tokens.length)];
  for (const flags of ["", "u"]) {
    const key = flags + "/" + pattern;
    if (seen.has(key)) continue;
    seen.add(key);
    let error = "";
    try { new RegExp(pattern, flags); } catch (e) { error = e.message; }
    lines.push(JSON.stringify({ pattern, flags, error }));
  }
}
console.log(lines.join("\n"));
