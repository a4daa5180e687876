package datamate

import (
	"errors"

	"github.com/sluice-dev/sluice/internal/geo"
	"github.com/sluice-dev/sluice/internal/ipx"
	"github.com/sluice-dev/sluice/internal/phone"
	"github.com/sluice-dev/sluice/internal/vjs"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// data-mate FieldValidator functions (validators.md §3.5, wrapper C).

// fieldValidatorSpecs lists the 43 field validators in the repository's
// order.
func fieldValidatorSpecs() []*spec {
	out := typeValidatorSpecs()
	out = append(out, netValidatorSpecs()...)
	out = append(out, numberValidatorSpecs()...)
	out = append(out, stringValidatorSpecs()...)
	out = append(out, formatValidatorSpecs()...)
	out = append(out, ipValidatorSpecs()...)
	return append(out, arrayValidatorSpecs()...)
}

func typeValidatorSpecs() []*spec {
	return []*spec{
		fv(&spec{Name: "isBoolean", Summary: "Is a boolean (true or false, not \"true\"); arrays keep their booleans.",
			Examples: []example{ex(`false`, `false`), ex(`"true"`, "removed"), ex(`[true,null]`, `[true]`)}},
			check(scalarOrLift(func(v any) bool { _, ok := v.(bool); return ok }))),
		fv(&spec{Name: "isBooleanLike", Summary: `Is boolean-like: true, false, 0, 1, "" or (trimmed, any case) "true", "false", "yes", "no", "1", "0".`,
			Examples: []example{ex(`"no"`, `"no"`), ex(`1`, `1`), ex(`"hello"`, "removed")}},
			check(isBooleanLike)),
		holds(stringValidator(&spec{Name: "isEmail", Summary: "Is an e-mail address (the lenient core-utils pattern).",
			Examples: []example{ex(`"user@example.com"`, `"user@example.com"`), ex(`"user-at-nowhere"`, "removed")}},
			vjs.IsEmail), postprocess.FactEmail, postprocess.FactASCII), // an address is ASCII
		fv(&spec{Name: "isGeoJSON", Summary: "Is a GeoJSON geometry object: an array `coordinates` and a type point, polygon or multipolygon (any case).",
			Examples: []example{ex(`{"type":"Point","coordinates":[12,12]}`, `{"type":"Point","coordinates":[12,12]}`), ex(`"hello"`, "removed")}},
			check(scalarOrLift(geo.IsGeoJSON))),
		fv(&spec{Name: "isGeoPoint", Summary: `Is a geo point: "lat,lon", a geohash, {lat,lon}, {latitude,longitude} or a GeoJSON Point (no range check).`,
			Examples: []example{ex(`"33.4,-111.9"`, `"33.4,-111.9"`), ex(`{"lat":1,"lon":2}`, `{"lat":1,"lon":2}`), ex(`"a,b"`, "removed")}},
			check(isGeoPoint)),
		fv(&spec{Name: "isGeoShapePoint", Summary: `Is a GeoJSON object of type "Point" or "point".`,
			Examples: []example{ex(`{"type":"Point","coordinates":[12,12]}`, `{"type":"Point","coordinates":[12,12]}`), ex(`{"type":"Polygon","coordinates":[]}`, "removed")}},
			check(scalarOrLift(geo.IsGeoShapePoint))),
		fv(&spec{Name: "isGeoShapePolygon", Summary: `Is a GeoJSON object of type "Polygon" or "polygon".`,
			Examples: []example{ex(`{"type":"Polygon","coordinates":[[[10,10],[10,50],[50,50],[10,10]]]}`, `{"type":"Polygon","coordinates":[[[10,10],[10,50],[50,50],[10,10]]]}`), ex(`{"type":"Point","coordinates":[12,12]}`, "removed")}},
			check(scalarOrLift(geo.IsGeoShapePolygon))),
		fv(&spec{Name: "isGeoShapeMultiPolygon", Summary: `Is a GeoJSON object of type "MultiPolygon" or "multipolygon".`,
			Examples: []example{ex(`{"type":"MultiPolygon","coordinates":[]}`, `{"type":"MultiPolygon","coordinates":[]}`), ex(`{"type":"Point","coordinates":[12,12]}`, "removed")}},
			check(scalarOrLift(geo.IsGeoShapeMultiPolygon))),
	}
}

func isBooleanLike(v any) bool {
	if arr, ok := v.([]any); ok {
		for _, e := range arr {
			if _, ok := booleanLike(e); !ok {
				return false
			}
		}
		return true
	}
	_, ok := booleanLike(v)
	return ok
}

// isGeoPoint: a [lon, lat] number tuple is one point, other arrays are
// lifted.
func isGeoPoint(v any) bool {
	if arr, ok := v.([]any); ok && !isNumberTuple(arr) {
		return liftBool(arr, geo.IsGeoPoint)
	}
	return v != nil && geo.IsGeoPoint(v)
}

// isNumberTuple is data-mate's isNumberTuple: exactly two numbers.
func isNumberTuple(arr []any) bool {
	return len(arr) == 2 && isNumber(arr[0]) && isNumber(arr[1])
}

func netValidatorSpecs() []*spec {
	return []*spec{
		stringValidator(&spec{Name: "isIP", Summary: "Is a valid IPv4 or IPv6 address (no leading zeros, zones allowed, no CIDR).",
			Examples: []example{ex(`"192.168.0.1"`, `"192.168.0.1"`), ex(`"1.2.3.04"`, "removed"), ex(`"fe80::1%eth0"`, `"fe80::1%eth0"`)}},
			ipx.IsIP),
		fv(&spec{Name: "isISDN", Summary: `Is a valid phone number when read as "+" + value (libphonenumber validity; numbers are stringified).`,
			Examples: []example{ex(`"46707123456"`, `"46707123456"`), ex(`"NOT A PHONE"`, "removed")}},
			check(phone.IsISDN)),
		fv(&spec{Name: "isMACAddress", Summary: "Is a MAC address: six hex pairs separated by the delimiter (colon, space, dash), the dotted form or 12 bare hex digits.",
			Params:   []param{{Name: "delimiter", Type: "string", Default: "any", Doc: "colon, space, dash, dot, none or any (a one-element array is accepted)"}},
			Examples: []example{ex(`"00:1f:f3:5b:2b:1f"`, `"00:1f:f3:5b:2b:1f"`), exArgs(`{"delimiter":"dash"}`, `"00:1f:f3:5b:2b:1f"`, "removed")}},
			buildMAC),
	}
}

var errMACDelimiter = errors.New("expected colon, space, dash, dot, none or any")

func buildMAC(a *args) (validatorFn, error) {
	if v, ok := a.Get("delimiter"); ok {
		if _, err := vjs.DataMateMACDelimiter(record.ToGo(v), true); err != nil {
			return nil, paramErr("delimiter", errMACDelimiter.Error()+", got "+record.JSON(v))
		}
	}
	return vjs.BindDataMateMACAddress(a.Map())
}
