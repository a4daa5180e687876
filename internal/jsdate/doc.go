// Package jsdate reproduces JavaScript (V8) date semantics in Go.
//
// It provides:
//   - Parse: V8's Date.parse / new Date(string) (ES5 ISO 8601 first, then
//     V8's legacy fallback parser, ported from V8's dateparser);
//   - ToISOString: Date.prototype.toISOString;
//   - DateMath: datemath-parser (Elasticsearch-style "now-1d/d",
//     "2021-01-02||+4d");
//   - ParseLenient / ValidDate: @terascope/core-utils getValidDate
//     (Date parse, dashes-to-slashes retry, date math, `ms` durations);
//   - IsAfter / IsBefore: validator.js 13.15.35 isAfter / isBefore;
//   - ToUnixTime, ToISO8601, FormatDate, ParseDate (and their ...Value
//     forms for whole field values, arrays included): the data-mate field
//     transforms of the same name;
//   - Format / ParseFormat: date-fns 4.1.0 `format` and `parse` (every
//     token, en-US locale), which those transforms use;
//   - small JS helpers: ValidDate, NewDate, ToString, FormatNumber, Truthy.
//
// Instants are float64 epoch milliseconds, like a JS Date's time value;
// NaN stands for an Invalid Date and functions that can fail also return
// an ok bool or an error. JavaScript "local time" is the package variable
// Local, which is UTC: sluice is deterministic and every conformance case
// was produced with TZ=UTC. Local must stay UTC (the date-fns port assumes
// a zero offset).
//
// Leaf package: it imports only the standard library (regular expressions
// are compiled at package init) and must not import anything from sluice.
//
// Portions are ports of MIT / BSD licensed code: V8's dateparser
// (BSD-3-Clause, the V8 project authors), date-fns 4.1.0 (MIT, Sasha Koss
// and Lesha Koss), datemath-parser 1.0.6 (MIT, Ran Ding), ms 2.1.3 (MIT,
// Vercel), validator.js 13.15.35 (MIT, Chris O'Hara). The en-US locale
// tables are transcribed from date-fns.
package jsdate
