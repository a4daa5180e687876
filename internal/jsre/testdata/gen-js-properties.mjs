// Generates js-properties.json: for each property name JavaScript accepts
// in \p{…} that sluice derives from Go's tables (or maps to one), the
// code points node's /^\p{name}$/u matches, as [lo, hi] ranges, for
// TestDerivedPropertiesAgreeWithJavaScript.
// Run: node gen-js-properties.mjs > js-properties.json
const names = ["Alphabetic", "Lowercase", "Uppercase", "Cased", "Math", "ID_Start", "ID_Continue", "Grapheme_Extend", "Grapheme_Base",
  "Assigned", "Any", "ASCII", "White_Space", "Dash", "Hex_Digit", "Pattern_Syntax", "Regional_Indicator"];
const out = { unicode: process.versions.unicode };
for (const name of names) {
  const re = new RegExp(`^\\p{${name}}$`, "u");
  const ranges = [];
  for (let cp = 0; cp <= 0x10FFFF; cp++) {
    if (!re.test(String.fromCodePoint(cp))) continue;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === cp - 1) last[1] = cp;
    else ranges.push([cp, cp]);
  }
  out[name] = ranges;
}
process.stdout.write(JSON.stringify(out) + "\n");
