// Generates js-flags.jsonl: how JavaScript (node) reads escapes, braces and
// classes whose meaning depends on the flags, above all on u — property
// escapes, \u{...}, \c, identity escapes, lone { } ], back-references and
// named groups — for TestFlagsAgreeWithJavaScript. Each line is a pattern,
// its flags, node's error message ("" when valid) and, when valid, the text
// exec matches in each input (null: no match).
// Run: node gen-js-flags.mjs > js-flags.jsonl
const atoms = [
  "\\p{L}", "\\P{L}", "\\p{Lu}", "\\P{Lu}", "\\p{Letter}", "\\p{Uppercase_Letter}", "\\p{gc=L}", "\\p{General_Category=Lu}",
  "\\p{Script=Greek}", "\\p{sc=Greek}", "\\p{Script=Grek}", "\\p{Script_Extensions=Greek}", "\\p{Greek}",
  "\\p{ASCII}", "\\p{Any}", "\\p{White_Space}", "\\p{Emoji}", "\\p{Foo}", "\\p{L", "\\p", "\\pL", "\\p{}", "\\p{Lu}+",
  "\\u{1F600}", "\\u{61}", "\\u{2}", "\\u{110000}", "\\u{}", "\\u{1F6", "\\u0061", "\\u006", "\\uD83D\\uDE00", "\\x61", "\\x6",
  "\\c", "\\cA", "\\ca", "\\c1", "\\c_", "{", "}", "]", "a{", "a}", "a{2", "a{,2}", "a{2}", "a{1,}", "a{1,2}", "a{2,1}", "{2}",
  "\\q", "\\-", "\\/", "\\.", "\\a", "\\e", "\\z", "\\A", "\\Z", "\\G", "\\_", "\\8", "\\1", "\\0", "\\00", "\\07", "\\k", "\\k<n>",
  "(a)\\1", "(a)\\2", "(a)\\01", "\\1(a)", "(?<n>a)\\k<n>", "(?<n>a)\\k<m>", "(?<n>a)\\k", "\\k<n>(?<n>a)", "(?<n>a)(?<n>b)",
  "(?<1n>a)", "(?<n>a)\\1", "(?<n>a)|\\k<n>",
  "[\\p{L}]", "[^\\p{L}]", "[\\P{L}]", "[\\p{L}\\d]", "[\\p{Script=Greek}a]", "[\\u{1F600}]", "[\\u{61}]", "[\\u{61}-\\u{63}]", "[\\-]",
  "[\\q]", "[\\d-a]", "[a-\\d]", "[z-a]", "[😀]", "[😀-😂]", "[^😀]", "😀", "[\\b]", "[\\B]", "[\\c1]", "[\\c_]", "[\\c]", "[\\1]",
  "[\\k]", "[\\/]", "[\\.]", "[\\0]", "[\\x61]", "[\\u0061-\\u0063]", "[\\uD83D\\uDE00]", "[{}]", "[\\]]", "[\\p{Lu}-z]",
  ".", "\\w", "\\W", "k", "s", "\\b",
  "\\p{Alphabetic}", "\\p{Lower}", "\\p{Lowercase}", "\\P{Assigned}", "\\p{Math}", "\\p{ID_Start}", "\\p{XID_Start}",
  "\\p{sc=Latn}", "\\p{scx=Grek}", "\\p{LC}", "\\p{gc=Cased_Letter}", "\\P{Ll}", "[^\\P{Ll}]", "[\\P{Any}]", "[^\\P{Any}]",
  "[\\p{Lu}\\p{Ll}]", "[\\p{L}--\\p{Lu}]", "(?<a>.)(?<b>.)\\k<b>", "(?<$>a)", "(?<é>a)", "(?<a1>a)\\k<a1>", "(?<>a)",
  "(?:a|b)\\1", "(a)\\10", "(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10", "a{0}", "a{99999}", "a{2}{3}", "a{,}", "x{1,2}?", "(?=a){2}",
  "(?<!a)?", "\\b+", "[a-]", "[-a]", "[\\w-z]", "[\\s-\\d]", "[]", "[^]", "\\", "(?", "(?<n>", "[\\", "\\u{10FFFF}",
  "\\u{0000000061}", "\\x{61}", "\\c0", "[\\c0]", "\\cz", "[\\cz]", "a|", "|", "()", "(?:)", "a)", "[b-a]", "[\\x62-\\x61]",
];
const forms = [a => a, a => "^" + a + "$", a => "x|" + a + "+"];
const inputs = ["a", "A", "aa", "abc", "é", "É", "α", "Ω", "😀", "😂", "x😀y", "p{L}", "P{Lu}", "pL", "p", "u", "u{1F600}",
  "u".repeat(61), "uu", "{", "}", "]", "a{", "a{2", "a{,2}", "-", "q", "/", ".", "\\c", "\\c1", "c", "\x01", "\x11", "\x1f",
  "1", "8", "\x00", "\x07", "k", "k<n>", "\u212A", "\u017F", "\b", "a\nb", " ", "\u00a0", "_", "e", "z"];
const flagSets = ["", "i", "u", "iu"];
const seen = new Set();
function emit(pattern, flags) {
  const key = flags + "/" + pattern;
  if (seen.has(key)) return;
  seen.add(key);
  let re, error = "";
  try { re = new RegExp(pattern, flags); } catch (e) { error = e.message; }
  const matches = re ? inputs.map(s => { const m = re.exec(s); return m ? m[0] : null; }) : null;
  console.log(JSON.stringify({ pattern, flags, error, matches }));
}
console.log(JSON.stringify({ inputs }));
for (const flags of flagSets) for (const a of atoms) for (const f of forms) emit(f(a), flags);
for (const flags of ["s", "m", "su", "mu"]) for (const a of [".", "^.$", "^\\p{L}$", "^\\u{1F600}$", "^a$", "a{"]) emit(a, flags);
