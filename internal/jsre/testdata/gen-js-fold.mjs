// Generates js-fold.json: JavaScript's Canonicalize without the u flag
// (the i flag's case folding: the character's upper case when that is one
// UTF-16 unit and does not turn a non-ASCII character into an ASCII one)
// for every BMP character it changes, as [character, canonical] pairs, for
// TestCanonicalizeAgreesWithJavaScript.
// Run: node gen-js-fold.mjs > js-fold.json
const pairs = [];
for (let c = 0; c <= 0xFFFF; c++) {
  if (c >= 0xD800 && c <= 0xDFFF) continue;
  const s = String.fromCharCode(c).toUpperCase();
  if (s.length !== 1) continue;
  const u = s.charCodeAt(0);
  if (u !== c && !(c >= 128 && u < 128)) pairs.push([c, u]);
}
process.stdout.write(JSON.stringify({ unicode: process.versions.unicode, pairs }) + "\n");
