// Package phone reproduces the phone-number checks of ts-transforms and
// data-mate, which use awesome-phonenumber 7.8.0 (libphonenumber 9.0.24), on
// top of github.com/nyaruka/phonenumbers v1.6.11: IsISDN
// (FieldValidator.isISDN), ToISDN (FieldTransform.toISDN) and NormalizeISDN
// (the deprecated built-in isdn validation). v1.6.11 is the newest release
// whose metadata gives the reference's validity and E.164 form for all 7196
// numbers of testdata/awesome-phonenumber-7.8.0.ndjson (every region's
// example numbers and variants, computed with awesome-phonenumber); later
// releases carry newer number ranges and differ on a few.
//
// awesome-phonenumber only produces a number when it can determine a region:
// from the parsed number, or else from the first one to three characters
// after the "+" read literally as a calling code; a non-geographic region
// ("001", e.g. +800) is rejected. That wrapper rule is emulated here, so
// that e.g. "+(180) 0212345" is rejected although libphonenumber parses it.
//
// Leaf package: it imports only the standard library and nyaruka/phonenumbers,
// nothing from sluice.
package phone
