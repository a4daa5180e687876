// Package ipx is a Go port of the address handling in teraslice's
// @terascope/ip-utils (IPAddress, CIDRBlock, IPRange and the isIP /
// isRoutableIP / isNonRoutableIP / isCIDR / inIPRange helpers) as used by
// data-mate validators, the ts-transforms `ip` validation and xLucene
// `ip` / `ip_range` fields.
//
// Semantics that differ from net/netip and are reproduced on purpose:
//
//   - IPv4 is a strict dotted quad (no leading zeros, no other forms).
//   - IPv6 accepts `::`, an embedded dotted-quad tail, any `%zone` suffix
//     (ignored, and an empty zone `fe80::1%` is accepted); hex is
//     case-insensitive. No brackets, no whitespace, no CIDR suffix.
//   - Addresses compare as unsigned 128-bit integers regardless of the
//     version they were written in (`1.2.3.4` == `::1.2.3.4`), but each
//     Addr remembers that version, and CIDR / range containment requires the
//     versions to match.
//   - `::a.b.c.d` (IPv4-compatible notation) and `::ffff:a.b.c.d` are
//     classified for routability by their embedded IPv4 address.
//
// ipx is a leaf package: it imports only the standard library and nothing
// from sluice.
package ipx
