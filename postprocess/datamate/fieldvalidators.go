package datamate

import (
	"github.com/sluice-dev/sluice/internal/geo"
	"github.com/sluice-dev/sluice/internal/ipx"
	"github.com/sluice-dev/sluice/internal/vjs"
	"github.com/sluice-dev/sluice/postprocess"
)

// data-mate FieldValidator functions (validators.md §3.5, wrapper C).

// check binds a validator that needs no arguments.
func check(fn func(v any) bool) func(*postprocess.Args) (*postprocess.Impl, error) {
	return func(*postprocess.Args) (*postprocess.Impl, error) {
		return &postprocess.Impl{Validate: func(v any) (bool, error) { return fn(v), nil }}, nil
	}
}

// stringCheck adapts a string predicate: non-strings are invalid.
func stringCheck(fn func(s string) bool) func(v any) bool {
	return func(v any) bool {
		s, ok := v.(string)
		return ok && fn(s)
	}
}

func init() {
	register(
		&postprocess.Spec{Name: "isIP", Kind: postprocess.FieldValidator, Summary: "Is a valid IPv4 or IPv6 address (no leading zeros, zones allowed, no CIDR).",
			Build:    check(stringCheck(ipx.IsIP)),
			Examples: []postprocess.Example{{Input: `"192.168.0.1"`, Output: `"192.168.0.1"`}, {Input: `"1.2.3.04"`, Output: "removed"}, {Input: `"fe80::1%eth0"`, Output: `"fe80::1%eth0"`}}},
		&postprocess.Spec{Name: "isEmail", Kind: postprocess.FieldValidator, Summary: "Is an e-mail address (the lenient core-utils pattern).",
			Build:    check(stringCheck(vjs.IsEmail)),
			Examples: []postprocess.Example{{Input: `"user@example.com"`, Output: `"user@example.com"`}, {Input: `"user-at-nowhere"`, Output: "removed"}}},
		&postprocess.Spec{Name: "isGeoPoint", Kind: postprocess.FieldValidator, Summary: `Is a geo point: "lat,lon", a geohash, {lat,lon}, {latitude,longitude} or a GeoJSON Point (no range check).`,
			Build:    check(geo.IsGeoPoint),
			Examples: []postprocess.Example{{Input: `"33.4,-111.9"`, Output: `"33.4,-111.9"`}, {Input: `{"lat":1,"lon":2}`, Output: `{"lat":1,"lon":2}`}, {Input: `"a,b"`, Output: "removed"}}},
	)
}
